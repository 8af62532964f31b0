// Whether a talk is on time: where the presenter is in the deck against the clock, from the planned length.
import type { Position } from './nav'

export interface PacingPlan {
  /** The talk's planned length in ms. */
  total: number
  /** Planned start of each slide (index 0 = slide 1), in ms from the start of the talk. */
  starts: number[]
  /** Planned length of each slide in ms. */
  lengths: number[]
}

/**
 * Spreads the talk's length over its slides: a slide's own `duration` is kept, the rest of the time is shared evenly
 * by the others. When the slides' own durations add up to more than the talk, the plan is their sum.
 */
export function pacingPlan(total: number, slideDurations: readonly (number | null | undefined)[]): PacingPlan {
  const own = slideDurations.map((d) => (typeof d === 'number' && d > 0 ? d : null))
  const fixed = own.reduce<number>((sum, d) => sum + (d ?? 0), 0)
  const free = own.filter((d) => d === null).length
  const share = free ? Math.max(0, total - fixed) / free : 0
  const lengths = own.map((d) => d ?? share)
  const starts: number[] = []
  let at = 0
  for (const length of lengths) {
    starts.push(at)
    at += length
  }
  return { total: Math.max(total, at), starts, lengths }
}

export type PacingState = 'ahead' | 'on-time' | 'behind'
/** How the bar looks: calm, amber (running late), red (far behind, or over time). */
export type PacingLevel = 'ok' | 'late' | 'very-late'

export interface PacingStatus {
  elapsed: number
  /** Planned length minus elapsed; negative once over time. */
  remaining: number
  state: PacingState
  /** How far ahead or behind, in ms (0 when on time). */
  by: number
  level: PacingLevel
}

/** Behind by more than this share of the talk turns amber (a few seconds over one slide's share is no alarm)… */
export const LATE_SHARE = 0.02
/** …and by more than this share, red. */
export const VERY_LATE_SHARE = 0.1

/**
 * The pacing at a position and time. The current step owns a window of the plan (its slide's planned time divided
 * among its clicks): before the window the talk is ahead, after it behind, inside it on time.
 */
export function pacingStatus(plan: PacingPlan, at: Position, slideClicks: number, elapsed: number): PacingStatus {
  const index = Math.min(Math.max(at.no, 1), plan.starts.length) - 1
  const start = plan.starts[index] ?? 0
  const length = plan.lengths[index] ?? 0
  const steps = Math.max(0, slideClicks) + 1
  const step = Math.min(Math.max(at.clicks, 0), steps - 1)
  const from = start + (length * step) / steps
  const to = start + (length * (step + 1)) / steps
  const remaining = plan.total - elapsed
  let state: PacingState = 'on-time'
  let by = 0
  if (elapsed < from) {
    state = 'ahead'
    by = from - elapsed
  } else if (elapsed > to) {
    state = 'behind'
    by = elapsed - to
  }
  const late = (share: number) => state === 'behind' && by > plan.total * share
  const level: PacingLevel = remaining < 0 || late(VERY_LATE_SHARE) ? 'very-late' : late(LATE_SHARE) ? 'late' : 'ok'
  return { elapsed, remaining, state, by, level }
}
