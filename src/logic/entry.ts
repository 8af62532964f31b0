// Reading the deck's addresses: the position a route shows, and which page a visit opens on (before any router exists).
import { parseClicks, parseSlideNo, type DeckShape, type Position } from './nav'
import { asksForReader, slideOfAnchor } from './reader'

/** An address as the router sees it: `pathname` relative to the deck's base (from '/'), `search` and `hash` as in a URL. */
export interface RouteAddress {
  pathname: string
  search: string
  hash: string
}

/**
 * The router's address inside a page's location: in hash mode the part after '#' (the page's own path, a file on
 * disk, is no part of it), else the path under the deck's base (`base` ends with '/').
 */
export function routerAddress(location: RouteAddress, hashMode: boolean, base: string): RouteAddress {
  if (hashMode) {
    const [path = '', query = ''] = location.hash.replace(/^#/, '').split('?')
    return { pathname: path || '/', search: query ? `?${query}` : '', hash: '' }
  }
  return { pathname: location.pathname.slice(base.length - 1) || '/', search: location.search, hash: location.hash }
}

/**
 * The position a route shows: `/N` and `/presenter/N` at `?clicks=` (clamped to the slide's count), the reader at its
 * slide (every click shown, so step 0), the reader's own page `/reader/` at its fragment's slide (`#slide-N`, else 1).
 * Any other page (print, the root before it redirects, an unknown path) shows no position: null.
 */
export function routePosition({ pathname, search, hash }: RouteAddress, deck: DeckShape): Position | null {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname
  if (path === '/reader') return { no: slideOfAnchor(hash, deck.total) ?? 1, clicks: 0 }
  const no = parseSlideNo(/^\/(?:presenter\/)?([^/]+)$/.exec(path)?.[1], deck.total)
  if (!no) return null
  if (asksForReader(search)) return { no, clicks: 0 }
  return { no, clicks: parseClicks(new URLSearchParams(search).get('clicks'), deck.clicksOf(no)) }
}

export type EntryRoute = { kind: 'play'; no: number; clicks: number } | { kind: 'other'; no: number }

/**
 * The page an address asks for: a play page `/N` (the root counts as `/1`, where it redirects) at its click step
 * (as the play view reads it), or any other page (presenter, print, unknown) with the slide it names, else 1.
 * `path` is relative to the deck's base and starts with `/`; `clicks` holds each slide's click count.
 */
export function entryRoute(path: string, search: string, clicks: readonly number[]): EntryRoute {
  if (path === '/' || path === '') return { kind: 'play', no: 1, clicks: 0 }
  const play = /^\/(\d+)$/.exec(path)
  const no = play ? Number(play[1]) : 0
  if (no >= 1 && no <= clicks.length) return { kind: 'play', no, clicks: parseClicks(new URLSearchParams(search).get('clicks'), clicks[no - 1] ?? 0) }
  return { kind: 'other', no: Number(/^\/presenter\/(\d+)/.exec(path)?.[1] ?? 1) || 1 }
}
