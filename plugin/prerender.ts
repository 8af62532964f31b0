// Prerendering: `npm run build` builds the browser app, then the same app for Node (src/prerender.tsx), and writes
// every slide's page as HTML (dist/N/index.html, and dist/index.html for the root), so any static host shows a
// slide before a script runs. The browser then hydrates that HTML (src/main.tsx).
//
// A page type is one entry of PAGE_TYPES: which pages it has, the file each goes to, the address the app renders
// there; the template, the slide's preloads and the title are shared. The reader's page (plugin/reader-page.ts) is
// one article of every slide with its stylesheets inside it, written after them.
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Plugin, ViteBuilder } from 'vite'
import type { OutputBundle } from 'rolldown'
import { SLIDE_PREFIX } from './deck/modules'
import { READER_PAGE, readerPageHtml, readerStylesheets } from './reader-page'

/** The server entry's exports (src/prerender.tsx). */
export interface PrerenderEntry {
  slides: { no: number; title: string }[]
  config: { routerMode: string }
  loadAll: () => Promise<void>
  renderPage: (url: string) => Promise<string>
  titleOf: (no: number) => string
  /** Holds keys pressed before the app's script has run (src/boot/early-keys.ts). */
  EARLY_KEYS_SCRIPT: string
}

export interface PrerenderedPage {
  /** The address the app renders (relative to the base, from '/'); the browser hydrates only at this address. */
  url: string
  /** Where the page goes, relative to the build folder. */
  file: string
  /** The slide it shows: its module is preloaded and its title is the page's. */
  no: number
}

export interface PageType {
  name: string
  pages: (entry: PrerenderEntry) => PrerenderedPage[]
}

/** The page types written by the build. The root shows slide 1 (the browser then calls it /1). */
export const PAGE_TYPES: PageType[] = [
  {
    name: 'play',
    pages: ({ slides }) => [
      { url: '/1', file: 'index.html', no: 1 },
      ...slides.map(({ no }) => ({ url: `/${no}`, file: `${no}/index.html`, no })),
    ],
  },
]

const SERVER_ENTRY = 'src/prerender.tsx'
/** The Node build of the app: a build product, never deployed (one folder per build process: builds run side by side). */
const SERVER_OUT = `node_modules/.cache/deck-prerender/${process.pid}`

/** The template with a page's HTML in #app, its title, and its slide's modules preloaded and style sheets linked. */
export function pageHtml(template: string, page: PrerenderedPage, html: string, title: string, preloads: string[], headScript = ''): string {
  const links = preloads.map((href) => (href.endsWith('.css') ? `<link rel="stylesheet" crossorigin href="${href}">` : `<link rel="modulepreload" crossorigin href="${href}">`)).join('')
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace('</head>', `${headScript ? `<script>${headScript}</script>` : ''}${links}</head>`)
    .replace(/<div id="app"><\/div>/, `<div id="app" data-prerendered="${escapeHtml(page.url)}">${html}</div>`)
}

/**
 * The build's files a slide needs: its own chunk and the chunks that chunk imports (statically), and the style sheets
 * they import (a deck component's, KaTeX's), so a prerendered page is styled before its script runs.
 */
function slideChunks(bundle: OutputBundle, base: string): Map<number, string[]> {
  const byFile = new Map(Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])))
  const entries = Object.values(bundle).flatMap((c) => (c.type === 'chunk' && c.isEntry ? [c] : []))
  const entryImports = new Set(entries.flatMap((c) => [c.fileName, ...c.imports]))
  const entryCss = new Set(entries.flatMap((c) => [c, ...c.imports.map((f) => byFile.get(f))]).flatMap((c) => [...(c?.viteMetadata?.importedCss ?? [])]))
  const result = new Map<number, string[]>()
  for (const chunk of byFile.values()) {
    const id = chunk.facadeModuleId ?? ''
    if (!id.startsWith('\0' + SLIDE_PREFIX)) continue
    const files = [chunk.fileName, ...chunk.imports.filter((f) => !entryImports.has(f))]
    const css = files.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]).filter((f) => !entryCss.has(f))
    result.set(Number(id.slice(SLIDE_PREFIX.length + 1)), [...files, ...new Set(css)].map((f) => base + f))
  }
  return result
}

export default function prerenderPlugin(): Plugin {
  let root = process.cwd()
  let base = '/'
  let chunksOfSlide = new Map<number, string[]>()
  let readerCss: string[] = []
  return {
    name: 'deck:prerender',
    // One instance for both builds: the browser build's chunk names reach the pages.
    sharedDuringBuild: true,
    config(_config, { command }) {
      if (command !== 'build') return
      return {
        builder: {},
        environments: {
          ssr: {
            build: { outDir: SERVER_OUT, emptyOutDir: true, copyPublicDir: false, ssr: true, rollupOptions: { input: { prerender: SERVER_ENTRY } } },
          },
        },
      }
    },
    configResolved(config) {
      root = config.root
      base = config.base
    },
    resolveId: {
      order: 'pre',
      handler(id) {
        // Drawn only in the browser: the Node build leaves them out instead of bundling megabytes it never runs.
        if (this.environment.name === 'ssr' && (id === 'mermaid' || id === 'drauu' || id.endsWith('mermaid.esm.min.mjs'))) return { id, external: true }
      },
    },
    configurePreviewServer(server) {
      // `vite preview` answers like a static host: /N with its page (N/index.html), any other route with 404.html.
      const dist = resolve(root, server.config.build.outDir)
      server.middlewares.use((req, _res, next) => {
        if ((req.method !== 'GET' && req.method !== 'HEAD') || !(req.headers.accept ?? '').includes('text/html')) return next()
        const [path = '/', query = ''] = (req.url ?? '/').split('?')
        const page = pageFileFor(dist, decodeURIComponent(path.slice(base.length - 1)))
        if (page) req.url = base + page + (query ? `?${query}` : '')
        next()
      })
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return
      chunksOfSlide = slideChunks(bundle, base)
      readerCss = readerStylesheets(bundle, (id) => id.startsWith('\0' + SLIDE_PREFIX))
    },
    async buildApp(builder: ViteBuilder) {
      const client = builder.environments.client
      const server = builder.environments.ssr
      if (!client || !server) return
      await builder.build(client)
      await builder.build(server)
      const dist = resolve(root, client.config.build.outDir)
      // A chunk that only imported CSS (KaTeX's) is dropped from the output after generateBundle: never preload it (its style sheet stays).
      for (const [no, hrefs] of chunksOfSlide) chunksOfSlide.set(no, hrefs.filter((href) => existsSync(join(dist, href.slice(base.length)))))
      await prerender(resolve(root, server.config.build.outDir, 'prerender.js'), dist, chunksOfSlide, { css: readerCss, base })
      rmSync(resolve(root, server.config.build.outDir), { recursive: true, force: true })
    },
  }
}

/** Writes every page of every page type into `dist`; the unrendered app stays as 404.html for other routes. */
export async function prerender(serverEntry: string, dist: string, chunksOfSlide: Map<number, string[]>, reader?: { css: string[]; base: string }): Promise<number> {
  const entry = (await import(pathToFileURL(serverEntry).href)) as PrerenderEntry
  const template = readFileSync(join(dist, 'index.html'), 'utf8')
  // Every other address (presenter, print, a host's fallback) gets the app without a page in it.
  writeFileSync(join(dist, '404.html'), template)
  // Hash routing has one document for every slide: nothing to prerender.
  if (entry.config.routerMode === 'hash') return 0
  await entry.loadAll()
  let count = 0
  for (const type of PAGE_TYPES) {
    for (const page of type.pages(entry)) {
      const file = join(dist, page.file)
      mkdirSync(dirname(file), { recursive: true })
      writeFileSync(file, pageHtml(template, page, await entry.renderPage(page.url), entry.titleOf(page.no), chunksOfSlide.get(page.no) ?? [], entry.EARLY_KEYS_SCRIPT))
      count += 1
    }
  }
  if (reader) {
    // The reader: the whole deck as one article, read with scripts off too, its stylesheets inside the page.
    const file = join(dist, READER_PAGE.file)
    mkdirSync(dirname(file), { recursive: true })
    const styles = reader.css.map((css) => ({ file: css, css: readFileSync(join(dist, css), 'utf8') }))
    writeFileSync(file, readerPageHtml(template, await entry.renderPage(READER_PAGE.url), styles, reader.base))
    count += 1
  }
  return count
}

/**
 * The HTML file a static host answers `path` (relative to the base) with: the page prerendered there, else 404.html
 * for a route of the app (a path without a file extension); null when it names a file (or the root, index.html).
 */
export function pageFileFor(dist: string, path: string): string | null {
  if (path === '/' || /\.[a-z0-9]+$/i.test(path) || path.includes('\0')) return null
  const dir = resolve(dist, '.' + path)
  if (!dir.startsWith(dist)) return null
  const index = join(dir, 'index.html')
  if (existsSync(index) && statSync(index).isFile()) return index.slice(dist.length + 1).split('\\').join('/')
  return existsSync(join(dist, '404.html')) ? '404.html' : null
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}
