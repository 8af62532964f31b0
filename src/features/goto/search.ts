// Finds slides for the goto dialog: fuse.js over number and title first, then body text and notes, ranked below.
import Fuse from 'fuse.js'

export interface SearchEntry {
  no: number
  title: string
  text?: string
  note?: string
}

export interface SearchHit {
  no: number
  title: string
  /** Where the match is: the title (or number), or a snippet of body text or notes around the match. */
  via: 'title' | 'text' | 'note'
  snippet?: string
}

const TITLE_OPTIONS = { keys: ['no', 'title'], threshold: 0.3, minMatchCharLength: 1, shouldSort: true, ignoreLocation: true }

/** The text the user typed, without a leading slash (so `/12` finds slide 12). */
export function normaliseQuery(query: string): string {
  return query.trim().replace(/^\/+/, '').trim()
}

function snippetAround(text: string, start: number, end: number): string {
  const from = Math.max(0, start - 16)
  const to = Math.min(text.length, end + 24)
  return `${from > 0 ? '…' : ''}${text.slice(from, to)}${to < text.length ? '…' : ''}`
}

export class SlideSearch {
  private titles: Fuse<{ no: string; title: string }>
  private bodies: Fuse<SearchEntry> | null = null

  constructor(private entries: SearchEntry[]) {
    this.titles = new Fuse(entries.map((e) => ({ no: String(e.no), title: e.title })), TITLE_OPTIONS)
  }

  /** Adds body text and notes once they have loaded. */
  withBodies(full: SearchEntry[]): this {
    this.bodies = new Fuse(full, { keys: ['text', 'note'], threshold: 0.2, minMatchCharLength: 2, ignoreLocation: true, includeMatches: true, shouldSort: true })
    return this
  }

  search(query: string): SearchHit[] {
    const q = normaliseQuery(query)
    if (!q) return []
    const hits: SearchHit[] = this.titles.search(q).map((r) => ({ no: Number(r.item.no), title: r.item.title, via: 'title' }))
    if (!this.bodies || q.length < 2) return hits
    const seen = new Set(hits.map((h) => h.no))
    for (const result of this.bodies.search(q)) {
      if (seen.has(result.item.no)) continue
      seen.add(result.item.no)
      const match = result.matches?.[0]
      const field = (match?.key === 'note' ? 'note' : 'text') as 'note' | 'text'
      const value = match?.value ?? ''
      const [start, end] = match?.indices.reduce((best, r) => (r[1] - r[0] > best[1] - best[0] ? r : best), match.indices[0]) ?? [0, 0]
      hits.push({ no: result.item.no, title: result.item.title, via: field, snippet: value ? snippetAround(value, start, end + 1) : undefined })
    }
    return hits
  }
}
