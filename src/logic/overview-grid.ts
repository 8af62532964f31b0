// The overview's grid as arithmetic: columns, rows and which rows are near the viewport, so only those render.

export interface GridGeometry {
  columns: number
  rows: number
  /** Card height plus the gap below it: the distance from one row's top to the next. */
  rowHeight: number
  /** Height of all rows, padding included: the scrollable height. */
  totalHeight: number
  paddingTop: number
  cardHeight: number
}

export interface GridInput {
  count: number
  /** Width available for cards (the grid's client width). */
  width: number
  cardWidth: number
  cardHeight: number
  gap: number
  paddingX: number
  paddingTop: number
  paddingBottom: number
}

export function gridGeometry({ count, width, cardWidth, cardHeight, gap, paddingX, paddingTop, paddingBottom }: GridInput): GridGeometry {
  const columns = Math.max(1, Math.floor((width - paddingX + gap) / (cardWidth + gap)))
  const rows = Math.ceil(Math.max(0, count) / columns)
  const rowHeight = cardHeight + gap
  const totalHeight = paddingTop + Math.max(0, rows * rowHeight - gap) + paddingBottom
  return { columns, rows, rowHeight, totalHeight, paddingTop, cardHeight }
}

/** The first and last row (inclusive, 0-based) that touch the viewport or lie within `overscan` rows of it. */
export function rowsNear(scrollTop: number, viewportHeight: number, grid: GridGeometry, overscan = 1): [number, number] {
  if (grid.rows === 0) return [0, -1]
  const top = Math.max(0, scrollTop - grid.paddingTop)
  const first = Math.max(0, Math.floor(top / grid.rowHeight) - overscan)
  const last = Math.min(grid.rows - 1, Math.floor((top + Math.max(0, viewportHeight)) / grid.rowHeight) + overscan)
  return [Math.min(first, last), last]
}

/** The row of slide `no` (1-based). */
export function rowOf(no: number, grid: GridGeometry): number {
  return Math.floor((no - 1) / grid.columns)
}

/** The scroll position that shows `row` whole while moving as little as possible (or centres it). */
export function scrollForRow(row: number, scrollTop: number, viewportHeight: number, grid: GridGeometry, mode: 'nearest' | 'center' = 'nearest'): number {
  const top = grid.paddingTop + row * grid.rowHeight
  const bottom = top + grid.cardHeight
  const max = Math.max(0, grid.totalHeight - viewportHeight)
  let next = scrollTop
  if (mode === 'center') next = top - (viewportHeight - (bottom - top)) / 2
  else if (top < scrollTop) next = top - grid.paddingTop
  else if (bottom > scrollTop + viewportHeight) next = bottom - viewportHeight + grid.paddingTop
  return Math.round(Math.min(max, Math.max(0, next)))
}
