// The overview's rules: digits typed to pick a slide (spec.md section 5, with Slidev's fix), the grid, card widths.
import { describe, expect, it } from 'vitest'
import { typeDigit, matchesTyped, moveInGrid, thumbnailWidth } from '../../src/logic/overview-digits'
import { gridGeometry, rowsNear, rowOf, scrollForRow } from '../../src/logic/overview-grid'

/** Types `keys` one by one; returns the slide jumped to (or null) and what is left typed. */
function typeAll(keys: string[], total: number): { jump: number | null; typed: string; selected: number | null } {
  let typed = ''
  let selected: number | null = null
  for (const key of keys) {
    const result = typeDigit({ typed }, key, total)
    typed = result.typed
    if (result.select) selected = result.select
    if (result.jump) return { jump: result.jump, typed, selected }
  }
  return { jump: null, typed, selected }
}

describe('typing a slide number in the overview (107 slides)', () => {
  // [keys, slide jumped to or null, digits left typed]
  const cases: [string[], number | null, string][] = [
    [['5'], null, '5'], // 50-59 could follow: wait
    [['2'], null, '2'],
    [['2', '0'], 20, ''], // 200 > 107: nothing longer starts with 20
    [['9', '9'], 99, ''],
    [['1', '2'], 12, ''], // 120 > 107
    [['1', '0'], null, '10'], // 100-107 start with 10
    [['1', '0', '7'], 107, ''], // the last slide is reachable ("above", not "at or above", resets)
    [['1', '0', '8'], null, ''], // above the count: reset
    [['1', '0', '0'], 100, ''],
    [['1', '1'], 11, ''], // 110 > 107
    [['0'], null, ''], // a leading 0 is ignored
    [['0', '0', '7'], null, '7'],
    [['0', '1', '2'], 12, ''],
    [['1', 'Enter'], 1, ''], // Enter jumps to what is typed
    [['1', '0', 'Enter'], 10, ''],
    [['1', 'x', '2'], null, '2'], // a non-digit clears
    [['1', 'Backspace', '5'], null, '5'],
    [['Enter'], null, ''], // nothing typed: the caller opens the selected card
  ]
  it.each(cases)('%j → jump %s, typed "%s"', (keys, jump, typed) => {
    const result = typeAll(keys, 107)
    expect(result.jump).toBe(jump)
    expect(result.typed).toBe(typed)
  })

  it('selects the slide whose number is typed so far', () => {
    expect(typeAll(['1'], 107).selected).toBe(1)
    expect(typeAll(['1', '0'], 107).selected).toBe(10)
  })
})

describe('typing a slide number in small and round decks', () => {
  const cases: [number, string[], number | null, string][] = [
    [6, ['3'], 3, ''], // no two-digit slide: every digit jumps at once
    [6, ['6'], 6, ''],
    [6, ['7'], null, ''],
    [10, ['1'], null, '1'], // 10 exists
    [10, ['1', '0'], 10, ''],
    [10, ['2'], 2, ''],
    [100, ['1', '0', '0'], 100, ''],
    [100, ['1', '0', '1'], null, ''],
    [1000, ['1', '0', '0'], null, '100'], // 1000 still possible
    [1000, ['1', '0', '0', '0'], 1000, ''],
    [1, ['1'], 1, ''],
  ]
  it.each(cases)('%i slides: %j → jump %s, typed "%s"', (total, keys, jump, typed) => {
    const result = typeAll(keys, total)
    expect(result.jump).toBe(jump)
    expect(result.typed).toBe(typed)
  })
})

describe('matching prefixes are highlighted', () => {
  it.each([
    [1, '1', true],
    [10, '1', true],
    [107, '10', true],
    [21, '1', false],
    [5, '', false],
  ] as const)('slide %i with "%s" typed → %s', (no, typed, match) => {
    expect(matchesTyped(no, typed)).toBe(match)
  })
})

describe('arrows move the selection in the grid', () => {
  // 10 cards, 4 per row: 0 1 2 3 / 4 5 6 7 / 8 9
  it.each([
    [5, 'ArrowRight', 6],
    [5, 'ArrowLeft', 4],
    [5, 'ArrowUp', 1], // up by a row
    [5, 'ArrowDown', 9], // down by a row
    [6, 'ArrowDown', 6], // no card below: stay
    [1, 'ArrowUp', 1],
    [0, 'ArrowLeft', 0],
    [9, 'ArrowRight', 9],
    [3, 'ArrowRight', 4], // wraps into the next row like reading order
    [5, 'Home', 0],
    [5, 'End', 9],
    [5, 'x', 5],
  ] as const)('from %i, %s → %i', (from, key, to) => {
    expect(moveInGrid(from, key, 10, 4)).toBe(to)
  })
  it('survives odd column counts and empty grids', () => {
    expect(moveInGrid(2, 'ArrowDown', 10, 0)).toBe(3)
    expect(moveInGrid(0, 'ArrowDown', 0, 4)).toBe(0)
  })
})

describe('thumbnail width follows the breakpoints of spec.md section 9', () => {
  it.each([
    [1920, 300],
    [1024, 300],
    [768, 300],
    [640, 300],
    [639, Math.floor((639 - 40 - 18) / 2)], // below sm: two per row
    [460, Math.floor((460 - 40 - 18) / 2)],
    [459, 459 - 40], // below xs: one per row
    [320, 280],
    [100, 120], // never vanishes
  ])('window %i px → %i px', (width, expected) => {
    expect(thumbnailWidth(width)).toBe(expected)
  })
  it('sizes narrow cards from the grid’s own width (the window less its scrollbar)', () => {
    expect(thumbnailWidth(400, 385)).toBe(345)
    expect(thumbnailWidth(600, 585)).toBe(Math.floor((585 - 58) / 2))
    expect(thumbnailWidth(1280, 1265)).toBe(300)
  })
})

describe('only the rows near the viewport render', () => {
  // 1000 slides, 300 px cards 195 px tall, in a 1240 px wide grid: 3 per row (300 × 4 + 18 × 3 > 1240 − 40).
  const grid = gridGeometry({ count: 1000, width: 1240, cardWidth: 300, cardHeight: 195, gap: 18, paddingX: 40, paddingTop: 8, paddingBottom: 40 })
  it('lays out columns, rows and the scrollable height', () => {
    expect(grid.columns).toBe(3)
    expect(grid.rows).toBe(334)
    expect(grid.rowHeight).toBe(213)
    expect(grid.totalHeight).toBe(8 + 334 * 213 - 18 + 40)
  })
  it.each([
    [0, 666, [0, 4]], // rows 0-3 visible, one more below
    [213 * 100, 666, [98, 104]], // row 99's gap is still in view at the top
    [grid.totalHeight - 666, 666, [329, 333]], // the bottom: nothing past the last row
  ] as const)('scrolled to %i in a %i px viewport → rows %j', (scrollTop, height, rows) => {
    expect(rowsNear(scrollTop, height, grid, 1)).toEqual(rows)
  })
  it('renders a handful of cards whatever the deck size', () => {
    const [first, last] = rowsNear(213 * 500, 666, grid, 1)
    expect((last - first + 1) * grid.columns).toBeLessThanOrEqual(21)
  })
  it('finds the row of a slide and scrolls it into view', () => {
    expect(rowOf(1, grid)).toBe(0)
    expect(rowOf(3, grid)).toBe(0)
    expect(rowOf(4, grid)).toBe(1)
    expect(rowOf(1000, grid)).toBe(333)
    expect(scrollForRow(0, 500, 666, grid)).toBe(0) // above: scroll up to it
    expect(scrollForRow(2, 0, 666, grid)).toBe(0) // already whole: stay
    expect(scrollForRow(10, 0, 666, grid)).toBe(8 + 10 * 213 + 195 - 666 + 8) // below: just enough to show it
    expect(scrollForRow(333, 0, 666, grid, 'center')).toBe(grid.totalHeight - 666) // never past the end
    expect(scrollForRow(0, 0, 666, grid, 'center')).toBe(0) // nor before the start
    const centred = scrollForRow(100, 0, 666, grid, 'center')
    expect(centred).toBe(Math.round(8 + 100 * 213 - (666 - 195) / 2))
  })
  it('copes with a grid narrower than one card, and with no slides', () => {
    expect(gridGeometry({ count: 5, width: 100, cardWidth: 300, cardHeight: 195, gap: 18, paddingX: 40, paddingTop: 8, paddingBottom: 40 }).columns).toBe(1)
    const empty = gridGeometry({ count: 0, width: 1240, cardWidth: 300, cardHeight: 195, gap: 18, paddingX: 40, paddingTop: 8, paddingBottom: 40 })
    expect(rowsNear(0, 666, empty)).toEqual([0, -1])
  })
})
