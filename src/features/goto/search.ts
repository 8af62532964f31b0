// Finds slides for the goto dialog: fuse.js over number and title first, then body text and notes, ranked below.
import Fuse, { type FuseResultMatch, type RangeTuple } from 'fuse.js'

export interface SearchEntry {
  no: number
  title: string
  text?: string
  note?: string
}

/** A piece of shown text; `mark` when it is part of what matched. */
export interface TextPart {
  text: string
  mark?: boolean
}

export interface SearchHit {
  no: number
  title: string
  /** Where the match is: the title (or number), or the slide's body text or notes. */
  via: 'title' | 'text' | 'note'
  /** The title with its matched characters marked. */
  titleParts: TextPart[]
  /** For body and note hits: the words around the match, the match marked. */
  snippet?: TextPart[]
}

// Spec.md section 9: threshold 0.3, minimum match length 1, sorted by relevance. Location is ignored so a word
// deep in a long Chinese title counts as much as one at its start.
const TITLE_OPTIONS = { keys: ['no', 'title'], threshold: 0.3, minMatchCharLength: 1, shouldSort: true, ignoreLocation: true, includeMatches: true }
// Bodies are long: a stricter threshold keeps fuzzy noise out, and they only ever rank below the titles.
const BODY_OPTIONS = { keys: ['text', 'note'], threshold: 0.2, minMatchCharLength: 1, shouldSort: true, ignoreLocation: true, includeMatches: true }

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af]/

/** The text the user typed, without a leading slash (so `/12` finds slide 12). */
export function normaliseQuery(query: string): string {
  return query.trim().replace(/^\/+/, '').trim()
}

/** Splits `text` into plain and marked parts at the given inclusive ranges. */
export function markRanges(text: string, ranges: readonly RangeTuple[]): TextPart[] {
  const parts: TextPart[] = []
  let at = 0
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    if (start < at || end < start) continue
    if (start > at) parts.push({ text: text.slice(at, start) })
    parts.push({ text: text.slice(start, end + 1), mark: true })
    at = end + 1
  }
  if (at < text.length || !parts.length) parts.push({ text: text.slice(at) })
  return parts
}

/** Where the query sits in a body: literally when it occurs, else the longest fuzzy run Fuse found. */
function matchRange(value: string, query: string, match: FuseResultMatch | undefined): RangeTuple {
  const literal = value.toLowerCase().indexOf(query.toLowerCase())
  if (literal >= 0) return [literal, literal + query.length - 1]
  const ranges = match?.indices ?? []
  return ranges.reduce<RangeTuple>((best, r) => (r[1] - r[0] > best[1] - best[0] ? r : best), ranges[0] ?? [0, -1])
}

/** A few words either side of the match, with ellipses where the text goes on. */
export function snippetAround(text: string, [start, end]: RangeTuple, before = 14, after = 26): TextPart[] {
  const from = Math.max(0, start - before)
  const to = Math.min(text.length, end + 1 + after)
  const parts: TextPart[] = []
  parts.push({ text: `${from > 0 ? '…' : ''}${text.slice(from, start)}` })
  if (end >= start) parts.push({ text: text.slice(start, end + 1), mark: true })
  parts.push({ text: `${text.slice(end + 1, to)}${to < text.length ? '…' : ''}` })
  return parts.filter((p) => p.text !== '')
}

export class SlideSearch {
  private titles: Fuse<{ no: string; title: string }>
  private bodies: Fuse<SearchEntry> | null = null

  constructor(titles: readonly SearchEntry[]) {
    this.titles = new Fuse(
      titles.map((e) => ({ no: String(e.no), title: e.title })),
      TITLE_OPTIONS,
    )
  }

  /** Adds body text and notes once they have loaded. */
  withBodies(full: readonly SearchEntry[]): this {
    this.bodies = new Fuse([...full], BODY_OPTIONS)
    return this
  }

  search(query: string): SearchHit[] {
    const q = normaliseQuery(query)
    if (!q) return []
    const hits: SearchHit[] = this.titles.search(q).map((r) => {
      const titleMatch = r.matches?.find((m) => m.key === 'title')
      return { no: Number(r.item.no), title: r.item.title, via: 'title', titleParts: markRanges(r.item.title, titleMatch?.indices ?? []) }
    })
    // One Latin letter matches half of every text; one Chinese character is already a word.
    if (!this.bodies || (q.length < 2 && !CJK.test(q))) return hits
    const seen = new Set(hits.map((h) => h.no))
    for (const result of this.bodies.search(q)) {
      if (seen.has(result.item.no)) continue
      seen.add(result.item.no)
      const match = result.matches?.find((m) => m.key === 'text') ?? result.matches?.[0]
      const via = match?.key === 'note' ? 'note' : 'text'
      const value = match?.value ?? ''
      hits.push({
        no: result.item.no,
        title: result.item.title,
        via,
        titleParts: [{ text: result.item.title }],
        snippet: value ? snippetAround(value, matchRange(value, q, match)) : undefined,
      })
    }
    return hits
  }
}
