// Moving through the deck: builds the URL of a position and pushes (slide change) or replaces (click step) history.
import { useCallback, useMemo } from 'react'
import { useNavigate } from 'react-router-dom'
import { useAtomValue } from 'jotai'
import { deckStore } from './store'
import { positionAtom, deckShapeAtom, viewModeAtom, type ViewMode } from './nav'
import { nextPosition, nextSlidePosition, prevPosition, prevSlidePosition, type Position } from '../logic/nav'

/** The path and query of a position; step 0 is omitted; other query parameters (password, embedded) are kept. */
export function positionUrl(mode: ViewMode, to: Position, search: string): string {
  const params = new URLSearchParams(search)
  if (to.clicks > 0) params.set('clicks', String(to.clicks))
  else params.delete('clicks')
  const query = params.toString().replace(/=(?=&|$)/g, '')
  const base = mode === 'presenter' ? `/presenter/${to.no}` : `/${to.no}`
  return query ? `${base}?${query}` : base
}

export interface DeckNav {
  go: (to: Position) => void
  next: () => void
  prev: () => void
  nextSlide: () => void
  prevSlide: () => void
}

export function useDeckNav(): DeckNav {
  const navigate = useNavigate()
  const mode = useAtomValue(viewModeAtom)
  const go = useCallback(
    (to: Position) => {
      const from = deckStore.get(positionAtom)
      const shape = deckStore.get(deckShapeAtom)
      const no = Math.min(Math.max(1, Math.trunc(to.no) || 1), shape.total)
      const target = { no, clicks: Math.min(Math.max(0, to.clicks), shape.clicksOf(no)) }
      if (target.no === from.no && target.clicks === from.clicks) return
      navigate(positionUrl(mode === 'print' ? 'play' : mode, target, window.location.search), { replace: target.no === from.no })
      // The URL changes now but the route renders later; keys pressed in between must start from here.
      deckStore.set(positionAtom, target)
    },
    [navigate, mode],
  )
  const next = useCallback(() => go(nextPosition(deckStore.get(positionAtom), deckStore.get(deckShapeAtom))), [go])
  const prev = useCallback(() => go(prevPosition(deckStore.get(positionAtom), deckStore.get(deckShapeAtom))), [go])
  const nextSlide = useCallback(() => go(nextSlidePosition(deckStore.get(positionAtom), deckStore.get(deckShapeAtom))), [go])
  const prevSlide = useCallback(() => go(prevSlidePosition(deckStore.get(positionAtom))), [go])
  return useMemo(() => ({ go, next, prev, nextSlide, prevSlide }), [go, next, prev, nextSlide, prevSlide])
}
