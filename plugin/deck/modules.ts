// The virtual modules the runtime imports: the slide list, one module per slide, search text, theme, shortcuts (and for
// the prerendering build, each slide's source text).
import { existsSync, readdirSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import { plainSlideText, renderInfo, type AnalyzedSlide } from '../markdown/pipeline.ts'
import { slideModuleCode } from '../markdown/to-module.ts'
import { scopeSlideStyles } from '../markdown/rehype-scoped-style.ts'
import { HOT_EVENTS } from '../../shared/events.ts'
import type { DeckState, SlideState } from './state.ts'
import { layoutImageAssets } from './layout-images.ts'
import { findTheme } from './theme-check.ts'
import { assetImportPath } from '../markdown/rehype-images.ts'

export const LIST_ID = 'virtual:deck/slides'
export const SLIDE_PREFIX = 'virtual:deck/slide/'
export const SEARCH_ID = 'virtual:deck/search'
export const THEME_ID = 'virtual:deck/theme'
export const SHORTCUTS_ID = 'virtual:deck/setup/shortcuts'
/** Each slide's Markdown without its note (diagram sources included): what the font is cut for. Prerendering only. */
export const SLIDE_TEXT_ID = 'virtual:deck/slide-text'

/** A deck's own shortcuts: setup/shortcuts.(ts|js|mjs) beside the deck file, if there is one. */
export function shortcutsSetupFile(deckFile: string): string | undefined {
  return ['ts', 'js', 'mjs'].map((ext) => resolve(dirname(deckFile), 'setup', `shortcuts.${ext}`)).find((file) => existsSync(file))
}

/**
 * What a slide's list entry carries but its click count (compared apart: it is the slide's analysis, which an edit may
 * still be making); a change here or there (not in the slide's body) reloads the list. No line numbers: a line added
 * to one slide would change every later slide's entry, and each edit would then re-render the whole app.
 */
export const listMeta = (s: SlideState): string =>
  JSON.stringify([s.slide.title, s.slide.level, s.slide.layout, s.slide.frontmatter, s.slide.filepath, s.slide.note !== '', s.slide.duration])

/**
 * A deck module is code the plugin writes (no file of the author's to point back to): it has no source map. Vite
 * otherwise made one for each, a map of the code onto itself, and sent it inside the module (the code again, in
 * Base64): 11 KB of a 14 KB slide module, made again on every edit of the slide.
 */
const NO_SOURCE_MAP = { mappings: '' } as const

export interface GeneratedModule {
  code: string
  map: typeof NO_SOURCE_MAP
}

export function deckModules(state: DeckState) {
  const listModule = (): string => {
    const current = state.deck!
    const slides = state.states.map(({ slide, analyzed }) => {
      const meta = {
        no: slide.no,
        title: slide.title,
        level: slide.level,
        layout: slide.layout,
        frontmatter: slide.frontmatter,
        clicks: analyzed.clicks,
        file: relative(state.shownFrom, slide.filepath ?? state.entry),
        hasNote: slide.note.trim() !== '',
        duration: slide.duration,
      }
      return `{ ...${JSON.stringify(meta)}, load: () => import(${JSON.stringify(SLIDE_PREFIX + slide.no)}) }`
    })
    const shownErrors = state.isBuild ? [] : state.errors
    // Notes handed out by the server: the password that guards them stays out of the bundle too.
    const config = state.notesFrom === 'server' ? { ...current.config, remote: false } : current.config
    return [
      `export const config = ${JSON.stringify(config)}`,
      `export const notesFrom = ${JSON.stringify(state.notesFrom)}`,
      `export const infoHtml = ${JSON.stringify(renderInfo(current.config.info))}`,
      `export const slides = [\n${slides.join(',\n')}\n]`,
      `export const errors = ${JSON.stringify(state.shownErrors(shownErrors))}`,
      `export const warnings = ${JSON.stringify(state.isBuild ? [] : state.shownWarnings())}`,
      `if (import.meta.hot) import.meta.hot.accept((mod) => { if (mod) window.dispatchEvent(new CustomEvent(${JSON.stringify(HOT_EVENTS.listUpdate)}, { detail: mod })) })`,
      // The list takes its slides' updates (each slide module handles its own): Vite then stops there when it marks an
      // edited slide's importers as updated, instead of marking every module above the list, which the new slide
      // module would import again (?t=) and run a second time: the components it uses, the runtime, the list itself.
      `if (import.meta.hot) import.meta.hot.accept(${JSON.stringify(state.states.map(({ slide }) => SLIDE_PREFIX + slide.no))}, () => {})`,
    ].join('\n')
  }

  /** Each slide's module code per analysis, so the prerendering build does not highlight the deck again. */
  const moduleCache = new WeakMap<AnalyzedSlide, { no: number; noteHtml: string; code: Promise<string> }>()
  /** A slide's note in its module: none when the server hands the notes out (plugin/deck/server-files.ts). */
  const bundledNote = (slide: SlideState) => (state.notesFrom === 'server' ? '' : slide.noteHtml)
  const slideModule = (no: number): Promise<string> => {
    const slide = state.states[no - 1]
    if (!slide) return Promise.resolve(`export const no = ${no}\nexport const noteHtml = ''\nexport const slots = { default: null }`)
    if (!state.isBuild) return makeSlideModule(no, slide)
    const cached = moduleCache.get(slide.analyzed)
    // Two slides with the same text share an analysis, not a module (its number and scoped styles are its own).
    if (cached && cached.no === no && cached.noteHtml === bundledNote(slide)) return cached.code
    const code = makeSlideModule(no, slide)
    moduleCache.set(slide.analyzed, { no, noteHtml: bundledNote(slide), code })
    return code
  }
  const makeSlideModule = async (no: number, slide: SlideState): Promise<string> => {
    const highlighted = await state.highlighted(slide)
    return slideModuleCode({
      no,
      hast: scopeSlideStyles(highlighted, no),
      noteHtml: bundledNote(slide),
      styles: slide.analyzed.styles,
      frontmatter: layoutImageAssets(slide.slide, state.root, state.entry),
      deckComponents: state.components.byTag,
    })
  }

  /** Each text's plain words, kept from one edit to the next (an edit changes one slide; the module has them all). */
  let plainTexts = new Map<string, string>()
  const searchModule = (): string => {
    const previous = plainTexts
    plainTexts = new Map()
    const plain = (markdown: string) => {
      const text = previous.get(markdown) ?? plainTexts.get(markdown) ?? plainSlideText(markdown)
      plainTexts.set(markdown, text)
      return text
    }
    return [
      `export default ${JSON.stringify(state.states.map(({ slide }) => ({ no: slide.no, title: slide.title, text: plain(slide.content), note: state.notesFrom === 'server' ? '' : plain(slide.note) })))}`,
      // Accepted here so an edit never re-runs the app's modules (which would drop the loaded slides); goto re-reads it.
      `if (import.meta.hot) import.meta.hot.accept((mod) => { if (mod) window.dispatchEvent(new CustomEvent(${JSON.stringify(HOT_EVENTS.searchUpdate)}, { detail: mod.default })) })`,
    ].join('\n')
  }

  const themeModule = (): string => {
    const theme = state.deck?.config.theme ?? 'seriph'
    const dir = findTheme(state, theme)
    if (!dir) throw new Error(`Theme "${theme}" not found: expected a folder themes/${theme} beside the deck.`)
    const layoutDir = resolve(dir, 'layouts')
    const layouts = existsSync(layoutDir) ? readdirSync(layoutDir).filter((f) => f.endsWith('.tsx')) : []
    return [
      existsSync(resolve(dir, 'index.css')) ? `import ${JSON.stringify(assetImportPath(resolve(dir, 'index.css')))}` : '',
      ...layouts.map((f, i) => `import L${i} from ${JSON.stringify(assetImportPath(resolve(layoutDir, f)))}`),
      `export const name = ${JSON.stringify(theme)}`,
      `export const layouts = { ${layouts.map((f, i) => `${JSON.stringify(f.replace(/\.tsx$/, ''))}: L${i}`).join(', ')} }`,
    ].join('\n')
  }

  const moduleCode = async (bare: string): Promise<string | undefined> => {
    if (bare === SHORTCUTS_ID) return 'export default null'
    if (bare === LIST_ID) return listModule()
    if (bare === SEARCH_ID) return searchModule()
    if (bare === THEME_ID) return themeModule()
    if (bare === SLIDE_TEXT_ID) return `export default ${JSON.stringify(state.states.map(({ slide }) => `${slide.title}\n${slide.content}`))}`
    // Other plugins' modules under the same prefix (plugin/monaco-workers.ts) are theirs to load.
    if (bare.startsWith(SLIDE_PREFIX)) return slideModule(Number(bare.slice(SLIDE_PREFIX.length)))
  }

  return {
    resolveId(id: string): string | undefined {
      // The real file when the deck has one (so Vite compiles and hot-reloads it), else a module exporting null.
      if (id === SHORTCUTS_ID) return shortcutsSetupFile(state.entry) ?? '\0' + id
      if (id === LIST_ID || id === SEARCH_ID || id === THEME_ID || id === SLIDE_TEXT_ID || id.startsWith(SLIDE_PREFIX)) return '\0' + id
    },
    async load(id: string): Promise<GeneratedModule | undefined> {
      if (!id.startsWith('\0virtual:deck/')) return
      state.ensure()
      const bare = id.slice(1)
      const code = await moduleCode(bare)
      return code === undefined ? undefined : { code, map: NO_SOURCE_MAP }
    },
  }
}
