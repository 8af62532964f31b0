// The presenter's talk timer as arithmetic: start, pause, reset and the time shown, from a state any window can hold.
import type { TimerState } from '../../shared/sync-protocol'

export const STOPPED: TimerState = { status: 'stopped', elapsed: 0, since: 0 }

/** Milliseconds on the clock at `now`. */
export function timerElapsed(timer: TimerState, now: number): number {
  if (timer.status !== 'running') return timer.elapsed
  return timer.elapsed + Math.max(0, now - timer.since)
}

/** Starts or resumes counting from where the clock stands; a running timer is left alone. */
export function startTimer(timer: TimerState, now: number): TimerState {
  if (timer.status === 'running') return timer
  return { status: 'running', elapsed: timer.elapsed, since: now }
}

/** Freezes the clock at its current reading; only a running timer pauses. */
export function pauseTimer(timer: TimerState, now: number): TimerState {
  if (timer.status !== 'running') return timer
  return { status: 'paused', elapsed: timerElapsed(timer, now), since: now }
}

export function resetTimer(): TimerState {
  return STOPPED
}

/** 0:00 style under an hour, 1:02:03 above; negative or broken values show as 0:00. */
export function formatDuration(ms: number): string {
  const total = Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 1000) : 0
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = total % 60
  const two = (n: number) => String(n).padStart(2, '0')
  return h ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`
}

/** The wall clock as HH:MM. */
export function formatClock(date: Date): string {
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`
}
