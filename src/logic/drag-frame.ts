// Where a draggable element stands (its style), and the geometry of the dev frame that moves, resizes and rotates a draggable element (as Slidev's DragControl): pure,
// in slide pixels; the frame feeds it pointer movements already divided by the slide's scale.
import type { CSSProperties } from 'react'
import { DRAG_MIN_SIZE, type DragPos } from '../../shared/drag'

/**
 * The style that puts the element at its place (Slidev's containerStyle). One without a place keeps its place in the
 * flow: Slidev takes it out (absolute, no offsets), which in a block layout leaves it where it stood, but the layouts
 * here are flex columns, where that would move it to the top of the slide.
 */
export function dragStyle(pos: DragPos | null): CSSProperties {
  if (!pos) return {}
  return {
    position: 'absolute',
    zIndex: 100,
    left: `${pos.x}px`,
    top: `${pos.y}px`,
    width: `${pos.w}px`,
    ...(pos.h === null ? {} : { height: `${pos.h}px` }),
    transformOrigin: 'center center',
    transform: `rotate(${pos.rotate}deg)`,
  }
}

/** A handle: -1 the left (top) edge, 1 the right (bottom) one, 0 neither; a corner has both. */
export interface DragHandle {
  sx: -1 | 0 | 1
  sy: -1 | 0 | 1
}

/** The part of the element that stays on the slide when it is pushed off (Slidev's `minRemain`). */
const MIN_REMAIN = 10
/** Angles a rotation snaps to when it comes within this many degrees of them. */
const SNAP = 5

/** The place moved by (dx, dy), kept with at least 10 px on the slide. */
export function moveDragPos(start: DragPos, height: number, dx: number, dy: number, slide: { width: number; height: number }): DragPos {
  const x = Math.min(Math.max(start.x + dx, MIN_REMAIN - start.w), slide.width - MIN_REMAIN)
  const y = Math.min(Math.max(start.y + dy, MIN_REMAIN - height), slide.height - MIN_REMAIN)
  return { ...start, x, y }
}

/**
 * The place after a handle moved by (dx, dy): the opposite edge or corner stays where it is, the size never goes below
 * 40 px; `keepRatio` (Shift) keeps a corner's width to height. The movement is read along the element's own (rotated) axes.
 */
export function resizeDragPos(start: DragPos & { h: number }, handle: DragHandle, dx: number, dy: number, keepRatio: boolean): DragPos {
  const rad = (start.rotate * Math.PI) / 180
  const [cos, sin] = [Math.cos(rad), Math.sin(rad)]
  // The movement in the element's axes.
  const lx = dx * cos + dy * sin
  const ly = -dx * sin + dy * cos
  let w = handle.sx === 0 ? start.w : Math.max(start.w + handle.sx * lx, DRAG_MIN_SIZE)
  let h = handle.sy === 0 ? start.h : Math.max(start.h + handle.sy * ly, DRAG_MIN_SIZE)
  if (keepRatio && handle.sx !== 0 && handle.sy !== 0) {
    const ratio = start.w / start.h
    w = Math.max(w, h * ratio, DRAG_MIN_SIZE, DRAG_MIN_SIZE * ratio)
    h = w / ratio
  }
  // The centre moves by half the growth, towards the handle, in the element's axes; back to the slide's axes.
  const gx = (handle.sx * (w - start.w)) / 2
  const gy = (handle.sy * (h - start.h)) / 2
  const cx = start.x + start.w / 2 + gx * cos - gy * sin
  const cy = start.y + start.h / 2 + gx * sin + gy * cos
  return { ...start, x: cx - w / 2, y: cy - h / 2, w, h }
}

/** The rotation that points the element's top at `pointer` from its `center`, snapped near 0, 90, 180 and 270 degrees. */
export function rotationTowards(center: { x: number; y: number }, pointer: { x: number; y: number }): number {
  let angle = (Math.atan2(pointer.y - center.y, pointer.x - center.x) * 180) / Math.PI + 90
  if (angle < 0) angle += 360
  for (const snap of [0, 90, 180, 270, 360]) if (Math.abs(angle - snap) < SNAP) return snap % 360
  return angle > 180 ? angle - 360 : angle
}

/** The step an arrow key moves the element by (Shift: 10 px), or null for another key. */
export function arrowStep(key: string, shift: boolean): { dx: number; dy: number } | null {
  const step = shift ? 10 : 1
  switch (key) {
    case 'ArrowLeft':
      return { dx: -step, dy: 0 }
    case 'ArrowRight':
      return { dx: step, dy: 0 }
    case 'ArrowUp':
      return { dx: 0, dy: -step }
    case 'ArrowDown':
      return { dx: 0, dy: step }
    default:
      return null
  }
}
