// Where the deck is: the route's slide and click step, mirrored into atoms for everything outside the route.
import { atom } from 'jotai'
import { slidesAtom, clicksOf } from './deck'
import type { DeckShape, Position } from '../logic/nav'

/** The position the current route shows (set by the route from the URL, the source of truth). */
export const positionAtom = atom<Position>({ no: 1, clicks: 0 })

export const currentSlideAtom = atom((get) => get(slidesAtom)[get(positionAtom).no - 1])

export const deckShapeAtom = atom<DeckShape>((get) => {
  const slides = get(slidesAtom)
  return { total: slides.length, clicksOf: (no: number) => clicksOf(slides, no) }
})

/** The route's mode: the audience's play view, the reader (all slides as one page), the presenter's view, or print. */
export type ViewMode = 'play' | 'reader' | 'presenter' | 'print'
export const viewModeAtom = atom<ViewMode>('play')
