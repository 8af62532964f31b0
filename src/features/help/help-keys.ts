// What the `?` help lists: the keys of the current view, grouped, from the same tables the key handlers use.
import { BASE_KEYS, type KeySpec } from '../../logic/input'
import type { ShortcutDefinition } from '../shortcuts/shortcuts'

export interface HelpRow {
  /** Key combinations as shown (`Shift + Space`, `→`); several mean "any of these". */
  keys: string[]
  /** An action name for the UI's words (`next`, `drawUndo`) or a deck's own description. */
  action?: string
  description?: string
}

export interface HelpSection {
  id: 'view' | 'overview' | 'goto' | 'drawing' | 'deck'
  rows: HelpRow[]
}

const KEY_NAMES: Record<string, string> = {
  space: 'Space',
  right: '→',
  left: '←',
  up: '↑',
  down: '↓',
  arrowright: '→',
  arrowleft: '←',
  arrowup: '↑',
  arrowdown: '↓',
  pagedown: 'Page Down',
  pageup: 'Page Up',
  escape: 'Esc',
  esc: 'Esc',
  enter: 'Enter',
  shift: 'Shift',
  ctrl: 'Ctrl',
  control: 'Ctrl',
  alt: 'Alt',
  meta: '⌘',
  cmd: '⌘',
  tab: 'Tab',
  backspace: 'Backspace',
  delete: 'Delete',
}

/** `shift+right` → `Shift + →`, `d` → `D`, `?` → `?`. */
export function keyLabel(spec: KeySpec): string {
  const lower = spec.toLowerCase().trim()
  const plus = lower === '+' || lower.endsWith('++')
  const parts = (plus ? lower.slice(0, -1) : lower).split('+').map((p) => p.trim()).filter(Boolean)
  if (plus) parts.push('+')
  return parts.map((p) => KEY_NAMES[p] ?? (p.length === 1 ? p.toUpperCase() : p.charAt(0).toUpperCase() + p.slice(1))).join(' + ')
}

/**
 * The current view's keys: the base shortcuts the deck kept (grouped by action, in the table's order) and, apart,
 * the deck's own from setup/shortcuts.ts. `base` is the list the deck's setup received.
 */
export function viewSections(shortcuts: ShortcutDefinition[], base: ShortcutDefinition[], options: { editor?: boolean } = {}): HelpSection[] {
  const actionOf = new Map(BASE_KEYS.map((b) => [b.name, b.action]))
  const grouped = new Map<string, string[]>()
  const own: HelpRow[] = []
  for (const shortcut of shortcuts) {
    // A base shortcut the deck kept is the very object it was given; a rebound one is the deck's own.
    const action = base.includes(shortcut) && shortcut.name ? actionOf.get(shortcut.name) : undefined
    if (action && typeof shortcut.key === 'string') {
      grouped.set(action, [...(grouped.get(action) ?? []), keyLabel(shortcut.key)])
      continue
    }
    own.push({ keys: typeof shortcut.key === 'string' ? [keyLabel(shortcut.key)] : [], description: shortcut.description, action: shortcut.description ? undefined : shortcut.name })
  }
  const view: HelpRow[] = [...grouped].map(([action, keys]) => ({ action, keys }))
  if (options.editor) view.push({ action: 'editor', keys: ['E'] })
  const sections: HelpSection[] = [{ id: 'view', rows: view }]
  if (own.length) sections.push({ id: 'deck', rows: own })
  return sections
}

/** The panels' and drawing mode's own keys (fixed by their components). */
export const PANEL_SECTIONS: HelpSection[] = [
  {
    id: 'overview',
    rows: [
      { action: 'overviewMove', keys: ['←', '→', '↑', '↓'] },
      { action: 'overviewOpen', keys: ['Enter'] },
      { action: 'overviewDigits', keys: ['0–9'] },
      { action: 'close', keys: ['Esc', 'O'] },
    ],
  },
  {
    id: 'goto',
    rows: [
      { action: 'gotoType', keys: ['G'] },
      { action: 'gotoMove', keys: ['↑', '↓'] },
      { action: 'gotoOpen', keys: ['Enter'] },
      { action: 'close', keys: ['Esc'] },
    ],
  },
  {
    id: 'drawing',
    rows: [
      { action: 'drawTools', keys: ['S', 'L', 'A', 'R', 'E'] },
      { action: 'drawColors', keys: ['1–7'] },
      { action: 'drawClear', keys: ['C'] },
      { action: 'drawUndo', keys: ['Ctrl + Z', '⌘ + Z'] },
      { action: 'drawRedo', keys: ['Ctrl + Shift + Z', '⌘ + Shift + Z'] },
      { action: 'drawLeave', keys: ['Esc'] },
    ],
  },
]
