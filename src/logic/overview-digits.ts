// Typing a slide number in the overview (spec.md section 5, with Slidev's fix so the last slide is reachable).

export interface DigitState {
  typed: string
}

export interface DigitResult extends DigitState {
  /** Jump to this slide now. */
  jump?: number
  /** The slide whose number equals what is typed so far, for the selection. */
  select?: number
}

/** One key press in the overview; `total` is the number of slides. */
export function typeDigit(state: DigitState, key: string, total: number): DigitResult {
  if (key === 'Enter') return state.typed ? { typed: '', jump: Number(state.typed) } : { typed: '' }
  if (!/^[0-9]$/.test(key)) return { typed: '' }
  if (state.typed === '' && key === '0') return { typed: '' }
  const typed = state.typed + key
  const value = Number(typed)
  if (value > total) return { typed: '' }
  // Once no higher slide number can start with these digits, there is nothing left to wait for.
  if (value * 10 > total) return { typed: '', jump: value }
  return { typed, select: value }
}

/** Whether a slide number starts with the typed digits (for highlighting matches). */
export function matchesTyped(no: number, typed: string): boolean {
  return typed !== '' && String(no).startsWith(typed)
}

/** Thumbnail width for a window width, on the breakpoints of spec.md section 9. */
export function thumbnailWidth(windowWidth: number): number {
  if (windowWidth < 460) return Math.max(160, windowWidth - 48)
  if (windowWidth < 640) return 180
  if (windowWidth < 768) return 220
  if (windowWidth < 1024) return 260
  return 300
}

/** The index after an arrow key in a grid of `count` items with `columns` per row. */
export function moveInGrid(index: number, key: string, count: number, columns: number): number {
  const delta = key === 'ArrowLeft' ? -1 : key === 'ArrowRight' ? 1 : key === 'ArrowUp' ? -columns : key === 'ArrowDown' ? columns : 0
  const next = index + delta
  return next < 0 || next >= count ? index : next
}
