// Prerendering: `npm run build` builds the browser app, then the same app for Node (src/prerender.tsx), and writes
// every slide's page as HTML (dist/N/index.html, and dist/index.html for the root), so any static host shows a
// slide before a script runs. The browser then hydrates that HTML (src/main.tsx).
//
// A page type is one entry of PAGE_TYPES: which pages it has, the file each goes to, the address the app renders
// there; the template, the slide's preloads and the title are shared. The reader's page (plugin/reader-page.ts) is
// one article of every slide with its stylesheets inside it, written after them.
//
// The pages are rendered first and written last: the Chinese font is cut by what they show (plugin/fonts.ts), and
// every page carries the faces' rules and preloads its own slide's faces, and the theme's faces its text falls in
// (plugin/stylesheet-faces.ts); slide 1's page, the one opened cold, carries its first frame's faces inside it
// instead (plugin/first-frame-faces.ts). The app's script is asked for once the slide has painted
// (src/boot/paint-first.ts).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Plugin, ViteBuilder } from 'vite'
import type { OutputBundle } from 'rolldown'
import { SLIDE_PREFIX } from './deck/modules.ts'
import { READER_PAGE, readerPageHtml, readerStylesheets } from './reader-page.ts'
import { cssForPage, inlineStylesheets, type PageStyle } from './page-styles.ts'
import { buildGlyphUse, CJK_SOURCES, deckFonts } from './fonts.ts'
import { carriedFaceCss, carriedFaces, carriedFacesLoader, type CarriedFace } from './first-frame-faces.ts'
import { pageText } from './font-slices.ts'
import { facesForText, leadingFamilies, stylesheetFaces } from './stylesheet-faces.ts'
import { lap } from './build-timings.ts'
import { isPackageName } from './folders.ts'
import { releaseDiagramChecker } from './markdown/mermaid-check.ts'
import { escapeHtml } from '../shared/html.ts'
import { FACE_ARRIVAL_ATTRIBUTES, SUBSET_FAMILY } from '../shared/fonts.ts'

/** The server entry's exports (src/prerender.tsx). */
export interface PrerenderEntry {
  slides: { no: number; title: string }[]
  config: { routerMode: string }
  loadAll: () => Promise<void>
  renderPage: (url: string) => Promise<string>
  titleOf: (no: number) => string
  /** Each slide's Markdown without its note: diagrams and other text drawn after the first frame. */
  slideTexts: string[]
  /** Holds keys pressed before the app's script has run (src/boot/early-keys.ts). */
  EARLY_KEYS_SCRIPT: string
  /** Loads the app once the page's slide has painted (src/boot/paint-first.ts). */
  paintFirstScript: (entry: string, modules: string[]) => string
}

/** The inline scripts a slide's page carries in its <head>. */
export interface PageScripts {
  earlyKeys: PrerenderEntry['EARLY_KEYS_SCRIPT']
  paintFirst: PrerenderEntry['paintFirstScript']
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

/** The slide whose page carries its first frame's faces instead of preloading them: the page opened cold. */
export const FACES_CARRIED_BY = 1

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
/** Builds so far in this process: each writes its Node build to a folder of its own (Node keeps a module it loaded). */
let builds = 0

/**
 * The template with a page's HTML in #app, its title, its slide's font faces preloaded, and every stylesheet it shows
 * (the app's and its slide's own) written into the page, so it paints after one round trip. The app's modules (the
 * template's entry and preloads, and the slide's own) are asked for by an inline script once the slide has painted.
 */
export function pageHtml(template: string, page: PrerenderedPage, html: string, title: string, preloads: string[], styles: PageStyle[], base: string, scripts: PageScripts, fontPreloads: string[] = []): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(template)
  if (!entry?.[1]) throw new Error("The page template (index.html) has no module script: the app's entry is missing")
  const entryPreloads = [...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)]
  const modules = [...new Set([...entryPreloads.map(([, href]) => href!), ...preloads.filter((href) => !href.endsWith('.css'))])]
  const fonts = fontPreloads.map((href) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${href}" ${FACE_ARRIVAL_ATTRIBUTES}>`).join('')
  const withPage = [entry[0], ...entryPreloads.map(([tag]) => tag)]
    .reduce((text, tag) => text.replace(tag, ''), template)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace('</head>', `${fonts}<script>${scripts.earlyKeys}</script><script>${scripts.paintFirst(entry[1], modules)}</script></head>`)
    .replace(/<div id="app"><\/div>/, `<div id="app" data-prerendered="${escapeHtml(page.url)}">${html}</div>`)
  return inlineStylesheets(withPage, styles, base)
}

/** The stylesheets a template links, in its order (as build files, without the base). */
export function linkedStylesheets(template: string, base: string): string[] {
  return [...template.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g)].flatMap(([, href]) => (href?.startsWith(base) ? [href.slice(base.length)] : []))
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

/**
 * What the Node build gets for a module only the browser loads later (a package imported as the page runs, Monaco's
 * editor): a module that fails if it is ever run, bundled in its place. The bundle then has no `import(…)` of its own:
 * under `reslide` (the engine's TypeScript loaded through tsx), tsx rewrites every ES module with a dynamic import,
 * source map included, and the 1 MB bundle took 0.35–0.55 s of each build's prerendering that way.
 */
const BROWSER_ONLY = '\0deck-browser-only:'


/** The browser-only stand-in's code: an error naming the module, were the prerendering ever to import it. */
export const browserOnlyModule = (id: string): string => `throw new Error(${JSON.stringify(`${id} is loaded in the browser only: the prerendering never imports it`)})`

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
        builder: { sharedConfigBuild: true },
        environments: {
          ssr: {
            // One file: Node then loads one module instead of a chunk per slide, and the build writes one.
            // One folder per build: a second build in one process (the tests', the export's) would otherwise be
            // prerendered by the first's module, which Node's module cache keeps under the same address.
            build: { outDir: `node_modules/.cache/deck-prerender/${process.pid}-${++builds}`, emptyOutDir: true, copyPublicDir: false, ssr: true, rolldownOptions: { input: { prerender: SERVER_ENTRY }, output: { codeSplitting: false }, checks: { bundlerTimings: false } } },
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
      handler(id, importer, options) {
        if (this.environment.name !== 'ssr') return
        // Packages the page imports as it runs (mermaid, the QR code's), and the Monaco editor (its chunk imports style
        // sheets Node cannot load; a prerendered page shows the code): never run by the prerendering.
        if ((options.kind === 'dynamic-import' && isPackageName(id)) || (id === './editor' && importer?.replace(/\\/g, '/').endsWith('/features/monaco/load.ts'))) return BROWSER_ONLY + id
        // Drawn only in the browser: the Node build leaves them out instead of bundling megabytes it never runs.
        if (id === 'mermaid' || id === 'drauu' || /mermaid(\.esm\.min\.mjs|-vendor\.ts)$/.test(id)) return { id, external: true }
      },
    },
    load(id) {
      if (id.startsWith(BROWSER_ONLY)) return browserOnlyModule(id.slice(BROWSER_ONLY.length))
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
      lap('config')
      await builder.build(client)
      // Every slide is transformed, so every diagram checked: the checker's thread goes before the build's peak.
      await releaseDiagramChecker()
      lap('browser bundle')
      await builder.build(server)
      lap('server bundle')
      const dist = resolve(root, client.config.build.outDir)
      // A chunk that only imported CSS (KaTeX's) is dropped from the output after generateBundle: never preload it (its style sheet stays).
      for (const [no, hrefs] of chunksOfSlide) chunksOfSlide.set(no, hrefs.filter((href) => existsSync(join(dist, href.slice(base.length)))))
      const { missing } = await prerender(resolve(root, server.config.build.outDir, 'prerender.js'), dist, chunksOfSlide, {
        base,
        readerCss,
        fontCache: resolve(root, 'node_modules/.cache/deck-fonts'),
      })
      if (missing) client.logger.warn(missing)
      rmSync(resolve(root, server.config.build.outDir), { recursive: true, force: true })
    },
  }
}

/** Writes every page of every page type into `dist`; the unrendered app stays as 404.html for other routes. */
export async function prerender(
  serverEntry: string,
  dist: string,
  chunksOfSlide: Map<number, string[]>,
  options: { base: string; readerCss?: string[]; fontCache: string },
): Promise<{ count: number; missing?: string }> {
  const entry = (await import(pathToFileURL(serverEntry).href)) as PrerenderEntry
  let template = readFileSync(join(dist, 'index.html'), 'utf8')
  await entry.loadAll()
  const history = entry.config.routerMode !== 'hash'
  const pages = await renderAll(entry, history, options.readerCss)
  lap(`render ${pages.length} pages`)

  // The font: each slide's glyphs are those its page shows, its Markdown (diagrams are drawn later) and its
  // components' strings (not its notes, which its own chunk holds); the rest of the app (dialogs, notes, search,
  // reader) gets slices too.
  const slidePages = entry.slides.map(({ no }) => pages.find((p) => p.page.url === `/${no}` && p.page.file !== 'index.html')?.html ?? '')
  const slideCode = entry.slides.map(({ no }, index) =>
    [entry.slideTexts[index] ?? '', ...(chunksOfSlide.get(no) ?? []).slice(1).map((href) => readFileSync(join(dist, href.slice(options.base.length)), 'utf8'))].join(''),
  )
  const elsewhere = [template, pages.find((p) => p.page === READER)?.html ?? '', ...builtText(join(dist, 'assets'))]
  const fonts = await deckFonts({ dist, base: options.base, cacheDir: options.fontCache, use: buildGlyphUse(slidePages, slideCode, elsewhere), slidePages })
  lap('font slices')
  const pageTemplate = template
  template = template.replace('</head>', `${fonts.head}</head>`)
  writeFileSync(join(dist, 'index.html'), template)
  // Every other address (presenter, print, a host's fallback) gets the app without a page in it.
  writeFileSync(join(dist, '404.html'), template)
  // Hash routing has one document for every slide: nothing to prerender.
  if (!history) return { count: 0, missing: fonts.missing }

  const styleOf = new Map<string, PageStyle>()
  const read = (file: string) => styleOf.get(file) ?? styleOf.set(file, { file, css: readFileSync(join(dist, file), 'utf8') }).get(file)!
  const appStyles = linkedStylesheets(template, options.base)
  const facesOf = new Map<string, { faces: ReturnType<typeof stylesheetFaces>; families: Set<string> }>()
  /** The faces a page's stylesheets declare, and the families its text is set in first. */
  const themeFaces = (styles: PageStyle[]) => {
    const key = styles.map((style) => style.file).join('\n')
    if (!facesOf.has(key)) {
      const css = styles.map((style) => cssForPage(style.css, style.file, options.base)).join('\n')
      facesOf.set(key, { faces: stylesheetFaces(css), families: leadingFamilies(css) })
    }
    return facesOf.get(key)!
  }
  // Slide 1's page (the root and /1: one page) carries its first frame's faces and starts loading them from its head
  // (plugin/first-frame-faces.ts).
  const carriedHead = new Map<number, string>()
  const carriedFor = async (no: number, styles: PageStyle[], html: string) => {
    if (no !== FACES_CARRIED_BY || !fonts.faces.length) return ''
    if (!carriedHead.has(no)) {
      const { faces, families } = themeFaces(styles)
      const cjkFiles = Object.fromEntries(Object.entries(CJK_SOURCES).map(([weight, source]) => [weight, source.file]))
      const fileOf = (url: string) => (url.startsWith(options.base) ? join(dist, url.slice(options.base.length)) : undefined)
      // The Chinese serif is cut from the build's TrueType copy of the deck's glyphs, not the compressed source.
      const fontOf = (face: CarriedFace) => (face.family === SUBSET_FAMILY ? fonts.deckFont(face.weight) : readFileSync(face.file))
      const carried = carriedFaces(pageText(html), cjkFiles, faces, families, fileOf)
      const css = await carriedFaceCss(carried, options.fontCache, fontOf)
      const loader = carriedFacesLoader(carried)
      carriedHead.set(no, css ? `<style>${css}</style>${loader ? `<script>${loader}</script>` : ''}` : '')
    }
    return carriedHead.get(no)!
  }
  for (const { page, html } of pages) {
    const file = join(dist, page.file)
    mkdirSync(dirname(file), { recursive: true })
    if (page === READER) {
      // The reader: the whole deck as one article, read with scripts off too, its stylesheets inside the page.
      writeFileSync(file, readerPageHtml(template, html, (options.readerCss ?? []).map(read), options.base))
    } else {
      const preloads = chunksOfSlide.get(page.no) ?? []
      const slideStyles = preloads.filter((href) => href.endsWith('.css')).map((href) => href.slice(options.base.length))
      const styles = [...new Set([...appStyles, ...slideStyles])].map(read)
      const carried = await carriedFor(page.no, styles, html)
      const { faces: declared, families } = themeFaces(styles)
      const faces = carried ? [] : [...fonts.preloads(page.no), ...facesForText(declared, families, pageText(html))]
      const withFonts = pageTemplate.replace('</head>', `${fonts.pageHead(page.no, { carriesFaces: carried !== '' })}</head>`)
      const written = pageHtml(withFonts, page, html, entry.titleOf(page.no), preloads, styles, options.base, { earlyKeys: entry.EARLY_KEYS_SCRIPT, paintFirst: entry.paintFirstScript }, faces)
      // The carried faces come last: after the theme's and the deck's rules, they are the faces drawn for their glyphs.
      writeFileSync(file, carried ? written.replace('</head>', `${carried}</head>`) : written)
    }
  }
  lap('write pages')
  return { count: pages.length, missing: fonts.missing }
}

/** The reader's page among the rendered ones. */
const READER: PrerenderedPage = { url: READER_PAGE.url, file: READER_PAGE.file, no: 0 }

/** Every page's HTML (the play pages even under hash routing: the font is cut by what they show). */
async function renderAll(entry: PrerenderEntry, history: boolean, readerCss?: string[]): Promise<{ page: PrerenderedPage; html: string }[]> {
  const pages = [...PAGE_TYPES.flatMap((type) => type.pages(entry)), ...(history && readerCss ? [READER] : [])]
  const rendered: { page: PrerenderedPage; html: string }[] = []
  for (const page of pages) rendered.push({ page, html: await entry.renderPage(page.url) })
  return rendered
}

/** The text of the build's scripts and stylesheets (the strings the app may show). */
function builtText(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((name) => /\.(js|css)$/.test(name))
    .map((name) => readFileSync(join(dir, name), 'utf8'))
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
