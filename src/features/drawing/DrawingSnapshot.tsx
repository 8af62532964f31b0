// Makes a slide's drawing visible where nobody draws: presenter previews, overview thumbnails, print pages.
import { useEffect, useMemo, useRef } from 'react'
import { atom, useAtomValue, useStore } from 'jotai'
import { configAtom } from '../../state/deck'
import { drawingsAtom } from '../../state/drawings'
import { sanitizeDrawing } from './markup'
import { loadSavedDrawings } from './persistence'
import './drawing.css'

let snapshots = 0

/**
 * The drawing of slide `no`, read-only, in slide coordinates: put it inside a SlideCanvas next to the
 * SlideRenderer of the same slide and it scales with it.
 */
export default function DrawingSnapshot({ no, className }: { no: number; className?: string }) {
  const { canvasWidth, canvasHeight, drawings } = useAtomValue(configAtom)
  const store = useStore()
  // A print page has no drawing layer: saved drawings come in through here.
  useEffect(() => {
    if (drawings.persist) void loadSavedDrawings(store)
  }, [drawings.persist, store])
  // Only this slide's entry: drawing on another slide does not re-render this one.
  const markup = useAtomValue(useMemo(() => atom((get) => get(drawingsAtom)[no] ?? ''), [no]))
  const scope = useRef('')
  if (!scope.current) scope.current = `snap${++snapshots}-`
  const html = useMemo(() => sanitizeDrawing(markup, scope.current), [markup])
  if (!html) return null
  return (
    <svg
      className={['deck-drawing-snapshot', className].filter(Boolean).join(' ')}
      viewBox={`0 0 ${canvasWidth} ${canvasHeight}`}
      aria-hidden="true"
      data-drawing-no={no}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}
