// Where the deck is: the router's address is the one source; the position is derived from it, never set.
import { atom } from 'jotai'
import { slidesAtom, clicksOf } from './deck'
import { routePosition, type RouteAddress } from '../logic/entry'
import type { DeckShape, Position } from '../logic/nav'

export const deckShapeAtom = atom<DeckShape>((get) => {
  const slides = get(slidesAtom)
  return { total: slides.length, clicksOf: (no: number) => clicksOf(slides, no) }
})

/** The address the router has rendered; its one writer is useRouteSource (src/state/navigation.ts). */
export const routeAtom = atom<RouteAddress>({ pathname: '/', search: '', hash: '' })

const START: Position = { no: 1, clicks: 0 }

/**
 * The position on screen, for everything outside the route's own render (sync, overview, editor, prefetch): the
 * route's slide and `?clicks=`; slide 1 on pages that name none (print).
 */
export const positionAtom = atom<Position>((get) => routePosition(get(routeAtom), get(deckShapeAtom)) ?? START)

/** The route's mode: the audience's play view, the reader (all slides as one page), the presenter's view, or print. */
export type ViewMode = 'play' | 'reader' | 'presenter' | 'print'
export const viewModeAtom = atom<ViewMode>('play')
