// The deck's Vite plugin: parse slides.md → analyse each slide → virtual modules → per-slide HMR.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { dirname, relative, resolve } from 'node:path'
import type { Plugin, ViteDevServer, ModuleNode } from 'vite'
import { parseDeck, type Deck, type DeckError, type Slide } from './parser'
import { pageTitle } from '../shared/config'
import { analyzeSlide, highlightSlide, renderNote, renderInfo, plainSlideText, type AnalyzedSlide } from './markdown/pipeline'
import { slideModuleCode } from './markdown/to-module'
import { createEditorMiddleware } from './editor'
import { deckGlyphs, fontFaceCss, subsetDeckFonts } from './fonts'
import { HOT_EVENTS, SOCKET_EVENTS } from '../shared/events'

export const LIST_ID = 'virtual:deck/slides'
export const SLIDE_PREFIX = 'virtual:deck/slide/'
export const SEARCH_ID = 'virtual:deck/search'
export const THEME_ID = 'virtual:deck/theme'
export const SHORTCUTS_ID = 'virtual:deck/setup/shortcuts'

/** A deck's own shortcuts: setup/shortcuts.(ts|js|mjs) beside the deck file, if there is one. */
export function shortcutsSetupFile(deckFile: string): string | undefined {
  return ['ts', 'js', 'mjs'].map((ext) => resolve(dirname(deckFile), 'setup', `shortcuts.${ext}`)).find((file) => existsSync(file))
}

/** The deck file every command uses: `SLIDES_ENTRY` when set, else slides.md. */
export function deckEntry(root: string): string {
  return resolve(root, process.env.SLIDES_ENTRY || 'slides.md')
}

/** One line per error, naming slide and line, for overlays, terminals and failed builds. */
export function formatDeckErrors(errors: DeckError[], root: string): string {
  return errors
    .map((e) => `${e.file ? relative(root, e.file) : 'deck'}:${e.line}${e.slide ? ` (slide ${e.slide})` : ''}: ${e.message}`)
    .join('\n')
}

interface SlideState {
  slide: Slide
  analyzed: AnalyzedSlide
  noteHtml: string
}

export default function deckPlugin(): Plugin {
  let root = process.cwd()
  let entry = deckEntry(root)
  let isBuild = false
  let baseUrl = '/'
  let deck: Deck | null = null
  let states: SlideState[] = []
  let errors: DeckError[] = []
  let server: ViteDevServer | undefined
  const analysisCache = new Map<string, AnalyzedSlide>()
  /** Public URLs of the Chinese serif subsets emitted by this build, per weight. */
  let fontUrls: Record<string, string> = {}

  const readFile = (path: string): string | undefined => {
    if (!existsSync(path)) return undefined
    if (statSync(path).isDirectory()) throw new Error(`${relative(root, path) || path} is a folder, not a Markdown file: name a file inside it.`)
    return readFileSync(path, 'utf8')
  }

  /** Parses the deck; returns the errors and keeps the last good deck when there are any. */
  const load = (): DeckError[] => {
    let source: string | undefined
    try {
      source = readFile(entry)
    } catch (error) {
      return [{ line: 1, message: (error as Error).message, file: entry }]
    }
    if (source === undefined) return [{ line: 1, message: `Deck file not found: ${entry}. Create slides.md or set SLIDES_ENTRY.`, file: entry }]
    const next = parseDeck(source, { filepath: entry, root, readFile })
    const checked = checkThemeAndLayouts(next, root, entry)
    next.errors.push(...checked.errors)
    next.warnings.push(...checked.warnings)
    if (next.errors.length && deck) return next.errors
    if (!next.slides.length) next.errors.push({ line: 1, message: 'The deck has no slides.', file: entry })
    // The one-file HTML export: hash routes (no server to answer /N), drawings never kept (spec: "drawing, not kept").
    if (process.env.DECK_SINGLE_FILE) next.config = { ...next.config, routerMode: 'hash', drawings: { ...next.config.drawings, persist: false } }
    deck = next
    states = next.slides.map((slide) => ({ slide, analyzed: analyze(slide, next), noteHtml: noteHtmlOf(slide.note) }))
    return next.errors
  }

  /** Notes rendered once per text: an edit re-renders only the notes it touched (all of them cost ~150 ms). */
  const noteCache = new Map<string, string>()
  const noteHtmlOf = (note: string): string => remember(noteCache, note, () => renderNote(note))

  const analyze = (slide: Slide, current: Deck): AnalyzedSlide => {
    const bound = slide.content.includes('$slidev.configs') ? JSON.stringify(current.headmatter) : ''
    const key = `${current.slides.length}\0${JSON.stringify(slide.frontmatter.clicks)}\0${JSON.stringify(current.config.mermaid)}\0${bound}\0${slide.content}`
    return remember(analysisCache, key, () =>
      analyzeSlide(slide.content, {
        total: current.slides.length,
        frontmatter: slide.frontmatter,
        mermaid: current.config.mermaid,
        lineNumbers: current.config.lineNumbers,
        codeCopy: current.config.codeCopy,
        configs: current.headmatter,
        publicDir: resolve(root, 'public'),
        deckDir: dirname(slide.filepath ?? entry),
        // A build checks diagrams in mermaid's worker while it bundles, and reports them at the end.
        checkDiagrams: isBuild ? 'later' : true,
      }),
    )
  }

  /** A warning about a slide, naming the slide and its line in the deck file. */
  const warningOf = (state: SlideState, m: { line?: number; message: string }): string => {
    const line = m.line ? state.slide.contentStart + m.line : state.slide.start + 1
    return `slide ${state.slide.no} (${relative(root, state.slide.filepath ?? entry)}:${line}): ${m.message}`
  }
  const warnings = (state: SlideState): string[] => state.analyzed.messages.map((m) => warningOf(state, m))

  const listModule = (): string => {
    const current = deck!
    const slides = states.map(({ slide, analyzed }) => {
      const meta = {
        no: slide.no,
        title: slide.title,
        level: slide.level,
        layout: slide.layout,
        frontmatter: slide.frontmatter,
        clicks: analyzed.clicks,
        start: slide.start,
        end: slide.end,
        contentStart: slide.contentStart,
        file: relative(root, slide.filepath ?? entry),
        hasNote: slide.note.trim() !== '',
        duration: slide.duration,
      }
      return `{ ...${JSON.stringify(meta)}, load: () => import(${JSON.stringify(SLIDE_PREFIX + slide.no)}) }`
    })
    const shownErrors = isBuild ? [] : errors
    return [
      `export const config = ${JSON.stringify(current.config)}`,
      `export const infoHtml = ${JSON.stringify(renderInfo(current.config.info))}`,
      `export const slides = [\n${slides.join(',\n')}\n]`,
      `export const errors = ${JSON.stringify(shownErrors.map((e) => ({ ...e, file: e.file ? relative(root, e.file) : undefined })))}`,
      `export const warnings = ${JSON.stringify(isBuild ? [] : shownWarnings())}`,
      `if (import.meta.hot) import.meta.hot.accept((mod) => { if (mod) window.dispatchEvent(new CustomEvent(${JSON.stringify(HOT_EVENTS.listUpdate)}, { detail: mod })) })`,
    ].join('\n')
  }

  /** Each slide's module code per analysis, so the prerendering build does not highlight the deck again. */
  const moduleCache = new WeakMap<AnalyzedSlide, { noteHtml: string; code: Promise<string> }>()
  const slideModule = (no: number): Promise<string> => {
    const state = states[no - 1]
    if (!state) return Promise.resolve(`export const no = ${no}\nexport const noteHtml = ''\nexport const slots = { default: null }`)
    if (!isBuild) return makeSlideModule(no, state)
    const cached = moduleCache.get(state.analyzed)
    if (cached && cached.noteHtml === state.noteHtml) return cached.code
    const code = makeSlideModule(no, state)
    moduleCache.set(state.analyzed, { noteHtml: state.noteHtml, code })
    return code
  }
  const makeSlideModule = async (no: number, state: SlideState): Promise<string> => {
    const highlighted = await highlightSlide(state.analyzed.hast, deck!.config)
    return slideModuleCode({
      no,
      hast: highlighted,
      noteHtml: state.noteHtml,
      styles: state.analyzed.styles,
      onUnknownComponent: (tag) => console.warn(`[deck] slide ${no}: no component for <${tag}>`),
    })
  }

  const searchModule = (): string =>
    [
      `export default ${JSON.stringify(states.map(({ slide }) => ({ no: slide.no, title: slide.title, text: plainSlideText(slide.content), note: plainSlideText(slide.note) })))}`,
      // Accepted here so an edit never re-runs the app's modules (which would drop the loaded slides); goto re-reads it.
      `if (import.meta.hot) import.meta.hot.accept((mod) => { if (mod) window.dispatchEvent(new CustomEvent(${JSON.stringify(HOT_EVENTS.searchUpdate)}, { detail: mod.default })) })`,
    ].join('\n')

  const themeModule = (): string => {
    const theme = deck?.config.theme ?? 'seriph'
    const dir = resolve(root, 'themes', theme)
    if (!existsSync(dir)) throw new Error(`Theme "${theme}" not found: expected a folder themes/${theme}.`)
    const layoutDir = resolve(dir, 'layouts')
    const layouts = existsSync(layoutDir) ? readdirSync(layoutDir).filter((f) => f.endsWith('.tsx')) : []
    return [
      existsSync(resolve(dir, 'index.css')) ? `import ${JSON.stringify(`/themes/${theme}/index.css`)}` : '',
      ...layouts.map((f, i) => `import L${i} from ${JSON.stringify(`/themes/${theme}/layouts/${f}`)}`),
      `export const name = ${JSON.stringify(theme)}`,
      `export const layouts = { ${layouts.map((f, i) => `${JSON.stringify(f.replace(/\.tsx$/, ''))}: L${i}`).join(', ')} }`,
    ].join('\n')
  }

  /** The deck's warnings as the dev overlay shows them (paths relative to the project). */
  const shownWarnings = () => (deck?.warnings ?? []).map((e) => ({ ...e, file: e.file ? relative(root, e.file) : undefined }))

  const deckFiles = (): Set<string> => new Set([entry, ...states.map((s) => s.slide.filepath ?? entry)])

  /**
   * The file watcher can miss the second of two writes made a few milliseconds apart (seen with an
   * edit and its undo), which would leave a fixed deck behind an error overlay. So each handled change
   * looks at the file again shortly after, and replays the change when its text moved on meanwhile.
   */
  const handledText = new Map<string, string | undefined>()
  const recheckLater = (file: string, devServer: ViteDevServer) => {
    handledText.set(file, readFile(file))
    setTimeout(() => {
      if (readFile(file) !== handledText.get(file)) devServer.watcher.emit('change', file)
    }, 300).unref()
  }

  const moduleOf = (id: string): ModuleNode | undefined => server?.moduleGraph.getModuleById('\0' + id)

  const listMeta = (s: SlideState) =>
    JSON.stringify([s.slide.title, s.slide.level, s.slide.layout, s.slide.frontmatter, s.analyzed.clicks, s.slide.start, s.slide.end, s.slide.note !== ''])

  return {
    name: 'deck',
    enforce: 'pre',
    // One instance for the browser build and the prerendering one: the deck is parsed and highlighted once.
    sharedDuringBuild: true,
    configResolved(config) {
      root = config.root
      entry = deckEntry(root)
      isBuild = config.command === 'build'
      baseUrl = config.base
    },
    async buildStart() {
      // The prerendering build (plugin/prerender.ts) reuses what the browser build loaded, warned and emitted.
      if (isBuild && this.environment.name !== 'client' && deck) return
      errors = load()
      if (isBuild && errors.length) this.error(`The deck has errors:\n${formatDeckErrors(errors, root)}`)
      if (!deck) this.error(formatDeckErrors(errors, root))
      for (const state of states) for (const w of warnings(state)) this.warn(w)
      for (const w of deck.warnings) this.warn(formatDeckErrors([w], root))
      if (isBuild && deck) {
        // Only the glyphs the deck shows ship with it: a few hundred KB instead of a 20 MB CJK font.
        const current = deck
        const glyphs = deckGlyphs(current.config.title, current.config.info || '', ...current.slides.map((slide) => `${slide.title}${slide.content}${slide.note}`))
        const { fonts, missing } = await subsetDeckFonts(glyphs, resolve(root, 'node_modules/.cache/deck-fonts'))
        if (missing) this.warn(missing)
        fontUrls = {}
        for (const font of fonts) {
          const fileName = `assets/deck-serif-sc-${font.weight}-${createHash('sha256').update(font.woff2).digest('hex').slice(0, 8)}.woff2`
          this.emitFile({ type: 'asset', fileName, source: font.woff2 })
          fontUrls[font.weight] = `${baseUrl}${fileName}`
        }
      }
    },
    configureServer(devServer) {
      server = devServer
      if (!existsSync(entry)) devServer.config.logger.error(`[deck] ${entry} does not exist`)
      devServer.watcher.add(entry)
      devServer.middlewares.use(createEditorMiddleware({ root, getAllowedFiles: () => [...deckFiles()] }))
    },
    resolveId(id) {
      // The real file when the deck has one (so Vite compiles and hot-reloads it), else a module exporting null.
      if (id === SHORTCUTS_ID) return shortcutsSetupFile(entry) ?? '\0' + id
      if (id === LIST_ID || id === SEARCH_ID || id === THEME_ID || id.startsWith(SLIDE_PREFIX)) return '\0' + id
    },
    async load(id) {
      if (!id.startsWith('\0virtual:deck/')) return
      if (!deck) errors = load()
      if (!deck) throw new Error(formatDeckErrors(errors, root))
      const bare = id.slice(1)
      if (bare === SHORTCUTS_ID) return 'export default null'
      if (bare === LIST_ID) return listModule()
      if (bare === SEARCH_ID) return searchModule()
      if (bare === THEME_ID) return themeModule()
      return slideModule(Number(bare.slice(SLIDE_PREFIX.length)))
    },
    async handleHotUpdate(ctx) {
      if (!deckFiles().has(ctx.file)) return
      // The watcher can fire between an editor's truncate and its write; Vite's read() waits for the content.
      await ctx.read()
      recheckLater(ctx.file, ctx.server)
      const before = states
      const beforeConfig = JSON.stringify(deck?.config)
      const beforeWarnings = JSON.stringify(deck?.warnings)
      const found = load()
      errors = found
      ctx.server.ws.send({ type: 'custom', event: SOCKET_EVENTS.errors, data: found.map((e) => ({ ...e, file: e.file ? relative(root, e.file) : undefined })) })
      if (found.length && deck && states === before) {
        ctx.server.config.logger.warn(`[deck] kept the last good deck:\n${formatDeckErrors(found, root)}`, { timestamp: true })
        return []
      }
      const changed: ModuleNode[] = []
      let listChanged = before.length !== states.length || JSON.stringify(deck?.config) !== beforeConfig
      states.forEach((state, i) => {
        const old = before[i]
        if (!old || old.slide.content !== state.slide.content || old.noteHtml !== state.noteHtml || old.analyzed !== state.analyzed) {
          const mod = moduleOf(SLIDE_PREFIX + state.slide.no)
          if (mod) changed.push(mod)
        }
        if (!old || listMeta(old) !== listMeta(state)) listChanged = true
      })
      for (const state of states) for (const w of warnings(state)) if (!before.some((b) => b.analyzed === state.analyzed)) ctx.server.config.logger.warn(`[deck] ${w}`)
      if (deck && JSON.stringify(deck.warnings) !== beforeWarnings) {
        for (const w of deck.warnings) ctx.server.config.logger.warn(`[deck] ${formatDeckErrors([w], root)}`)
        ctx.server.ws.send({ type: 'custom', event: SOCKET_EVENTS.warnings, data: shownWarnings() })
      }
      if (listChanged) {
        const list = moduleOf(LIST_ID)
        if (list) changed.push(list)
        const search = moduleOf(SEARCH_ID)
        if (search) changed.push(search)
      }
      for (const mod of changed) ctx.server.moduleGraph.invalidateModule(mod)
      return changed
    },
    transformIndexHtml(html) {
      if (!deck) errors = load()
      const config = deck?.config
      if (!config) return html
      const attrs = Object.entries({ lang: 'en', ...config.htmlAttrs })
        .map(([k, v]) => `${k}="${v.replace(/"/g, '&quot;')}"`)
        .join(' ')
      const boot = `(function(){try{var forced=${JSON.stringify(config.colorSchema)};var s=localStorage.getItem('slidev-color-schema');try{s=JSON.parse(s)}catch(e){};var dark=forced==='dark'||(forced!=='light'&&(s==='dark'||(s!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches)));document.documentElement.classList.toggle('dark',dark);document.documentElement.style.colorScheme=dark?'dark':'light'}catch(e){}})()`
      return html
        .replace(/<html[^>]*>/, `<html ${attrs}>`)
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(pageTitle(config))}</title>`)
        .replace('</head>', `<script>${boot}</script>\n${Object.keys(fontUrls).length ? `<style>${fontFaceCss(fontUrls)}</style>\n` : ''}</head>`)
    },
    async generateBundle() {
      if (!deck || this.environment.name !== 'client') return
      // The diagram checks ran in mermaid's worker while the bundle was made.
      for (const state of states) for (const m of await state.analyzed.later) this.warn(warningOf(state, m))
      const { config } = deck
      this.emitFile({
        type: 'asset',
        fileName: 'deck-manifest.json',
        source: JSON.stringify(
          {
            title: config.title,
            download: config.download,
            exportFilename: config.exportFilename,
            total: states.length,
            canvasWidth: config.canvasWidth,
            canvasHeight: config.canvasHeight,
            slides: states.map(({ slide, analyzed }) => ({ no: slide.no, title: slide.title, level: slide.level, clicks: analyzed.clicks })),
          },
          null,
          2,
        ),
      })
    },
  }
}

/** Built-in layout names: the layout files of src/layouts (`TwoColsHeader.tsx` → `two-cols-header`). */
function builtInLayouts(root: string): string[] {
  const dir = resolve(root, 'src/layouts')
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((f) => /^[A-Z]\w*\.tsx$/.test(f))
    .map((f) => f.replace(/\.tsx$/, '').replace(/(?<!^)[A-Z]/g, (c) => `-${c}`).toLowerCase())
}

/** The line (1-based) of `key:` in a part's frontmatter, else the part's first line. */
function keyLine(raw: string, start: number, key: string): number {
  const at = raw.split('\n').findIndex((line) => new RegExp(`^${key}\\s*:`).test(line))
  return start + (at < 0 ? 0 : at) + 1
}

/** A missing theme is an error at its `theme:` line; a layout no one provides is a warning at its `layout:` line. */
export function checkThemeAndLayouts(deck: Deck, root: string, entry: string): { errors: DeckError[]; warnings: DeckError[] } {
  const errors: DeckError[] = []
  const warnings: DeckError[] = []
  const theme = deck.config.theme
  const themeDir = resolve(root, 'themes', theme)
  const head = deck.parts[0]
  if (!existsSync(themeDir)) {
    const known = existsSync(resolve(root, 'themes')) ? readdirSync(resolve(root, 'themes')).join(', ') : 'none'
    errors.push({ line: head ? keyLine(head.raw, head.start, 'theme') : 1, slide: 1, file: entry, message: `Theme "${theme}" not found: expected a folder themes/${theme}. Themes here: ${known}.` })
    return { errors, warnings }
  }
  const themeLayouts = existsSync(resolve(themeDir, 'layouts')) ? readdirSync(resolve(themeDir, 'layouts')).filter((f) => f.endsWith('.tsx')).map((f) => f.replace(/\.tsx$/, '')) : []
  const known = new Set([...builtInLayouts(root), ...themeLayouts])
  if (!known.size) return { errors, warnings }
  for (const slide of deck.slides) {
    const layout = slide.frontmatter.layout
    if (typeof layout !== 'string' || known.has(layout)) continue
    warnings.push({
      line: keyLine(slide.raw, slide.start, 'layout'),
      slide: slide.no,
      file: slide.filepath ?? entry,
      message: `Unknown layout "${layout}": the slide uses "default". Known layouts: ${[...known].sort().join(', ')}.`,
    })
  }
  return { errors, warnings }
}

/** The value kept for `key`, made once; a cache past 2000 entries starts over (a long editing session). */
function remember<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key)
  if (value === undefined) {
    value = make()
    if (cache.size > 2000) cache.clear()
    cache.set(key, value)
  }
  return value
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}
