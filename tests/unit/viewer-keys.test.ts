// Keys: the keyboard table as data, key specs as decks write them, and a deck's own shortcuts (setup/shortcuts.ts).
import { describe, expect, it, vi } from 'vitest'
import { BASE_KEYS, matchesKey } from '../../src/logic/input'
import { baseShortcuts, resolveShortcuts, shortcutsFor, type NavOperations, type ShortcutDefinition } from '../../src/features/shortcuts/shortcuts'

const nav: NavOperations = { next() {}, prev() {}, nextSlide() {}, prevSlide() {}, go() {}, goFirst() {}, goLast() {}, toggleDark() {}, toggleFullscreen() {}, toggleOverview() {}, toggleGoto() {} }

describe('key specs', () => {
  it.each([
    ['d', { key: 'd' }, true],
    ['d', { key: 'D' }, true], // caps lock
    ['d', { key: 'D', shiftKey: true }, false],
    ['d', { key: 'd', ctrlKey: true }, false],
    ['space', { key: ' ' }, true],
    ['space', { key: ' ', shiftKey: true }, false],
    ['shift+space', { key: ' ', shiftKey: true }, true],
    ['right', { key: 'ArrowRight' }, true],
    ['shift+right', { key: 'ArrowRight', shiftKey: true }, true],
    ['shift+right', { key: 'ArrowRight' }, false],
    ['ArrowRight', { key: 'ArrowRight' }, true],
    ['pagedown', { key: 'PageDown' }, true],
    ['enter', { key: 'Enter' }, true],
    ['backspace', { key: 'Backspace' }, true],
    ['ctrl+z', { key: 'z', ctrlKey: true }, true],
    ['control+z', { key: 'z', ctrlKey: true }, true],
    ['cmd+z', { key: 'z', metaKey: true }, true],
    ['ctrl+shift+z', { key: 'Z', ctrlKey: true, shiftKey: true }, true],
    ['`', { key: '`' }, true],
    ['?', { key: '?', shiftKey: true }, true], // shift is how "?" is typed
    ['+', { key: '+', shiftKey: true }, true],
    ['shift++', { key: '+', shiftKey: true }, true],
    ['esc', { key: 'Escape' }, true],
    ['hyper+d', { key: 'd' }, false], // an unknown modifier never matches
    ['', { key: 'd' }, false],
  ] as const)('"%s" vs %j → %s', (spec, event, expected) => {
    expect(matchesKey(spec, event)).toBe(expected)
  })
})

describe('the keyboard table', () => {
  it('carries Slidev’s shortcut names, each once', () => {
    const names = BASE_KEYS.map((b) => b.name)
    expect(new Set(names).size).toBe(names.length)
    for (const name of ['next_space', 'prev_space', 'next_right', 'prev_left', 'next_page_key', 'prev_page_key', 'next_down', 'prev_up', 'next_shift', 'prev_shift', 'toggle_dark', 'toggle_overview', 'goto']) expect(names).toContain(name)
  })
  it('maps shift+d and alt+→ to nothing', () => {
    const base = baseShortcuts(() => {})
    expect(shortcutsFor(base, { key: 'D', shiftKey: true })).toEqual([])
    expect(shortcutsFor(base, { key: 'ArrowRight', altKey: true })).toEqual([])
  })
})

describe('a deck’s setup/shortcuts.ts', () => {
  const run = vi.fn((_action: string) => true)
  const base = baseShortcuts(run)

  it('no setup: the base list', () => {
    expect(resolveShortcuts(base, null, nav)).toEqual({ shortcuts: base })
  })

  it('adding a key keeps the base ones and triggers both kinds', () => {
    const blackout = vi.fn()
    const { shortcuts, problem } = resolveShortcuts(base, (b) => [...b, { key: 'b', fn: blackout }], nav)
    expect(problem).toBeUndefined()
    shortcutsFor(shortcuts, { key: 'b' }).forEach((s) => s.fn())
    expect(blackout).toHaveBeenCalledOnce()
    run.mockClear()
    shortcutsFor(shortcuts, { key: 'ArrowRight' }).forEach((s) => s.fn())
    expect(run).toHaveBeenCalledWith('next')
  })

  it('rebinding: a base shortcut dropped by name, another key for the same thing', () => {
    const { shortcuts, problem } = resolveShortcuts(base, (b, n) => [...b.filter((s) => s.name !== 'toggle_dark'), { key: 'shift+d', fn: n.toggleDark }], nav)
    expect(problem).toBeUndefined()
    expect(shortcutsFor(shortcuts, { key: 'd' })).toHaveLength(0)
    expect(shortcutsFor(shortcuts, { key: 'D', shiftKey: true })).toHaveLength(1)
  })

  it('a base shortcut rebuilt with its name still counts as kept', () => {
    const { problem } = resolveShortcuts(base, () => [{ name: 'next_space', key: 'enter', fn: () => {} }], nav)
    expect(problem).toBeUndefined()
  })

  it('none of the base shortcuts returned: flagged for the alert of spec.md section 8', () => {
    const own: ShortcutDefinition = { key: 'j', fn: () => {} }
    expect(resolveShortcuts(base, () => [own], nav)).toEqual({ shortcuts: [own], problem: 'no-base' })
    expect(resolveShortcuts(base, () => [], nav).problem).toBe('no-base')
  })

  it.each([
    ['undefined', () => undefined],
    ['an object', () => ({ key: 'b' })],
    ['a string', () => 'b'],
  ])('returning %s keeps the base shortcuts and says so', (_label, setup) => {
    const result = resolveShortcuts(base, setup as never, nav)
    expect(result.problem).toBe('not-a-list')
    expect(result.shortcuts).toBe(base)
  })

  it('a setup that throws keeps the base shortcuts', () => {
    const result = resolveShortcuts(base, () => { throw new Error('boom') }, nav)
    expect(result.problem).toBe('threw')
    expect(result.shortcuts).toBe(base)
  })

  it('malformed entries are skipped, a key test that throws never matches', () => {
    const { shortcuts } = resolveShortcuts(base, (b) => [...b, null, { key: 'q' }, { key: 5, fn() {} }, { key: () => { throw new Error('x') }, fn() {} }] as never, nav)
    expect(shortcuts).toHaveLength(base.length + 1)
    expect(shortcutsFor(shortcuts, { key: 'q' })).toHaveLength(0)
  })

  it('the setup gets a copy: changing it in place does not touch the base list', () => {
    resolveShortcuts(base, (b) => { b.length = 0; return [...base] }, nav)
    expect(base.length).toBe(BASE_KEYS.length)
  })
})
