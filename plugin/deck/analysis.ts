// Analyses each slide once per text: an edit re-analyses and re-renders only the slides and notes it touched, and with a
// store (plugin/deck/analysis-store.ts) a rebuild or the next dev start re-analyses only the slides that changed.
import { dirname, resolve } from 'node:path'
import type { Deck, Slide } from '../../shared/parser/parse.ts'
import { analyzeSlide, highlightSlide, renderNote, type AnalyzedSlide, type HighlightOptions, type SlideCompileOptions } from '../markdown/pipeline.ts'
import type { Root } from 'hast'
import { notingFiles, stillAsSeen, type FileSeen } from '../markdown/files-seen.ts'
import { iconSetsFor } from '../markdown/icon-sets.ts'
import { runLaterChecks } from '../markdown/later-checks.ts'
import type { AnalysisStore, KeptAnalysis } from './analysis-store.ts'
import { kebab } from '../markdown/remark-component-tags.ts'
import type { DeckComponents } from './components.ts'
import { boundConfigs } from '../../shared/config.ts'

export interface SlideAnalyzer {
  analyze(slide: Slide, deck: Deck): AnalyzedSlide
  /** A note's HTML (all the deck's notes cost ~150 ms, so each text is rendered once). */
  noteHtml(note: string): string
  /** The files an analysis read (snippets), as it read them: an edit of one is an edit of the slides that show it. */
  filesRead(analyzed: AnalyzedSlide): FileSeen[]
  /** The analysed tree with its code highlighted (stage two), kept by the tree it starts from and the options. */
  highlighted(analyzed: AnalyzedSlide, options: HighlightOptions): Promise<Root>
}

/** The deck's components a slide's tags name, with their files: a slide is analysed again when one appears, goes or moves. */
function componentsNamed(content: string, components: DeckComponents): Record<string, string> {
  const named: Record<string, string> = {}
  for (const [, name] of content.matchAll(/<([A-Z][A-Za-z0-9]*)/g)) {
    const ref = components.byTag[`deck-${kebab(name!)}`]
    if (ref) named[`deck-${kebab(name!)}`] = ref.from
  }
  return named
}

/**
 * Whether two slides are the same text of the deck file itself: the same analysis and list entry in a deck of the
 * same settings. Never an imported slide's (`src:`): the importing slide's frontmatter is part of both.
 */
export function sameDeckFileText(a: Slide, b: Slide, entry: string): boolean {
  return a.raw === b.raw && a.filepath === b.filepath && (b.filepath ?? entry) === entry
}

export function createSlideAnalyzer(where: () => { root: string; entry: string; components: DeckComponents }): SlideAnalyzer & {
  keepOn(store: AnalysisStore | undefined): void
  kept(): Promise<void>
  /** What every slide's analysis reads besides its own text and files: the deck's settings, its components, its place. */
  settingsOf(deck: Deck): string
  /**
   * Whether an analysis made for a slide of the deck file holds for `slide` in a deck of the same settings: the same
   * text, and the files it looked at unchanged. An edit of one slide then looks at no other slide's key.
   */
  stillHolds(made: { slide: Slide; analyzed: AnalyzedSlide }, slide: Slide): boolean
} {
  const analysisCache = new Map<string, AnalyzedSlide>()
  const noteCache = new Map<string, string>()
  const filesSeen = new WeakMap<AnalyzedSlide, FileSeen[]>()
  /** The digest of each kept analysis' entry: the same digest, the same tree. */
  const treeDigests = new WeakMap<AnalyzedSlide, string>()
  let store: AnalysisStore | undefined
  return {
    settingsOf(deck) {
      const { root, entry, components } = where()
      return JSON.stringify([deck.config.mermaid, deck.config.lineNumbers, deck.config.codeCopy, boundConfigs(deck.headmatter, deck.config), components.byTag, root, entry])
    },
    stillHolds(made, slide) {
      return sameDeckFileText(made.slide, slide, where().entry) && stillAsSeen(filesSeen.get(made.analyzed) ?? [])
    },
    keepOn(next) {
      store = next
    },
    kept: () => store?.written() ?? Promise.resolve(),
    analyze(slide, deck) {
      const { root, entry, components } = where()
      const named = componentsNamed(slide.content, components)
      const options: SlideCompileOptions = {
        frontmatter: slide.frontmatter,
        mermaid: deck.config.mermaid,
        lineNumbers: deck.config.lineNumbers,
        codeCopy: deck.config.codeCopy,
        configs: boundConfigs(deck.headmatter, deck.config),
        publicDir: resolve(root, 'public'),
        deckDir: dirname(slide.filepath ?? entry),
        deckComponents: Object.keys(named),
      }
      // Everything the analysis reads but the files it opens (noted as it runs).
      const bound = slide.content.includes('$slidev.configs') ? options.configs : null
      const key = JSON.stringify([options.frontmatter, options.mermaid, options.lineNumbers, options.codeCopy, bound, named, options.publicDir, options.deckDir, slide.content])
      // An analysis made in this process is used again while the files it looked at are unchanged (a snippet edited in
      // dev is a new analysis of the slides showing it).
      return remember(
        analysisCache,
        key,
        () => {
          const stored = store && `${key}\0${iconSetsFor(options.deckDir).signature()}`
          const found = stored ? store!.analysis(stored) : undefined
          const { value, files } = found
            ? { value: analysisOf(found.kept), files: found.kept.files }
            : notingFiles(() => analyzeSlide(slide.content, options))
          const digest = found?.digest ?? (stored ? store!.keepAnalysis(stored, { hast: value.hast, clicks: value.clicks, messages: value.messages, styles: value.styles, checks: value.checks, files, slideLinks: value.slideLinks }) : undefined)
          filesSeen.set(value, files)
          if (digest) treeDigests.set(value, digest)
          return value
        },
        (made) => stillAsSeen(filesSeen.get(made) ?? []),
      )
    },
    filesRead: (analyzed) => (filesSeen.get(analyzed) ?? []).filter(([, seen]) => seen.startsWith('text:')),
    async highlighted(analyzed, options) {
      const wanted = { lineNumbers: options.lineNumbers, codeCopy: options.codeCopy, magicMoveCopy: options.magicMoveCopy, magicMoveDuration: options.magicMoveDuration }
      // By the tree (its kept entry's digest), not the slide's text: a slide analysed again after its snippet changed has
      // a new tree.
      const digest = treeDigests.get(analyzed)
      if (!store || !digest) return highlightSlide(analyzed.hast, wanted)
      const key = `${JSON.stringify(wanted)}\0${digest}`
      const kept = store.highlighted(key)
      if (kept) return kept
      const made = await highlightSlide(analyzed.hast, wanted)
      store.keepHighlighted(key, made)
      return made
    },
    noteHtml: (note) =>
      remember(noteCache, note, () => {
        if (!note.trim()) return ''
        const kept = store?.note(note)
        if (kept !== undefined) return kept
        const html = renderNote(note)
        store?.keepNote(note, html)
        return html
      }),
  }
}

/** A kept analysis as the deck uses it: its checks started again. */
function analysisOf({ hast, clicks, messages, styles, checks, slideLinks }: KeptAnalysis): AnalyzedSlide {
  return { hast, clicks, messages, styles, checks, later: runLaterChecks(checks), slideLinks }
}

/**
 * The value kept for `key`, made once (again when `stillGood` says the kept one is not); a cache past 2000 entries
 * starts over (a long editing session).
 */
function remember<T>(cache: Map<string, T>, key: string, make: () => T, stillGood: (value: T) => boolean = () => true): T {
  let value = cache.get(key)
  if (value === undefined || !stillGood(value)) {
    value = make()
    if (cache.size > 2000) cache.clear()
    cache.set(key, value)
  }
  return value
}
