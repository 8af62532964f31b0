// Makes the presenter's pointer visible on audience screens: the presenter view reports it, audience slides draw a dot.
import { useEffect, type RefObject } from 'react'
import { useAtomValue } from 'jotai'
import { sharedStateAtom } from '../../state/sync/atoms'
import { updateShared } from '../../state/sync/controller'
import { viewModeAtom } from '../../state/nav'
import { configAtom } from '../../state/deck'

/** The pointer is relayed at most 25 times a second: smooth enough to follow, well inside relays' rate limits. */
const CURSOR_INTERVAL = 40

/** Audience side: the presenter's pointer over this slide (kept small and out of the way of clicks). */
export default function PresenterCursor({ no }: { no: number }) {
  const { cursor, page } = useAtomValue(sharedStateAtom)
  const mode = useAtomValue(viewModeAtom)
  if (mode !== 'play' || !cursor || page !== no) return null
  return (
    <div
      className="presenter-cursor"
      data-testid="presenter-cursor"
      aria-hidden="true"
      style={{
        position: 'absolute',
        left: cursor.x,
        top: cursor.y,
        width: 18,
        height: 18,
        margin: '-9px 0 0 -9px',
        borderRadius: '50%',
        background: 'rgba(230, 57, 70, 0.85)',
        boxShadow: '0 0 0 3px rgba(255, 255, 255, 0.8), 0 0 8px rgba(0, 0, 0, 0.4)',
        pointerEvents: 'none',
        zIndex: 30,
      }}
    />
  )
}

/**
 * Presenter side: while `enabled`, reports the pointer over the slide inside `boxRef` in slide pixels, and null when
 * it leaves the slide or the toggle goes off.
 */
export function usePresenterPointer(boxRef: RefObject<HTMLElement | null>, enabled: boolean) {
  const canvasWidth = useAtomValue(configAtom).canvasWidth
  useEffect(() => {
    const el = boxRef.current
    if (!el || !enabled) {
      updateShared({ cursor: null })
      return
    }
    let pending: { x: number; y: number } | null = null
    let timer: ReturnType<typeof setTimeout> | undefined
    let sentAt = 0
    const flush = () => {
      timer = undefined
      sentAt = Date.now()
      updateShared({ cursor: pending })
    }
    const onMove = (event: PointerEvent) => {
      // The slide is scaled by CSS inside its box: screen pixels map back to slide pixels through its on-screen size.
      const slide = el.querySelector('.slidev-slide-content')
      if (!slide) return
      const rect = slide.getBoundingClientRect()
      const inside = event.clientX >= rect.left && event.clientX <= rect.right && event.clientY >= rect.top && event.clientY <= rect.bottom
      const scale = rect.width / canvasWidth || 1
      const next = inside ? { x: Math.round((event.clientX - rect.left) / scale), y: Math.round((event.clientY - rect.top) / scale) } : null
      if (!next && !pending) return
      pending = next
      if (!timer) timer = setTimeout(flush, Math.max(0, CURSOR_INTERVAL - (Date.now() - sentAt)))
    }
    const onLeave = () => {
      clearTimeout(timer)
      timer = undefined
      pending = null
      updateShared({ cursor: null })
    }
    el.addEventListener('pointermove', onMove)
    el.addEventListener('pointerleave', onLeave)
    return () => {
      clearTimeout(timer)
      el.removeEventListener('pointermove', onMove)
      el.removeEventListener('pointerleave', onLeave)
      updateShared({ cursor: null })
    }
  }, [boxRef, enabled, canvasWidth])
}
