// `npm run export -- --format md,pdf,png,pptx,html`: each asked format in turn, sharing one build, one Chromium and
// one drawn print view between the formats that read slides from it. Every file is written beside its target and
// moved into place only when whole, so a failed export leaves nothing half-written behind.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, relative, resolve } from 'node:path'
import type { Browser } from 'playwright-core'
import { findChromium, launchOffline } from '../browser'
import { buildIfStale } from '../../plugin/build'
import { createProgress } from './progress'
import { exportDeck, readManifest, type DeckManifest } from './run'
import { pdfFileName, type ExportSettings, type Format } from './options'
import { parseRangeString } from '../../shared/range'
import type { DeckSource } from './deck-source'
import { openPrintView, type PrintSession } from './session'
import { openDiagramCache } from './diagram-cache'
import { writeWhole } from '../../plugin/write-whole'

export interface ExportFormatsOptions extends ExportSettings {
  formats: Format[]
  /** png: pixels per slide pixel. */
  scale?: number
}

export interface FormatResult {
  format: Format
  /** A file, or the folder of PNG images. */
  path: string
  bytes: number
  /** Pages, slides, images or sections. */
  count: number
  ms: number
  /** Where the time went, by phase (pdf and pptx), for DECK_EXPORT_TIMINGS. */
  phases?: Record<string, number>
  summary: string
}

const EXTENSION: Record<Format, string> = { pdf: '.pdf', pptx: '.pptx', md: '.md', html: '.html', png: '' }
const NOUN: Record<Format, string> = { pdf: 'pages', pptx: 'slides', md: 'sections', html: 'slides', png: 'images' }

/**
 * Where each format goes. One format: `--output` is its file (the extension added when missing; a folder for png).
 * Several: `--output` (its extension dropped) is the name each format's extension is added to. Without
 * `--output`, the deck's PDF name (download / exportFilename) gives that name.
 */
export function outputPaths(formats: readonly Format[], manifest: Pick<DeckManifest, 'download' | 'exportFilename'>, output?: string, notes = false): Record<Format, string> {
  const pdfName = pdfFileName(manifest, { notes })
  const given = output?.trim()
  const known = /\.(pdf|pptx|md|html?)$/i
  const base = given ? (formats.length === 1 && !known.test(given) ? given : given.replace(known, '')) : pdfName.replace(/\.pdf$/i, '')
  const paths = {} as Record<Format, string>
  for (const format of formats) {
    if (given && formats.length === 1 && known.test(given) && format !== 'png') paths[format] = resolve(given.replace(known, '') + EXTENSION[format])
    else paths[format] = resolve(format === 'png' ? base : `${base}${EXTENSION[format]}`)
  }
  return paths
}

/** Fails at once, before any work, when a target cannot be written (missing rights, a file where a folder is needed). */
export function checkWritable(path: string, folder: boolean): void {
  const dir = folder ? path : dirname(path)
  try {
    if (!folder && existsSync(path) && statSync(path).isDirectory()) throw Object.assign(new Error('it is a folder'), { code: 'EISDIR' })
    mkdirSync(dir, { recursive: true })
    const probe = join(dir, `.export-probe-${process.pid}`)
    writeFileSync(probe, '')
    unlinkSync(probe)
  } catch (error) {
    const e = error as NodeJS.ErrnoException
    const why = e.code === 'EACCES' || e.code === 'EPERM' ? 'permission denied' : e.code === 'EROFS' ? 'read-only file system' : e.code === 'ENOTDIR' || e.code === 'EEXIST' ? 'a file stands where a folder is needed' : e.code === 'EISDIR' ? 'it is a folder' : e.message
    throw new Error(`Cannot write ${path}: ${why}.`, { cause: error })
  }
}


/** Moves a finished image folder into place: the old images of an earlier export go, other files stay. */
function moveImages(from: string, to: string): void {
  mkdirSync(to, { recursive: true })
  for (const name of readdirSync(to)) if (/^\d{3,}(-\d{2,})?\.png$/.test(name)) unlinkSync(join(to, name))
  for (const name of readdirSync(from)) renameSync(join(from, name), join(to, name))
  rmSync(from, { recursive: true, force: true })
}

const plural = (n: number, noun: string) => `${n} ${n === 1 ? noun.replace(/s$/, '') : noun}`
const size = (bytes: number) => (bytes > 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.round(bytes / 1e3)} kB`)

export async function exportFormats(options: ExportFormatsOptions): Promise<{ results: FormatResult[]; warnings: string[] }> {
  const progress = createProgress(options.progress ?? null)
  const formats = options.formats
  const needsBrowser = formats.some((f) => f !== 'md')
  const executablePath = needsBrowser ? findChromium({ executablePath: options.executablePath, headlessShell: true }) : ''
  const dist = resolve(options.root, options.dist)
  if (options.build !== 'never') await buildIfStale(options.entry, dist, progress.line)
  const manifest = readManifest(dist)
  const nos = parseRangeString(manifest.slides.length, options.range)
  if (!nos.length) throw new Error(`Nothing to export: the range "${options.range ?? 'all'}" selects no slide of the ${manifest.slides.length}.`)
  const paths = outputPaths(formats, manifest, options.output, options.notes)
  for (const format of formats) checkWritable(paths[format], format === 'png')

  let source: DeckSource | undefined
  const deckSource = async () => (source ??= (await import('./deck-source')).readDeckSource(options.entry))
  const results: FormatResult[] = []
  const warnings: string[] = []
  /** The one Chromium, launched on first use. */
  let launching: Promise<Browser> | undefined
  const chromium = () => (launching ??= launchOffline(executablePath))
  let session: PrintSession | undefined
  const scale = options.scale ?? 1
  // One diagram cache for the run: every format hands in and keeps diagrams through the same state.
  const diagrams = openDiagramCache({ root: options.root, entry: options.entry })
  /** The print view, opened once and shared by the formats that read slides from it. */
  const printView = async () => {
    session ??= await openPrintView(await chromium(), {
      diagrams,
      dist,
      executablePath,
      manifest,
      range: options.range,
      withClicks: options.withClicks,
      dark: options.dark,
      timeoutMs: options.timeoutMs,
      report: (text) => progress.update(text),
    })
    return session
  }
  try {
    for (const format of formats) {
      const started = Date.now()
      const path = paths[format]
      progress.update(`${format}: starting…`)
      // Each format's module loads only when asked for (pptxgenjs and the rest cost a PDF-only export nothing).
      if (format === 'md') {
        const { notesMarkdown } = await import('./md')
        const text = notesMarkdown(await deckSource(), nos)
        writeWhole(path, text)
        results.push(done(format, path, Buffer.byteLength(text), nos.length, started))
      } else if (format === 'pdf') {
        const pdf = await exportDeck({ ...options, dist, output: path, build: 'never', progress: options.progress, diagrams })
        warnings.push(...pdf.warnings)
        results.push({ ...done(format, pdf.file, pdf.bytes, pdf.pages, started, `${pdf.outlineItems} bookmarks, ${pdf.links.rewritten} slide links`), phases: pdf.ms })
      } else if (format === 'png') {
        const { writePngs } = await import('./png')
        const view = await printView()
        const partial = join(dirname(path), `.${basename(path)}.partial-${process.pid}`)
        try {
          const files = await writePngs(view, partial, { withClicks: Boolean(options.withClicks), scale, size: { width: manifest.canvasWidth, height: manifest.canvasHeight } }, (n, total) => progress.update(`png: image ${n}/${total}`))
          moveImages(partial, path)
          const bytes = files.reduce((sum, f) => sum + statSync(join(path, basename(f))).size, 0)
          results.push(done(format, path, bytes, files.length, started, `at ${scale}×`))
        } finally {
          rmSync(partial, { recursive: true, force: true })
        }
      } else if (format === 'pptx') {
        // Chromium draws the print view while this thread loads pptxgenjs and reads the deck's notes (1.5–2 s of
        // modules under tsx): neither waits for the other.
        const opening = printView()
        opening.catch(() => {})
        const [{ buildPptx }, { notePlainText }, deck] = await Promise.all([import('./pptx'), import('./deck-source'), deckSource()])
        const view = await opening
        const notes = new Map(deck.slides.map((s) => [s.no, notePlainText(s.note)]))
        const built = await buildPptx(
          view,
          { title: deck.title || manifest.title, author: deck.author, lang: deck.lang, canvasWidth: manifest.canvasWidth, canvasHeight: manifest.canvasHeight, pages: view.pages, noteOf: (no) => notes.get(no) ?? '' },
          (step, n, total) => progress.update(`pptx: ${step} ${n}/${total}`),
        )
        warnings.push(...built.warnings)
        writeWhole(path, built.bytes)
        results.push({ ...done(format, path, built.bytes.length, view.pages.length, started, `${plural(built.pictures, 'pictures')}`), phases: { ...view.ms, ...built.ms } })
      } else if (format === 'html') {
        const { exportHtml } = await import('./html')
        const browser = await chromium()
        const html = await exportHtml({
          root: options.root,
          entry: options.entry,
          dist,
          browser,
          executablePath,
          diagramSlides: (await deckSource()).slides.filter((s) => s.hasDiagram).map((s) => s.no),
          diagrams,
          timeoutMs: options.timeoutMs,
          report: (text) => progress.update(`html: ${text}`),
        })
        warnings.push(...html.warnings)
        writeWhole(path, html.text)
        results.push(done(format, path, Buffer.byteLength(html.text), html.slides, started, `${plural(html.diagrams, 'diagrams')} as drawn`))
      }
    }
  } finally {
    progress.done()
    await session?.close()
    // Closing the browser also ends a print view still opening when a format failed meanwhile.
    await (await launching?.catch(() => undefined))?.close().catch(() => {})
  }
  warnings.push(...(session?.warnings ?? []))
  return { results, warnings }
}

function done(format: Format, path: string, bytes: number, count: number, started: number, extra?: string): FormatResult {
  const ms = Date.now() - started
  const where = relative(process.cwd(), path) || path
  const summary = `Wrote ${where}${format === 'png' ? '/' : ''}: ${plural(count, NOUN[format])}, ${size(bytes)}${extra ? `, ${extra}` : ''}, in ${(ms / 1000).toFixed(1)} s`
  return { format, path, bytes, count, ms, summary }
}

