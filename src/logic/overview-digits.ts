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

/**
 * Thumbnail width for a window width (spec.md section 9: 300 px; Slidev's narrower cards below its breakpoints):
 * under xs (460) one card fills the row, under sm (640) two share it. `available` is the grid's own width (the
 * window less any scrollbar), `padding` its left plus right padding, `gap` the space between cards.
 */
export function thumbnailWidth(windowWidth: number, available = windowWidth, padding = 40, gap = 18): number {
  if (windowWidth < 460) return Math.max(120, Math.floor(available - padding))
  if (windowWidth < 640) return Math.max(120, Math.floor((available - padding - gap) / 2))
  return 300
}

/** The index after a key in a grid of `count` items with `columns` per row: arrows (up and down by a row), Home, End. */
export function moveInGrid(index: number, key: string, count: number, columns: number): number {
  if (count <= 0) return index
  if (key === 'Home') return 0
  if (key === 'End') return count - 1
  const cols = Math.max(1, Math.floor(columns))
  const delta = key === 'ArrowLeft' ? -1 : key === 'ArrowRight' ? 1 : key === 'ArrowUp' ? -cols : key === 'ArrowDown' ? cols : 0
  const next = index + delta
  return next < 0 || next >= count ? index : next
}
