// Exports a built deck to PDF: one print document (/print) rendered once and printed with one page.pdf call.
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { findChromium, launchOffline } from '../browser'
import { buildIfStale } from '../../plugin/build'
import { serveStatic } from '../../server/static'
import { SERVER_FILES, serverFilesDir } from '../../shared/server-files'
import { drawnDiagrams, openDiagramCache, type DiagramCache } from './diagram-cache'
import { newPrintContext } from './print-context'
import { outputName, pdfFileName, type ExportSettings } from './options'
import { createProgress } from './progress'
import type { DeckManifest } from '../../plugin/deck/build-outputs'

export type { DeckManifest }

/** A4 height in CSS pixels (297 mm at 96 px per inch): the handout's page height. */
const A4_HEIGHT_PX = (297 / 25.4) * 96

export function readManifest(dist: string): DeckManifest {
  const file = join(dist, 'deck-manifest.json')
  let manifest: DeckManifest
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'is missing' : 'is not valid JSON'
    throw new Error(`${file} ${why}: build the deck first (npm run build), or let the export build it (drop --skip-build).`, { cause: error })
  }
  if (!Array.isArray(manifest.slides) || !manifest.canvasWidth || !manifest.canvasHeight) throw new Error(`${file} is not a deck manifest (no slides or canvas size).`)
  return manifest
}

export interface ExportOptions extends ExportSettings {
  /** Where CHROMIUM_PATH is read (process.env unless given). */
  env?: Record<string, string | undefined>
  /** The diagram cache and the deck's text, when the caller has them open (one cache per export run). */
  diagrams?: DiagramCache
}

export interface ExportResult {
  file: string
  pages: number
  bytes: number
  outlineItems: number
  links: { rewritten: number; removed: number }
  ms: Record<string, number> & { total: number }
  warnings: string[]
}

export async function exportDeck(options: ExportOptions): Promise<ExportResult> {
  const started = Date.now()
  const ms: Record<string, number> = {}
  const lap = (name: string, since: number) => (ms[name] = Date.now() - since)
  const progress = createProgress(options.progress ?? null)
  // The browser first: a missing Chromium should fail before a build takes its time.
  const executablePath = findChromium({ executablePath: options.executablePath, env: options.env, headlessShell: true })
  const dist = resolve(options.root, options.dist)
  if (options.build !== 'never') {
    const built = await buildIfStale(options.entry, dist, progress.line)
    if (built) ms.build = built
  }
  const manifest = readManifest(dist)
  const file = resolve(options.output ? outputName(options.output) : pdfFileName(manifest, { notes: options.notes }))
  // A deck with a presenter password keeps its notes beside the build, for `npm run serve` to hand to a presenter:
  // the handout is printed through that server, with a password made for this export alone.
  const notesKey = options.notes && existsSync(join(serverFilesDir(dist), SERVER_FILES.notes)) ? randomBytes(18).toString('base64url') : null
  const server = notesKey ? await (await import('../../server/index')).startServer({ dir: dist, port: 0, password: notesKey, log: () => {} }) : await serveStatic(dist)
  // The PDF's finishing library loads while Chromium draws (it takes Node about half a second).
  const finishing = import('./pdf-finish')
  finishing.catch(() => {})
  const diagrams = options.diagrams ?? openDiagramCache({ root: options.root, entry: options.entry })
  let browser: Browser | undefined
  const warnings: string[] = []
  try {
    let t = Date.now()
    // Nothing leaves the machine: any host but the export server resolves to nothing at once.
    browser = await launchOffline(executablePath)
    lap('launch', t)
    const context = await newPrintContext(browser, { width: manifest.canvasWidth, height: manifest.canvasHeight, dark: options.dark, diagrams, dist })
    const page = await context.newPage()
    // Laid out for print from the start: page.pdf then finds most of the layout done (about a fifth of its time).
    await page.emulateMedia({ media: 'print' })
    page.on('pageerror', (error) => warnings.push(`page error: ${error.message}`))
    page.on('console', (message) => {
      // Failed loads are reported below with their address, which the console line lacks.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) warnings.push(`console: ${message.text()}`)
    })
    page.on('requestfailed', (request) => warnings.push(failedLoad(request.url(), server.url, request.failure()?.errorText)))
    page.on('response', (response) => {
      if (response.status() >= 400) warnings.push(`could not load ${response.url()} (HTTP ${response.status()})`)
    })

    const query = new URLSearchParams()
    if (options.range) query.set('range', options.range)
    if (options.withClicks) query.set('print', 'clicks')
    if (notesKey) query.set('password', notesKey)
    const path = options.notes ? '/presenter/print' : '/print'
    t = Date.now()
    await page.goto(`${server.url}${path}${query.size ? `?${query}` : ''}`, { waitUntil: 'domcontentloaded' })
    await waitForReady(page, options.timeoutMs ?? 120_000, (text: string) => progress.update(text))
    lap('render', t)
    diagrams.keep(await drawnDiagrams(page))
    // The render's parts, from the print view's marks: the app starting, the slides and diagrams loading, the pages drawn.
    Object.assign(ms, await page.evaluate(() => {
      const at = (name: string) => performance.getEntriesByName(`deck-print:${name}`)[0]?.startTime ?? 0
      return { 'render.app': Math.round(at('load-start')), 'render.slides': Math.round(at('loaded') - at('load-start')), 'render.pages': Math.round(at('ready') - at('loaded')) }
    }))

    const layout = await page.evaluate(() => ({
      ids: [...document.querySelectorAll('.print-slide-container, .print-handout-page')].map((el) => el.id),
      heights: [...document.querySelectorAll('.print-handout-page')].map((el) => el.getBoundingClientRect().height),
      failed: [...document.querySelectorAll('.slidev-page[data-loaded="false"]')].map((el) => Number(el.getAttribute('data-slidev-no'))),
      lang: document.documentElement.lang,
    }))
    if (!layout.ids.length) throw new Error(`Nothing to export: the range "${options.range ?? 'all'}" selects no slide of the ${manifest.slides.length}.`)
    if (layout.failed.length) throw new Error(`Slide${layout.failed.length > 1 ? 's' : ''} ${[...new Set(layout.failed)].join(', ')} failed to load; see the messages above.`)

    // Where each slide starts in the PDF: one page per print page; a handout page may run over several sheets.
    const firstPage = new Map<number, number>()
    let pageCount = 0
    layout.ids.forEach((id, i) => {
      const no = Number(id.slice(0, id.indexOf('-')))
      if (!firstPage.has(no)) firstPage.set(no, pageCount)
      pageCount += options.notes ? Math.max(1, Math.ceil(((layout.heights[i] ?? 0) - 1) / A4_HEIGHT_PX)) : 1
    })

    t = Date.now()
    progress.update(`Printing ${layout.ids.length} page${layout.ids.length === 1 ? '' : 's'} to PDF…`)
    // Tagged: headings, reading order and alt text reach screen readers (Chromium's structure tree); the bookmarks
    // come from the slide titles in finishPdf, so Chromium's own outline is not asked for.
    const printed = await page.pdf({ preferCSSPageSize: true, printBackground: true, tagged: true })
    lap('pdf', t)

    t = Date.now()
    const outline = manifest.slides
      .filter((s) => firstPage.has(s.no))
      .map((s) => ({ title: s.title ?? '', level: s.level ?? 1, pageIndex: firstPage.get(s.no) ?? 0 }))
    const { finishPdf } = await finishing
    const finished = await finishPdf(printed, {
      title: manifest.title,
      author: manifest.author,
      language: layout.lang || undefined,
      // CSS pixels are 3/4 of a point: 980 × 552 px slides are 735 × 414 pt pages.
      pageSize: options.notes ? undefined : { width: manifest.canvasWidth * 0.75, height: manifest.canvasHeight * 0.75 },
      outline,
      origin: server.url,
      slidePage: firstPage,
    })
    if (options.notes && finished.pages !== pageCount) warnings.push(`the handout has ${finished.pages} pages where ${pageCount} were expected; bookmarks may be off by a page`)
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, finished.bytes)
    lap('finish', t)
    const total = Date.now() - started
    progress.done()
    return { file, pages: finished.pages, bytes: finished.bytes.length, outlineItems: finished.outlineItems, links: finished.links, ms: { ...ms, total }, warnings }
  } finally {
    progress.done()
    await browser?.close().catch(() => {})
    await server.close()
  }
}

/** The warning for an address the page could not load: outside the build, the export's being offline is why. */
export function failedLoad(url: string, origin: string, error = 'failed'): string {
  return `could not load ${url}${url.startsWith(origin) ? ` (${error})` : ' (the export runs offline: only files of the build load)'}`
}

/** "slide 6, 11, 16 and 4 more": short enough for one terminal line. */
function slideList(nos: string[]): string {
  const unique = [...new Set(nos)]
  const shown = unique.slice(0, 6).join(', ')
  return `slide${unique.length > 1 ? 's' : ''} ${shown}${unique.length > 6 ? ` and ${unique.length - 6} more` : ''}`
}

/**
 * Waits for `<html data-print-ready="true">`, showing the print view's progress; on timeout names the slides
 * still drawing (elements with data-deck-pending) so the author knows where to look.
 */
export async function waitForReady(page: Page, timeoutMs: number, report: (text: string) => void) {
  const deadline = Date.now() + timeoutMs
  let last = ''
  for (;;) {
    const state = await page.evaluate(() => {
      const root = document.querySelector('.print-root')
      return {
        ready: document.documentElement.dataset.printReady === 'true',
        progress: root?.getAttribute('data-print-progress') ?? '',
        pages: root?.getAttribute('data-print-pages') ?? '',
        pending: [...document.querySelectorAll('.print-root [data-deck-pending], .print-root [aria-busy="true"]')].map((el) => el.closest('[data-slidev-no]')?.getAttribute('data-slidev-no') ?? '?'),
      }
    })
    if (state.ready) {
      report(`Rendered ${state.pages}/${state.pages} pages`)
      return
    }
    const [done, total] = state.progress.split('/')
    const text = !state.progress ? 'Starting the print view…' : done !== total ? `Loading slides ${done}/${total}` : `Drawing ${state.pages} pages${state.pending.length ? ` (waiting on ${slideList(state.pending)})` : ''}`
    if (text !== last) report((last = text))
    if (Date.now() > deadline) {
      const pending = [...new Set(state.pending)]
      throw new Error(
        pending.length
          ? `Timed out after ${timeoutMs / 1000} s: slide${pending.length > 1 ? 's' : ''} ${pending.join(', ')} still drawing (an element marked data-deck-pending or aria-busy never finished). Raise --timeout or fix the slide.`
          : `Timed out after ${timeoutMs / 1000} s waiting for the print view (${text}). Raise --timeout, or check the browser messages above.`,
      )
    }
    // Short waits: the whole export is meant to take a few seconds.
    await page.waitForFunction(() => document.documentElement.dataset.printReady === 'true', undefined, { timeout: 300, polling: 50 }).catch(() => {})
  }
}
