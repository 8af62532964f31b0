// Lets the presenter size the notes layout: drag the bar between slides and notes (or focus it and use the arrows).
import { useRef, type KeyboardEvent, type PointerEvent } from 'react'
import { useAtom } from 'jotai'
import { presenterNotesSplitAtom } from '../../state/preferences'
import { clampNotesSplit, NOTES_SPLIT_MAX, NOTES_SPLIT_MIN } from '../../logic/presenter'

const KEY_STEP = 0.02

export default function NotesSplit({ label }: { label: string }) {
  const [split, setSplit] = useAtom(presenterNotesSplitAtom)
  const dragging = useRef(false)
  const value = clampNotesSplit(split)

  // The split is a share of the presenter body's width, so it survives window resizes.
  const fromPointer = (event: PointerEvent<HTMLDivElement>) => {
    const body = event.currentTarget.parentElement?.getBoundingClientRect()
    if (!body || body.width <= 0) return
    setSplit(clampNotesSplit((event.clientX - body.left) / body.width))
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowLeft' ? -KEY_STEP : event.key === 'ArrowRight' ? KEY_STEP : 0
    const edge = event.key === 'Home' ? NOTES_SPLIT_MIN : event.key === 'End' ? NOTES_SPLIT_MAX : null
    if (!step && edge === null) return
    // The arrows resize here; they must not also turn the slide.
    event.preventDefault()
    event.stopPropagation()
    setSplit(clampNotesSplit(edge ?? value + step))
  }
  return (
    <div
      className="presenter-split"
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      title={label}
      aria-valuemin={Math.round(NOTES_SPLIT_MIN * 100)}
      aria-valuemax={Math.round(NOTES_SPLIT_MAX * 100)}
      aria-valuenow={Math.round(value * 100)}
      tabIndex={0}
      data-testid="notes-split"
      onKeyDown={onKeyDown}
      onPointerDown={(event) => {
        dragging.current = true
        event.currentTarget.setPointerCapture(event.pointerId)
        event.preventDefault()
      }}
      onPointerMove={(event) => dragging.current && fromPointer(event)}
      onPointerUp={(event) => {
        if (!dragging.current) return
        dragging.current = false
        fromPointer(event)
      }}
      onPointerCancel={() => (dragging.current = false)}
    />
  )
}
