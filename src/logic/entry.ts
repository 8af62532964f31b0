// Which page a visit opens on, read from the address alone (before any router exists).
import { parseClicks } from './nav'

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
