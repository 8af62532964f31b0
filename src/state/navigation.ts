// Moving through the deck: the router's address is where the deck is. Moves write it (push for a slide change,
// replace for a click step); the route reads its position from it, and useRouteSource hands it to positionAtom.
import { startTransition, useCallback, useEffect, useMemo, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { useAtomValue, useSetAtom } from 'jotai'
import { deckStore } from './store'
import { configAtom } from './deck'
import { positionAtom, deckShapeAtom, routeAtom, viewModeAtom, type ViewMode } from './nav'
import { nextPosition, nextSlidePosition, prevPosition, prevSlidePosition, type Position } from '../logic/nav'
import { routePosition, routerAddress, type RouteAddress } from '../logic/entry'
import { afterPaint } from './after-paint'
import { revealAtOnce } from './instant-reveal'

/** The path and query of a position; step 0 is omitted; other query parameters (password, embedded) are kept. */
export function positionUrl(mode: ViewMode, to: Position, search: string): string {
  const params = new URLSearchParams(search)
  if (to.clicks > 0) params.set('clicks', String(to.clicks))
  else params.delete('clicks')
  const query = params.toString().replace(/=(?=&|$)/g, '')
  const base = mode === 'presenter' ? `/presenter/${to.no}` : `/${to.no}`
  return query ? `${base}?${query}` : base
}

/** The router's address at this moment, read from the page's location (ahead of routeAtom while a move renders). */
export function liveAddress(): RouteAddress {
  return routerAddress(window.location, deckStore.get(configAtom).routerMode === 'hash', import.meta.env.BASE_URL)
}

/**
 * Where the address is at this moment. The router renders a move a little later (in a transition); keys pressed
 * meanwhile (held keys released all at once after hydration, a fast repeat) start from where the last move went.
 */
export function addressPosition(): Position {
  return pendingMove?.target ?? routePosition(liveAddress(), deckStore.get(deckShapeAtom)) ?? deckStore.get(positionAtom)
}

/**
 * A move the stage showed at once (instant-move.ts): its address is written, and React renders it, in the task after
 * its frame. A key pressed before that starts from it; any other move writes it first.
 */
let pendingMove: { target: Position; write: () => void; cancel: () => void } | null = null

function writePendingMove(): void {
  const move = pendingMove
  if (!move) return
  pendingMove = null
  move.cancel()
  move.write()
}

/** The position the router's address shows, for the route's own render (positionAtom follows once it is committed). */
export function useRoutePosition(): Position | null {
  return routePosition(useLocation(), useAtomValue(deckShapeAtom))
}

/**
 * routeAtom's one writer: the address the router has rendered (called by DeckRoutes, so after its routes' own
 * effects: a view states its mode before sync hears of the position). Set after the new slide is painted: what
 * follows a move (sync's publish re-rendering the timer and cursor, diagram prefetch) never delays that paint.
 */
export function useRouteSource(): void {
  const { pathname, search, hash } = useLocation()
  const setRoute = useSetAtom(routeAtom)
  const first = useRef(true)
  useEffect(() => {
    const set = () => setRoute({ pathname, search, hash })
    // The page's first address at once (sync must never hear of slide 1 on the way to slide 5); moves after the paint.
    if (!first.current) return afterPaint(set)
    first.current = false
    set()
  }, [pathname, search, hash, setRoute])
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
      const from = addressPosition()
      const shape = deckStore.get(deckShapeAtom)
      const no = Math.min(Math.max(1, Math.trunc(to.no) || 1), shape.total)
      const target = { no, clicks: Math.min(Math.max(0, to.clicks), shape.clicksOf(no)) }
      if (target.no === from.no && target.clicks === from.clicks) return
      const url = positionUrl(mode === 'print' ? 'play' : mode, target, liveAddress().search)
      const replace = target.no === from.no
      if (!replace && !pendingMove && mode === 'play' && revealAtOnce(from, target)) {
        // Shown already. The address, and React's render of the move (the chrome, the announcer, what other windows
        // hear), follow in the task after its frame, rendered as a transition: in slices that leave the animation's
        // frames room. Unless the page moved meanwhile, another way; a key pressed before then writes it first.
        const href = window.location.href
        const move = { target, write: () => window.location.href === href && startTransition(() => navigate(url)), cancel: () => {} }
        move.cancel = afterPaint(writePendingMove)
        pendingMove = move
        return
      }
      writePendingMove()
      navigate(url, { replace })
    },
    [navigate, mode],
  )
  const next = useCallback(() => go(nextPosition(addressPosition(), deckStore.get(deckShapeAtom))), [go])
  const prev = useCallback(() => go(prevPosition(addressPosition(), deckStore.get(deckShapeAtom))), [go])
  const nextSlide = useCallback(() => go(nextSlidePosition(addressPosition(), deckStore.get(deckShapeAtom))), [go])
  const prevSlide = useCallback(() => go(prevSlidePosition(addressPosition())), [go])
  return useMemo(() => ({ go, next, prev, nextSlide, prevSlide }), [go, next, prev, nextSlide, prevSlide])
}
