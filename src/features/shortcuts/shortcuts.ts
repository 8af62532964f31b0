// Lets a deck add or rebind keys: the base shortcuts as a list a deck's setup/shortcuts.ts may extend or replace.
import { BASE_KEYS, matchesKey, type KeyInput, type KeySpec, type ShortcutAction } from '../../logic/input'

/** One shortcut: a key (`'b'`, `'shift+right'`, `'enter'`…) or a test of the key event, and what it does. */
export interface ShortcutDefinition {
  /** The base shortcuts carry Slidev's names (`next_space`, `toggle_dark`, `goto`…); a deck's own may leave it out. */
  name?: string
  key: KeySpec | ((event: KeyInput) => boolean)
  /** Returning false leaves the key to the browser (as if no shortcut matched). */
  fn: () => void | boolean
  /** Holding the key repeats it; without this only the first press counts. */
  autoRepeat?: boolean
  /** What the key does, in words: the `?` help lists it (a deck's own key without one is listed by its key alone). */
  description?: string
}

/** What a deck's shortcuts can do besides the base actions. */
export interface NavOperations {
  next: () => void
  prev: () => void
  /** The next slide at its first step, skipping the current slide's remaining clicks. */
  nextSlide: () => void
  /** The previous slide at its first step. */
  prevSlide: () => void
  go: (no: number) => void
  goFirst: () => void
  goLast: () => void
  toggleDark: () => void
  toggleFullscreen: () => void
  toggleOverview: () => void
  toggleGoto: () => void
}

/** The default export of `setup/shortcuts.ts` beside the deck. */
export type ShortcutsSetup = (base: ShortcutDefinition[], nav: NavOperations) => ShortcutDefinition[]

/** The base shortcuts of the keyboard table, each running the handler for its action when there is one. */
export function baseShortcuts(run: (action: ShortcutAction) => boolean | void): ShortcutDefinition[] {
  return BASE_KEYS.map((binding) => ({ name: binding.name, key: binding.key, autoRepeat: binding.autoRepeat, fn: () => run(binding.action) }))
}

export interface ResolvedShortcuts {
  shortcuts: ShortcutDefinition[]
  /** Set when the deck's setup went wrong or dropped every base shortcut. */
  problem?: 'no-base' | 'not-a-list' | 'threw'
  error?: unknown
}

/** Runs a deck's setup over the base list; a setup that throws or returns no list leaves the base shortcuts in place. */
export function resolveShortcuts(base: ShortcutDefinition[], setup: ShortcutsSetup | null | undefined, nav: NavOperations): ResolvedShortcuts {
  if (typeof setup !== 'function') return { shortcuts: base }
  let result: unknown
  try {
    result = setup([...base], nav)
  } catch (error) {
    return { shortcuts: base, problem: 'threw', error }
  }
  if (!Array.isArray(result)) return { shortcuts: base, problem: 'not-a-list' }
  const shortcuts = result.filter((s): s is ShortcutDefinition => Boolean(s) && typeof s === 'object' && typeof s.fn === 'function' && (typeof s.key === 'string' || typeof s.key === 'function'))
  const baseNames = new Set(base.map((s) => s.name))
  const keepsBase = shortcuts.some((s) => base.includes(s) || (s.name !== undefined && baseNames.has(s.name)))
  return keepsBase ? { shortcuts } : { shortcuts, problem: 'no-base' }
}

/** Every shortcut a key press triggers (a deck may bind one key twice, as Slidev allows). */
export function shortcutsFor(shortcuts: ShortcutDefinition[], event: KeyInput): ShortcutDefinition[] {
  return shortcuts.filter((s) => {
    try {
      return typeof s.key === 'function' ? s.key(event) : matchesKey(s.key, event)
    } catch {
      return false
    }
  })
}
