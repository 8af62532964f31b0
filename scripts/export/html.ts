// `--format html`: the whole deck in one file that works from disk with no network: the app built as one script
// (deck's singleFile build: hash routes, no chunks, assets inlined), its styles, font slices and images inlined, and the
// diagrams carried as the SVG Chromium drew for each scheme (no mermaid in the file).
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { extname, join, relative } from 'node:path'
import type { Browser } from 'playwright-core'
import { buildDeck, buildReason } from '../../plugin/build'
import { ENGINE_DIR } from '../../plugin/options'
import { readManifest } from './run'
import { openPrintView } from './session'
import { drawnDiagrams, type DiagramCache } from './diagram-cache'
import type { DrawnDiagrams } from '../../shared/diagram'

export interface HtmlOptions {
  root: string
  entry: string
  /** The regular build, whose print view draws the diagrams. */
  dist: string
  browser: Browser
  executablePath: string
  /** Slides holding a diagram: only they are drawn. */
  diagramSlides: number[]
  timeoutMs?: number
  report: (text: string) => void
  /** Diagrams drawn by earlier exports (see diagram-cache.ts). */
  diagrams?: DiagramCache
}

const MIME: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ico': 'image/x-icon',
}

/** Where the one-file build is kept between exports (rebuilt when the deck or the engine changed). */
export function singleFileDist(root: string): string {
  return join(root, 'node_modules', '.cache', 'deck-export', 'single-file')
}

/** Builds the one-file variant of the app when missing or stale. */
export async function ensureSingleFileBuild(root: string, entry: string, report: (text: string) => void): Promise<string> {
  const out = singleFileDist(root)
  if (buildReason(ENGINE_DIR, entry, out)) {
    report('building the one-file app…')
    await buildDeck({ entry, outDir: out, singleFile: true })
  }
  return out
}


/** Draws the diagram slides in both schemes in the regular build and returns every SVG by its render key. */
async function drawDiagrams(options: HtmlOptions): Promise<{ diagrams: DrawnDiagrams; warnings: string[] }> {
  const diagrams: DrawnDiagrams = {}
  const warnings: string[] = []
  if (!options.diagramSlides.length) return { diagrams, warnings }
  const manifest = readManifest(options.dist)
  for (const dark of [false, true]) {
    options.report(`drawing ${options.diagramSlides.length} diagram slides (${dark ? 'dark' : 'light'})…`)
    const session = await openPrintView(options.browser, {
      dist: options.dist,
      executablePath: options.executablePath,
      manifest,
      range: options.diagramSlides.join(','),
      dark,
      diagrams: options.diagrams,
      timeoutMs: options.timeoutMs,
    })
    try {
      Object.assign(diagrams, await drawnDiagrams(session.page))
      warnings.push(...session.warnings)
    } finally {
      await session.close()
    }
  }
  return { diagrams, warnings }
}

const dataUrl = (file: string) => `data:${MIME[extname(file).toLowerCase()] ?? 'application/octet-stream'};base64,${readFileSync(file).toString('base64')}`

/** Files of the build a page may load by address (images, icons, fonts), as their paths from the build's root. */
function inlinableFiles(dir: string, base = dir): string[] {
  const files: string[] = []
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) files.push(...inlinableFiles(path, base))
    else if (MIME[extname(name).toLowerCase()]) files.push(relative(base, path).split('\\').join('/'))
  }
  return files
}

/** Text safe inside an inline `<script>` or `<style>`: no sequence there can close the element early. */
const inlineSafe = (text: string, tag: 'script' | 'style') => text.replace(new RegExp(`</(${tag})`, 'gi'), '<\\/$1')

/**
 * The one-file document from the built `index.html`: script and styles inline, every file the page would ask for
 * by address as a data URL, the drawn diagrams carried in a global before the app starts.
 */
export function inlineDocument(out: string, diagrams: DrawnDiagrams): { html: string; unresolved: string[] } {
  let html = readFileSync(join(out, 'index.html'), 'utf8')
  const files = inlinableFiles(out)
  const urls = new Map(files.map((f) => [f, dataUrl(join(out, f))]))
  /** Every quoted or url()-wrapped reference to a build file (`/x`, `./x`) becomes its data URL. */
  const inlineRefs = (text: string) =>
    text.replace(/([`'"(])\.?\/((?:assets|images|[\w-]+)\/[^`'"()\s]+?|[\w.-]+\.(?:svg|png|jpe?g|webp|avif|gif|ico|woff2?))([`'")])/g, (match, open: string, path: string, close: string) => {
      const url = urls.get(decodeURI(path))
      return url ? `${open}${url}${close}` : match
    })
  // Every browser that runs the app reads woff2: the woff fallbacks would only double the fonts' weight.
  const dropWoff = (css: string) => css.replace(/,\s*url\(["']?data:font\/woff;base64,[^)]+\)\s*format\(["']?woff["']?\)/g, '')
  html = html.replace(/<script type="module" crossorigin src="\.\/([^"]+)"><\/script>/g, (_m, src: string) => {
    const code = inlineRefs(readFileSync(join(out, src), 'utf8'))
    return `<script>window.__DECK_DIAGRAMS__=${JSON.stringify(diagrams).replace(/</g, '\\u003c')}</script>\n<script type="module">${inlineSafe(code, 'script')}</script>`
  })
  html = html.replace(/<link rel="stylesheet" crossorigin href="\.\/([^"]+)">/g, (_m, href: string) => `<style>${inlineSafe(dropWoff(inlineRefs(readFileSync(join(out, href), 'utf8'))), 'style')}</style>`)
  html = html.replace(/<link rel="icon"([^>]*) href="\.\/([^"]+)"/g, (m, attrs: string, href: string) => (urls.has(href) ? `<link rel="icon"${attrs} href="${urls.get(href)}"` : m))
  html = html.replace(/<style>([\s\S]*?)<\/style>/g, (m, css: string) => (css.includes('url(') ? `<style>${inlineRefs(css)}</style>` : m))
  const unresolved = [...new Set([...html.matchAll(/[`'"(]\.?\/((?:assets|images)\/[^`'"()\s]+)/g)].map((m) => m[1]!))]
  return { html, unresolved }
}

/** Builds (when needed) and inlines the one-file deck. */
export async function exportHtml(options: HtmlOptions): Promise<{ text: string; slides: number; diagrams: number; warnings: string[] }> {
  const out = await ensureSingleFileBuild(options.root, options.entry, options.report)
  const { diagrams, warnings } = await drawDiagrams(options)
  options.report('inlining…')
  const { html, unresolved } = inlineDocument(out, diagrams)
  for (const path of unresolved) warnings.push(`html: ${path} could not be inlined; the file would ask for it`)
  const manifest = readManifest(out)
  return { text: html, slides: manifest.slides.length, diagrams: Object.keys(diagrams).length, warnings }
}
