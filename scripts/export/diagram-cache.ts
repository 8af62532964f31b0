// The diagrams one export drew, kept for the next. Mermaid takes about a second to load and 50–100 ms per diagram;
// a deck exported again after an edit has nearly all its diagrams unchanged, so the export hands the print view the
// ones drawn before (the page's `window.__DECK_DIAGRAMS__`) and keeps what the page drew (`__deckDrawnDiagrams()`).
// Each entry's key is the page's render key (scheme, mermaid config with the font, diagram text); the file is tied
// to mermaid's version, so an upgrade draws everything afresh. Removing the file only costs time.
import { mkdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { diagramKeyText, type DrawnDiagrams } from '../../shared/diagram'
import { writeWhole } from '../../plugin/write-whole'

interface CacheFile {
  mermaid: string
  diagrams: DrawnDiagrams
}

/** Entries kept at most: the diagrams of a few decks in both schemes (an SVG is 10–60 KB). */
export const DIAGRAM_CACHE_LIMIT = 300

export interface DiagramCache {
  /** The cached diagrams whose text is in the deck file: what a print view is handed. */
  forDeck(): DrawnDiagrams
  /** Adds what a page drew, newest last, and writes the file whole (renamed into place). */
  keep(drawn: DrawnDiagrams): void
  /** True when the deck has diagrams the cache does not hold: the print view will load mermaid and draw them. */
  drawsDiagrams(): boolean
}

/** The deck's mermaid blocks (fences whose language is mermaid). */
const MERMAID_FENCE = /^[ \t]*(`{3,}|~{3,})[ \t]*mermaid\b/gm

function mermaidVersion(root: string): string {
  try {
    const require = createRequire(join(root, 'package.json'))
    return (JSON.parse(readFileSync(require.resolve('mermaid/package.json'), 'utf8')) as { version: string }).version
  } catch {
    return 'unknown'
  }
}

export interface DiagramCacheOptions {
  /** The project: its mermaid, and its node_modules/.cache (where Vite and other tools keep theirs). */
  root: string
  /** The deck file being exported (unreadable: nothing is handed in, everything is drawn). */
  entry: string
  file?: string
}

/** The diagram cache of one export run (one per run: every format of it shares the cache's state). */
export function openDiagramCache({ root, entry, file = join(root, 'node_modules', '.cache', 'deck-export', 'diagrams.json') }: DiagramCacheOptions): DiagramCache {
  const mermaid = mermaidVersion(root)
  const deck = deckText(entry).replace(/\r\n?/g, '\n')
  let diagrams: DrawnDiagrams = {}
  try {
    const read = JSON.parse(readFileSync(file, 'utf8')) as Partial<CacheFile>
    // Another mermaid draws differently: its diagrams are not reused.
    if (read.mermaid === mermaid && read.diagrams && typeof read.diagrams === 'object') diagrams = read.diagrams
  } catch {
    // No cache yet, or an unreadable one: everything is drawn.
  }
  const forDeck = () => Object.fromEntries(Object.entries(diagrams).filter(([key]) => deck.includes(diagramKeyText(key))))
  return {
    forDeck,
    drawsDiagrams() {
      // By text: a diagram drawn before in either scheme counts as drawn (the cost of a wrong guess is a load either way).
      return (deck.match(MERMAID_FENCE)?.length ?? 0) > new Set(Object.keys(forDeck()).map(diagramKeyText)).size
    },
    keep(drawn) {
      if (!Object.keys(drawn).length) return
      // Re-inserted keys move to the end: the oldest entries are the ones dropped.
      for (const key of Object.keys(drawn)) delete diagrams[key]
      const entries = [...Object.entries(diagrams), ...Object.entries(drawn)]
      diagrams = Object.fromEntries(entries.slice(-DIAGRAM_CACHE_LIMIT))
      try {
        mkdirSync(dirname(file), { recursive: true })
        writeWhole(file, JSON.stringify({ mermaid, diagrams } satisfies CacheFile))
      } catch {
        // A read-only project still exports; the next run draws again.
      }
    },
  }
}

function deckText(entry: string): string {
  try {
    return readFileSync(entry, 'utf8')
  } catch {
    return ''
  }
}

/** Hands a context's pages the cached diagrams of the deck before any of its scripts run. */
export async function carryDiagrams(context: BrowserContext, diagrams: DrawnDiagrams) {
  if (!Object.keys(diagrams).length) return
  await context.addInitScript((carried) => {
    ;(window as unknown as { __DECK_DIAGRAMS__?: unknown }).__DECK_DIAGRAMS__ = carried
  }, diagrams)
}

/** The diagrams a page showed, by render key (empty when the page has no diagram code loaded). */
export function drawnDiagrams(page: Page): Promise<DrawnDiagrams> {
  return page.evaluate(() => (window as unknown as { __deckDrawnDiagrams?: () => DrawnDiagrams }).__deckDrawnDiagrams?.() ?? {})
}
