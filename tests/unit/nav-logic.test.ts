import { describe, expect, it } from 'vitest'
import { nextPosition, prevPosition, hasNext, hasPrev, parseSlideNo, parseClicks, nextSlidePosition, prevSlidePosition } from '../../src/logic/nav'
import { clickAreaAction, swipeAction, repeatInterval, KeyRepeat, isTypingTarget, type KeyInput } from '../../src/logic/input'
import { baseShortcuts, shortcutsFor } from '../../src/features/shortcuts/shortcuts'
import { isDarkScheme, toggleScheme, canToggleScheme } from '../../src/logic/color-schema'
import { isShownAt } from '../../shared/clicks'

// A deck of 3 slides with 0, 2 and 1 clicks.
const deck = { total: 3, clicksOf: (no: number) => [0, 0, 2, 1][no] ?? 0 }

describe('next and previous with click steps', () => {
  const nextCases: [number, number, number, number][] = [
    [1, 0, 2, 0],
    [2, 0, 2, 1],
    [2, 1, 2, 2],
    [2, 2, 3, 0],
    [3, 0, 3, 1],
    [3, 1, 3, 1], // the last step of the last slide stays
    [2, 5, 3, 0], // beyond the count goes on
  ]
  it.each(nextCases)('next from %i/%i → %i/%i', (no, clicks, toNo, toClicks) => {
    expect(nextPosition({ no, clicks }, deck)).toEqual({ no: toNo, clicks: toClicks })
  })
  const prevCases: [number, number, number, number][] = [
    [1, 0, 1, 0],
    [2, 0, 1, 0],
    [3, 0, 2, 2], // back into a slide lands on its last click
    [2, 2, 2, 1],
    [3, 1, 3, 0],
  ]
  it.each(prevCases)('prev from %i/%i → %i/%i', (no, clicks, toNo, toClicks) => {
    expect(prevPosition({ no, clicks }, deck)).toEqual({ no: toNo, clicks: toClicks })
  })
  it('knows when next and previous are available', () => {
    expect(hasPrev({ no: 1, clicks: 0 })).toBe(false)
    expect(hasPrev({ no: 1, clicks: 1 })).toBe(true)
    expect(hasNext({ no: 3, clicks: 1 }, deck)).toBe(false)
    expect(hasNext({ no: 3, clicks: 0 }, deck)).toBe(true)
  })
  // ↓ / shift+→ and ↑ / shift+←: whole slides, always at step 0 (Slidev's nextSlide and prevSlide).
  it.each([
    [1, 0, 2, 0],
    [2, 1, 3, 0], // the remaining clicks are skipped
    [3, 1, 3, 1], // the last slide stays
  ])('next slide from %i/%i → %i/%i', (no, clicks, toNo, toClicks) => {
    expect(nextSlidePosition({ no, clicks }, deck)).toEqual({ no: toNo, clicks: toClicks })
  })
  it.each([
    [3, 1, 2, 0], // the previous slide at its first step, not its last click
    [2, 2, 1, 0],
    [1, 0, 1, 0],
  ])('previous slide from %i/%i → %i/%i', (no, clicks, toNo, toClicks) => {
    expect(prevSlidePosition({ no, clicks })).toEqual({ no: toNo, clicks: toClicks })
  })
  it.each([
    ['1', 1],
    ['3', 3],
    ['4', null],
    ['0', null],
    ['-1', null],
    ['2a', null],
    ['', null],
    [undefined, null],
    ['1e2', null],
  ] as const)('route segment %j → %j', (segment, expected) => {
    expect(parseSlideNo(segment, 3)).toBe(expected)
  })
  it('reads clicks from the query, clamped', () => {
    expect(parseClicks('2', 5)).toBe(2)
    expect(parseClicks('9', 5)).toBe(5)
    expect(parseClicks('x', 5)).toBe(0)
    expect(parseClicks('-1', 5)).toBe(0)
    expect(parseClicks(null, 5)).toBe(0)
  })
})

describe('pointer input', () => {
  it.each([
    [599, 1000, 'prev'],
    [600, 1000, 'prev'],
    [601, 1000, 'next'],
    [0, 1000, 'prev'],
  ] as const)('a click at x=%i of %i → %s', (x, width, action) => {
    expect(clickAreaAction(x, width)).toBe(action)
  })
  it.each([
    [-80, 0, 1000, 800, 'next'], // over 75 px left
    [80, 0, 1000, 800, 'prev'],
    [-70, 0, 1000, 800, null],
    [-61, 0, 200, 800, 'next'], // over 30 % of a narrow width
    [0, -201, 1000, 800, 'next'],
    [0, 201, 1000, 800, 'prev'],
    [0, -150, 1000, 300, 'next'], // over 40 % of a short height
    [0, -100, 1000, 800, null],
    [10, 10, 1000, 800, null],
  ] as const)('a swipe of (%i, %i) on %i×%i → %s', (dx, dy, w, h, action) => {
    expect(swipeAction(dx, dy, w, h)).toBe(action)
  })
})

describe('held-key repeat', () => {
  it.each([
    [0, 1000],
    [1, 750],
    [2, 500],
    [3, 250],
    [4, 150],
    [10, 150],
  ])('after %i repeats the interval is %i ms', (count, ms) => {
    expect(repeatInterval(count)).toBe(ms)
  })
  it('fires a press, then throttles repeats by the growing rate', () => {
    const r = new KeyRepeat()
    expect(r.shouldFire(false, 0)).toBe(true)
    expect(r.shouldFire(true, 500)).toBe(false)
    expect(r.shouldFire(true, 1000)).toBe(true)
    expect(r.shouldFire(true, 1700)).toBe(false)
    expect(r.shouldFire(true, 1750)).toBe(true)
    expect(r.shouldFire(true, 2250)).toBe(true)
    expect(r.shouldFire(false, 2260)).toBe(true)
  })
})

/** The action a key press runs through the shortcuts the view uses (the first, when a key has several). */
function actionOf(event: KeyInput): string | null {
  const run: string[] = []
  for (const shortcut of shortcutsFor(baseShortcuts((action) => void run.push(action)), event)) shortcut.fn()
  return run[0] ?? null
}

describe('keyboard table', () => {
  it.each([
    [{ key: ' ' }, 'next'],
    [{ key: 'ArrowRight' }, 'next'],
    [{ key: 'PageDown' }, 'next'],
    [{ key: 'ArrowDown' }, 'nextSlide'],
    [{ key: 'ArrowRight', shiftKey: true }, 'nextSlide'],
    [{ key: ' ', shiftKey: true }, 'prev'],
    [{ key: 'ArrowLeft' }, 'prev'],
    [{ key: 'PageUp' }, 'prev'],
    [{ key: 'ArrowUp' }, 'prevSlide'],
    [{ key: 'ArrowLeft', shiftKey: true }, 'prevSlide'],
    [{ key: 'd' }, 'toggleDark'],
    [{ key: 'f' }, 'toggleFullscreen'],
    [{ key: 'g' }, 'toggleGoto'],
    [{ key: 'o' }, 'toggleOverview'],
    [{ key: '`' }, 'toggleOverview'],
    [{ key: 'Escape' }, 'escape'],
    [{ key: 'd', ctrlKey: true }, null],
    [{ key: 'x' }, null],
  ] as const)('%j → %s', (event, action) => {
    expect(actionOf(event)).toBe(action)
  })
  it('ignores keys while typing or on buttons and links', () => {
    for (const tagName of ['INPUT', 'TEXTAREA', 'BUTTON', 'A', 'SELECT']) expect(isTypingTarget({ tagName })).toBe(true)
    expect(isTypingTarget({ tagName: 'DIV', isContentEditable: true })).toBe(true)
    expect(isTypingTarget({ tagName: 'DIV', closest: (s: string) => (s.includes('.cm-editor') ? {} : null) })).toBe(true)
    expect(isTypingTarget({ tagName: 'DIV', closest: () => null })).toBe(false)
    expect(isTypingTarget(null)).toBe(false)
  })
})

describe('colour scheme', () => {
  it('a forced scheme wins and cannot be toggled', () => {
    expect(isDarkScheme('dark', 'light', false)).toBe(true)
    expect(isDarkScheme('light', 'dark', true)).toBe(false)
    expect(canToggleScheme('dark')).toBe(false)
    expect(toggleScheme('light', 'auto', true)).toBe('auto')
  })
  it('auto follows the system; choosing the system value resets to auto', () => {
    expect(isDarkScheme('auto', 'auto', true)).toBe(true)
    expect(toggleScheme('auto', 'auto', false)).toBe('dark')
    expect(toggleScheme('auto', 'dark', false)).toBe('auto')
    expect(toggleScheme('auto', 'auto', true)).toBe('light')
    expect(toggleScheme('all', 'light', true)).toBe('auto')
  })
})

describe('click timing', () => {
  it.each([
    [{ since: 1 }, 0, false],
    [{ since: 1 }, 1, true],
    [{ since: 2, until: 4 }, 1, false],
    [{ since: 2, until: 4 }, 3, true],
    [{ since: 2, until: 4 }, 4, false],
    [{ since: 1, hide: true }, 0, true],
    [{ since: 1, hide: true }, 1, false],
    [{ since: 0 }, 0, true],
  ])('%j at %i shown: %s', (timing, clicks, shown) => {
    expect(isShownAt(timing, clicks)).toBe(shown)
  })
})
