// Makes the drawing layer appear over the played slide without putting drauu in the first load: it comes once the
// slide is up (or at once when there is something to draw or show), with a read-only copy meanwhile.
import { lazy, Suspense, useEffect, useState } from 'react'
import { useAtomValue } from 'jotai'
import { drawingsAtom } from '../../state/drawings'
import { drawingModeAtom } from '../../state/ui'
import { drawingPinnedAtom } from '../../state/preferences'
import { drawingRoleAtom } from './role'
import DrawingSnapshot from './DrawingSnapshot'

const DrawingLayer = lazy(() => import('./DrawingLayer'))
const IDLE_TIMEOUT = 1500

export default function DrawingSlot({ no }: { no: number }) {
  const { available } = useAtomValue(drawingRoleAtom)
  const drawingMode = useAtomValue(drawingModeAtom)
  const pinned = useAtomValue(drawingPinnedAtom)
  const hasDrawings = useAtomValue(drawingsAtom)[no] ? true : false
  const [idle, setIdle] = useState(false)

  useEffect(() => {
    if (!available || idle) return
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(() => setIdle(true), { timeout: IDLE_TIMEOUT })
      return () => cancelIdleCallback(handle)
    }
    const timer = window.setTimeout(() => setIdle(true), 200)
    return () => window.clearTimeout(timer)
  }, [available, idle])

  if (!available) return null
  const load = idle || drawingMode || pinned || hasDrawings
  const copy = <DrawingSnapshot no={no} />
  return load ? <Suspense fallback={copy}><DrawingLayer no={no} /></Suspense> : copy
}
