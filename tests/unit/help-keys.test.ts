// The `?` help's lists: built from the same shortcut list the key handler uses, so a deck's own keys and rebinds show.
import { describe, expect, it } from 'vitest'
import { keyLabel, viewSections } from '../../src/features/help/help-keys'
import { baseShortcuts, resolveShortcuts, type NavOperations, type ShortcutsSetup } from '../../src/features/shortcuts/shortcuts'

const noop = () => {}
const nav: NavOperations = { next: noop, prev: noop, nextSlide: noop, prevSlide: noop, go: noop, goFirst: noop, goLast: noop, toggleDark: noop, toggleFullscreen: noop, toggleOverview: noop, toggleGoto: noop }

describe('keyLabel', () => {
  it.each([
    ['space', 'Space'],
    ['shift+right', 'Shift + →'],
    ['pagedown', 'Page Down'],
    ['d', 'D'],
    ['?', '?'],
    ['ctrl+z', 'Ctrl + Z'],
    ['shift++', 'Shift + +'],
  ])('%s → %s', (spec, label) => expect(keyLabel(spec)).toBe(label))
})

describe('viewSections', () => {
  it('groups the base keys by action, in the table order, with blackout and help', () => {
    const base = baseShortcuts(noop)
    const [view, ...rest] = viewSections(base, base)
    expect(rest).toEqual([])
    expect(view!.rows[0]).toEqual({ action: 'next', keys: ['Space', '→', 'Page Down'] })
    expect(view!.rows.find((r) => r.action === 'nextSlide')).toEqual({ action: 'nextSlide', keys: ['↓', 'Shift + →'] })
    expect(view!.rows.find((r) => r.action === 'prevSlide')).toEqual({ action: 'prevSlide', keys: ['↑', 'Shift + ←'] })
    expect(view!.rows.find((r) => r.action === 'blackout')).toEqual({ action: 'blackout', keys: ['B', '.'] })
    expect(view!.rows.map((r) => r.action)).toEqual(expect.arrayContaining(['whiteout', 'help', 'toggleOverview', 'escape']))
  })

  it("lists a deck's own keys apart, with their description; a dropped base key disappears", () => {
    const setup: ShortcutsSetup = (base, ops) => [
      ...base.filter((s) => s.name !== 'toggle_dark'),
      { key: 'shift+d', fn: ops.toggleDark, description: '深色模式' },
      { key: (e) => e.key === 'F13', fn: noop },
    ]
    const base = baseShortcuts(noop)
    const { shortcuts } = resolveShortcuts(base, setup, nav)
    const [view, deck] = viewSections(shortcuts, base, { editor: true })
    expect(view!.rows.some((r) => r.action === 'toggleDark')).toBe(false)
    expect(view!.rows[view!.rows.length - 1]).toEqual({ action: 'editor', keys: ['E'] })
    expect(deck).toEqual({
      id: 'deck',
      rows: [
        { keys: ['Shift + D'], description: '深色模式', action: undefined },
        { keys: [], description: undefined, action: undefined },
      ],
    })
  })
})
