// The dev frame around a draggable element being edited (Slidev's DragControl): drag it to move the element, its
// corner and side handles to resize it (Shift keeps a corner's ratio), the round handle above to rotate it; arrow keys
// move it by a pixel (Shift: 10) while the frame has focus; Escape, or a press outside, ends. Each release (and a
// pause after arrow keys) writes the place into the slide's frontmatter `dragPos`. Loaded only by the dev server.
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type PointerEvent as ReactPointerEvent, type RefObject } from 'react'
import { arrowStep, dragStyle, moveDragPos, resizeDragPos, rotationTowards, type DragHandle } from '../../logic/drag-frame'
import type { DragPos } from '../../../shared/drag'
import { saveDragPos } from './save'
import './drag.css'

export interface DragFrameProps {
  no: number
  name: string
  element: RefObject<HTMLElement | null>
  /** The element's place now; null while it has none (the frame measures where the slide put it). */
  pos: DragPos | null
  onMove: (pos: DragPos) => void
  onEnd: () => void
}

type Gesture = { kind: 'move' | 'rotate' } | { kind: 'resize'; handle: DragHandle }

const HANDLES: (DragHandle & { label: string })[] = [
  { sx: -1, sy: -1, label: 'top-left' },
  { sx: 0, sy: -1, label: 'top' },
  { sx: 1, sy: -1, label: 'top-right' },
  { sx: 1, sy: 0, label: 'right' },
  { sx: 1, sy: 1, label: 'bottom-right' },
  { sx: 0, sy: 1, label: 'bottom' },
  { sx: -1, sy: 1, label: 'bottom-left' },
  { sx: -1, sy: 0, label: 'left' },
]

/** Arrow keys are written this long after the last one, so a held key makes one write. */
const KEY_SAVE_DELAY = 400

/** The slide page the element is on, its size in slide px and its scale on screen. */
function slideOf(element: HTMLElement) {
  const page = (element.closest('.slidev-page') as HTMLElement | null) ?? (element.offsetParent as HTMLElement | null) ?? document.body
  const scale = page.getBoundingClientRect().width / (page.offsetWidth || 1) || 1
  return { width: page.offsetWidth, height: page.offsetHeight, scale }
}

const rounded = (pos: DragPos): DragPos => ({ x: Math.round(pos.x), y: Math.round(pos.y), w: Math.round(pos.w), h: pos.h === null ? null : Math.round(pos.h), rotate: Math.round(pos.rotate) })

export default function DragFrame({ no, name, element, pos, onMove, onEnd }: DragFrameProps) {
  const frame = useRef<HTMLDivElement>(null)
  const [height, setHeight] = useState(0)
  const [status, setStatus] = useState('')
  const gesture = useRef<{ what: Gesture; x: number; y: number; start: DragPos; height: number } | null>(null)
  const pendingKeys = useRef<ReturnType<typeof setTimeout> | null>(null)
  const latest = useRef(pos)
  latest.current = pos

  // An element without a place starts from where the slide put it (its layout box, before any rotation).
  useLayoutEffect(() => {
    const el = element.current
    if (pos || !el) return
    onMove({ x: el.offsetLeft, y: el.offsetTop, w: el.offsetWidth, h: el.offsetHeight, rotate: 0 })
  }, [pos, element, onMove])
  // A height that follows the content is measured for the frame.
  useLayoutEffect(() => {
    const el = element.current
    if (!el) return
    const measure = () => setHeight(el.offsetHeight)
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    return () => observer.disconnect()
  }, [element])
  // The keyboard goes to the frame as soon as it shows (an element without a place shows it once measured).
  const shown = pos !== null
  useEffect(() => {
    if (shown) frame.current?.focus({ preventScroll: true })
  }, [shown])

  const save = (place: DragPos) => {
    setStatus('Saving…')
    void saveDragPos(no, name, place).then((problem) => setStatus(problem ?? `Saved dragPos ${name}.`))
  }
  const flushKeys = () => {
    if (pendingKeys.current === null) return
    clearTimeout(pendingKeys.current)
    pendingKeys.current = null
    if (latest.current) save(rounded(latest.current))
  }
  const flushRef = useRef(flushKeys)
  flushRef.current = flushKeys
  useEffect(() => () => flushRef.current(), [])

  // A press anywhere but the frame or the element ends the editing.
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node | null
      if (target && (frame.current?.contains(target) || element.current?.contains(target))) return
      onEnd()
    }
    window.addEventListener('pointerdown', onPointerDown, true)
    return () => window.removeEventListener('pointerdown', onPointerDown, true)
  }, [element, onEnd])

  if (!pos) return null
  const shownHeight = pos.h ?? height

  const begin = (what: Gesture) => (event: ReactPointerEvent<HTMLElement>) => {
    if (event.button !== 0) return
    event.preventDefault()
    event.stopPropagation()
    flushKeys()
    frame.current?.focus({ preventScroll: true })
    event.currentTarget.setPointerCapture(event.pointerId)
    gesture.current = { what, x: event.clientX, y: event.clientY, start: pos, height: shownHeight }
  }
  const onPointerMove = (event: ReactPointerEvent<HTMLElement>) => {
    const now = gesture.current
    const el = element.current
    if (!now || !el) return
    event.preventDefault()
    event.stopPropagation()
    const slide = slideOf(el)
    const dx = (event.clientX - now.x) / slide.scale
    const dy = (event.clientY - now.y) / slide.scale
    if (now.what.kind === 'move') onMove(moveDragPos(now.start, now.height, dx, dy, slide))
    else if (now.what.kind === 'resize') onMove(resizeDragPos({ ...now.start, h: now.height }, now.what.handle, dx, dy, event.shiftKey))
    else {
      const box = frame.current!.getBoundingClientRect()
      onMove({ ...now.start, rotate: rotationTowards({ x: box.left + box.width / 2, y: box.top + box.height / 2 }, { x: event.clientX, y: event.clientY }) })
    }
  }
  const onPointerUp = (event: ReactPointerEvent<HTMLElement>) => {
    if (!gesture.current) return
    event.preventDefault()
    event.stopPropagation()
    gesture.current = null
    if (!latest.current) return
    const place = rounded(latest.current)
    onMove(place)
    save(place)
  }
  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      flushKeys()
      onEnd()
      // Back to the element, where Enter opens the frame again.
      element.current?.focus({ preventScroll: true })
      return
    }
    const step = arrowStep(event.key, event.shiftKey)
    const el = element.current
    if (!step || !el) return
    event.preventDefault()
    event.stopPropagation()
    onMove(moveDragPos(pos, shownHeight, step.dx, step.dy, slideOf(el)))
    if (pendingKeys.current !== null) clearTimeout(pendingKeys.current)
    pendingKeys.current = setTimeout(() => {
      pendingKeys.current = null
      if (latest.current) save(rounded(latest.current))
    }, KEY_SAVE_DELAY)
  }
  const resizable = pos.h !== null
  const pointer = { onPointerMove, onPointerUp, onPointerCancel: onPointerUp }
  return (
    <div
      ref={frame}
      className="deck-drag-frame"
      style={{ ...dragStyle({ ...pos, h: shownHeight }), zIndex: 101 }}
      tabIndex={0}
      role="group"
      aria-label={`Place of "${name}": drag to move; arrow keys move it by a pixel, with Shift by 10; Escape ends`}
      data-testid="drag-frame"
      data-no-nav=""
      onPointerDown={begin({ kind: 'move' })}
      onKeyDown={onKeyDown}
      onDoubleClick={(event) => event.stopPropagation()}
      {...pointer}
    >
      {HANDLES.filter((h) => resizable || h.sy === 0).map((handle) => (
        <div
          key={handle.label}
          className="deck-drag-handle"
          data-handle={handle.label}
          aria-hidden="true"
          style={{ left: `${(handle.sx + 1) * 50}%`, top: `${(handle.sy + 1) * 50}%`, cursor: handle.sx === 0 ? 'ns-resize' : handle.sy === 0 ? 'ew-resize' : handle.sx === handle.sy ? 'nwse-resize' : 'nesw-resize' }}
          onPointerDown={begin({ kind: 'resize', handle })}
          {...pointer}
        />
      ))}
      <div className="deck-drag-stem" aria-hidden="true" />
      <div className="deck-drag-handle deck-drag-rotate" data-handle="rotate" aria-hidden="true" onPointerDown={begin({ kind: 'rotate' })} {...pointer} />
      <span className="deck-drag-status" role="status">
        {status}
      </span>
    </div>
  )
}
