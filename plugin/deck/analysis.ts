// Analyses each slide once per text: an edit re-analyses and re-renders only the slides and notes it touched.
import { dirname, resolve } from 'node:path'
import type { Deck, Slide } from '../../shared/parser/parse.ts'
import { analyzeSlide, renderNote, type AnalyzedSlide } from '../markdown/pipeline.ts'
import { kebab } from '../markdown/remark-component-tags.ts'
import type { DeckComponents } from './components.ts'
import { boundConfigs } from '../../shared/config.ts'

export interface SlideAnalyzer {
  analyze(slide: Slide, deck: Deck): AnalyzedSlide
  /** A note's HTML (all the deck's notes cost ~150 ms, so each text is rendered once). */
  noteHtml(note: string): string
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

export function createSlideAnalyzer(where: () => { root: string; entry: string; components: DeckComponents }): SlideAnalyzer {
  const analysisCache = new Map<string, AnalyzedSlide>()
  const noteCache = new Map<string, string>()
  return {
    analyze(slide, deck) {
      const { root, entry, components } = where()
      const bound = slide.content.includes('$slidev.configs') ? JSON.stringify(boundConfigs(deck.headmatter, deck.config)) : ''
      const named = componentsNamed(slide.content, components)
      const key = `${deck.slides.length}\0${JSON.stringify(slide.frontmatter.clicks)}\0${JSON.stringify(deck.config.mermaid)}\0${bound}\0${JSON.stringify(named)}\0${slide.content}`
      return remember(analysisCache, key, () =>
        analyzeSlide(slide.content, {
          total: deck.slides.length,
          frontmatter: slide.frontmatter,
          mermaid: deck.config.mermaid,
          lineNumbers: deck.config.lineNumbers,
          codeCopy: deck.config.codeCopy,
          configs: boundConfigs(deck.headmatter, deck.config),
          publicDir: resolve(root, 'public'),
          deckDir: dirname(slide.filepath ?? entry),
          deckComponents: Object.keys(named),
        }),
      )
    },
    noteHtml: (note) => remember(noteCache, note, () => renderNote(note)),
  }
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
