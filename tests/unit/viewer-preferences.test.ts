// Preferences in localStorage under Slidev's names: stored choices read back, corrupt or foreign values fall back silently.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createStore } from 'jotai'
import { isDarkScheme, toggleScheme } from '../../src/logic/color-schema'

const stored = new Map<string, string>()
const storage = {
  getItem: (k: string) => (stored.has(k) ? stored.get(k)! : null),
  setItem: (k: string, v: string) => void stored.set(k, String(v)),
  removeItem: (k: string) => void stored.delete(k),
  clear: () => stored.clear(),
}
vi.stubGlobal('localStorage', storage)

/** A fresh copy of the preferences module, reading storage as it is now (atoms read storage when created). */
async function freshPreferences() {
  vi.resetModules()
  return import('../../src/state/preferences')
}

beforeEach(() => stored.clear())

describe('stored preferences', () => {
  it('defaults when nothing is stored', async () => {
    const p = await freshPreferences()
    const store = createStore()
    expect(store.get(p.scaleAtom)).toBe(0)
    expect(store.get(p.colorChoiceAtom)).toBe('auto')
    expect(store.get(p.showOverviewAtom)).toBe(false)
    expect(store.get(p.presenterLayoutAtom)).toBe(1)
  })

  it('reads values stored by this deck or by Slidev (bare strings, JSON otherwise)', async () => {
    stored.set('slidev-scale', '1')
    stored.set('slidev-color-schema', 'dark') // Slidev stores strings bare
    stored.set('slidev-show-overview', 'true')
    stored.set('slidev-presenter-font-size', '1.5')
    const p = await freshPreferences()
    const store = createStore()
    expect(store.get(p.scaleAtom)).toBe(1)
    expect(store.get(p.colorChoiceAtom)).toBe('dark')
    expect(store.get(p.showOverviewAtom)).toBe(true)
    expect(store.get(p.presenterFontSizeAtom)).toBe(1.5)
    stored.set('slidev-color-schema', '"light"') // an older JSON-quoted value
    expect(createStore().get((await freshPreferences()).colorChoiceAtom)).toBe('light')
  })

  it.each([
    ['slidev-scale', '{broken', 'scaleAtom', 0],
    ['slidev-scale', '2', 'scaleAtom', 0],
    ['slidev-scale', '"1"', 'scaleAtom', 0],
    ['slidev-color-schema', 'purple', 'colorChoiceAtom', 'auto'],
    ['slidev-color-schema', '42', 'colorChoiceAtom', 'auto'],
    ['slidev-color-schema', '', 'colorChoiceAtom', 'auto'],
    ['slidev-show-overview', 'yes', 'showOverviewAtom', false],
    ['slidev-show-overview', 'null', 'showOverviewAtom', false],
    ['slidev-presenter-font-size', '9', 'presenterFontSizeAtom', 1],
    ['slidev-presenter-font-size', 'NaN', 'presenterFontSizeAtom', 1],
    ['slidev-presenter-layout', '4', 'presenterLayoutAtom', 1],
    ['slidev-editor-width', '[]', 'editorWidthAtom', 420],
  ] as const)('%s = %j falls back to the default', async (key, raw, atomName, fallback) => {
    stored.set(key, raw)
    const p = await freshPreferences()
    expect(createStore().get(p[atomName] as never)).toBe(fallback)
  })

  it('storage that throws (disabled, private mode) falls back and keeps the choice for the page', async () => {
    const failing = { getItem: () => { throw new Error('denied') }, setItem: () => { throw new Error('full') } }
    vi.stubGlobal('localStorage', failing)
    try {
      const p = await freshPreferences()
      const store = createStore()
      expect(store.get(p.scaleAtom)).toBe(0)
      store.set(p.scaleAtom, 1)
      expect(store.get(p.scaleAtom)).toBe(1)
    } finally {
      vi.stubGlobal('localStorage', storage)
    }
  })

  it('writes under Slidev’s key names in Slidev’s format; invalid writes are refused', async () => {
    const p = await freshPreferences()
    const store = createStore()
    store.set(p.scaleAtom, 1)
    store.set(p.colorChoiceAtom, 'dark')
    store.set(p.showOverviewAtom, true)
    expect(stored.get('slidev-scale')).toBe('1')
    expect(stored.get('slidev-color-schema')).toBe('dark')
    expect(stored.get('slidev-show-overview')).toBe('true')
    store.set(p.scaleAtom, 7 as never)
    expect(store.get(p.scaleAtom)).toBe(1)
    expect(stored.get('slidev-scale')).toBe('1')
  })
})

describe('dark mode choice (spec.md section 4)', () => {
  // [deck forces, stored choice, system dark, shows dark, stored after a toggle]
  it.each([
    ['auto', 'auto', false, false, 'dark'],
    ['auto', 'auto', true, true, 'light'],
    ['auto', 'dark', false, true, 'auto'], // back to the system's value: auto
    ['auto', 'light', true, false, 'auto'],
    ['all', 'dark', true, true, 'light'],
    ['dark', 'light', false, true, 'light'], // forced: the choice is kept, nothing changes
    ['light', 'dark', true, false, 'dark'],
  ] as const)('forced %s, stored %s, system dark %s → dark %s; toggle stores %s', (forced, choice, system, dark, after) => {
    expect(isDarkScheme(forced, choice, system)).toBe(dark)
    expect(toggleScheme(forced, choice, system)).toBe(after)
  })
})
