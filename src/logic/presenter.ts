// The presenter view's rules: notes font size, which part of a note is spoken now, what comes next, when a screen is a phone.
import { nextPosition, type DeckShape, type Position } from './nav'

export const FONT_SIZE_MIN = 0.5
export const FONT_SIZE_MAX = 2
export const FONT_SIZE_STEP = 0.1

/** A notes font size on the 0.1 grid between 0.5 and 2; anything unreadable becomes 1. */
export function clampFontSize(value: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 1
  const stepped = Math.round(value / FONT_SIZE_STEP) / 10
  return Math.min(FONT_SIZE_MAX, Math.max(FONT_SIZE_MIN, stepped))
}

/** One step larger (+1) or smaller (−1), clamped; float drift (0.1 + 0.2) never leaks into the stored value. */
export function stepFontSize(value: number, direction: 1 | -1): number {
  return clampFontSize(clampFontSize(value) + direction * FONT_SIZE_STEP)
}

export type NoteSegmentState = 'past' | 'current' | 'future'

/**
 * The state of each note segment (its `[click]` number) at a click step: the spoken part is the last segment whose
 * number is at or below the step; earlier ones are past, later ones to come.
 */
export function noteSegmentStates(segmentClicks: number[], clicks: number): NoteSegmentState[] {
  let current = -1
  segmentClicks.forEach((click, i) => {
    if (click <= clicks && (current < 0 || click >= (segmentClicks[current] ?? 0))) current = i
  })
  return segmentClicks.map((click, i) => (i === current ? 'current' : click <= clicks ? 'past' : 'future'))
}

/** The next step shown as a preview: the next click of this slide, the next slide, or null at the very end. */
export function previewPosition(at: Position, deck: DeckShape): Position | null {
  const next = nextPosition(at, deck)
  return next.no === at.no && next.clicks === at.clicks ? null : next
}

/** Screens narrower than the sm breakpoint (640 px, spec.md section 9) get the phone clicker. */
export const PHONE_QUERY = '(max-width: 639.98px)'

/** The presenter layouts: 1 slide large with next and notes beside, 2 slide and notes side by side, 3 notes large. */
export type PresenterLayout = 1 | 2 | 3
export function nextLayout(layout: PresenterLayout): PresenterLayout {
  return layout === 3 ? 1 : ((layout + 1) as PresenterLayout)
}

/** The notes layout's split: the slides' column as a share of the width, kept readable on both sides. */
export const NOTES_SPLIT_MIN = 0.15
export const NOTES_SPLIT_MAX = 0.7
export const NOTES_SPLIT_DEFAULT = 0.32
export function clampNotesSplit(value: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return NOTES_SPLIT_DEFAULT
  return Math.min(NOTES_SPLIT_MAX, Math.max(NOTES_SPLIT_MIN, Math.round(value * 1000) / 1000))
}
