// When a play page opens as the reader view (all slides as one reflowed page), and the addresses the reader keeps.

/** The viewer's choice between the slides and the reader, remembered as `slidev-view`. */
export type ViewChoice = 'reader' | 'slides'
export const isViewChoice = (v: unknown): v is ViewChoice => v === 'reader' || v === 'slides'

/** Screens narrower than this (CSS px) in portrait open the reader by default (spec.md's `sm` breakpoint). */
export const READER_MAX_WIDTH = 640

export interface ReaderEntry {
  /** The play page's query string. */
  search: string
  /** The remembered choice, if any. */
  stored: ViewChoice | null
  /** The viewport in CSS px. */
  width: number
  height: number
}

/** Whether the address itself asks for the reader (`?view=reader`). */
export function asksForReader(search: string): boolean {
  return new URLSearchParams(search).get('view') === 'reader'
}

/** Whether an address is the reader's: `/N?view=reader`, or the prerendered reader page `/reader/`. */
export function isReaderAddress({ pathname, search }: { pathname: string; search: string }): boolean {
  return /^\/reader\/?$/.test(pathname) || (/^\/\d+\/?$/.test(pathname) && asksForReader(search))
}

/**
 * Whether a play page opens as the reader: `?embedded` and print never do; `?view=reader|slides` decides; else the
 * remembered choice; else a narrow portrait screen does.
 */
export function opensInReader({ search, stored, width, height }: ReaderEntry): boolean {
  const params = new URLSearchParams(search)
  if (params.has('embedded') || params.has('print')) return false
  const asked = params.get('view')
  if (asked === 'reader') return true
  if (asked === 'slides') return false
  if (stored) return stored === 'reader'
  return width < READER_MAX_WIDTH && height > width
}

function query(params: URLSearchParams): string {
  const text = params.toString().replace(/=(?=&|$)/g, '')
  return text ? `?${text}` : ''
}

/** The query of the reader: `view=reader` with the rest kept (password…), click steps dropped (all are shown). */
export function readerSearch(search: string): string {
  const params = new URLSearchParams(search)
  params.delete('clicks')
  params.delete('view')
  params.set('view', 'reader')
  return query(params)
}

/** The query of the slides for someone leaving the reader: the same without `view`. */
export function slidesSearch(search: string): string {
  const params = new URLSearchParams(search)
  params.delete('view')
  return query(params)
}

/** The fragment a slide's section has in the reader page (links work there without scripts). */
export const readerAnchor = (no: number) => `slide-${no}`

/** A slide number from a reader fragment (`#slide-12`), or null. */
export function slideOfAnchor(hash: string, total: number): number | null {
  const match = /^#?slide-(\d+)$/.exec(hash)
  const no = match ? Number(match[1]) : 0
  return no >= 1 && no <= total ? no : null
}

/**
 * The slide being read: the last section whose top has passed the reading line (`tops` are the sections' tops
 * relative to it, in slide order, so negative means passed). Before the first section, slide 1.
 */
export function slideAtReadingLine(tops: readonly number[]): number {
  let lo = 0
  let hi = tops.length - 1
  let found = 0
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    if ((tops[mid] ?? 0) <= 0) {
      found = mid
      lo = mid + 1
    } else hi = mid - 1
  }
  return found + 1
}

/** The remembered choice as stored (bare, or JSON-quoted as VueUse writes strings): anything else is no choice. */
export function storedViewChoice(raw: string | null): ViewChoice | null {
  const value = raw?.replace(/^"(.*)"$/, '$1') ?? null
  return isViewChoice(value) ? value : null
}
