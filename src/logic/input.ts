// The rules of pointer and keyboard input: click areas, swipes, held-key repeat, and which keys mean what.

export type NavAction = 'next' | 'prev'

/** A click on the slide: past 60 % of the width goes forward, else back. */
export function clickAreaAction(x: number, width: number): NavAction {
  return x > width * 0.6 ? 'next' : 'prev'
}

/**
 * A swipe: horizontal over 30 % of the width or 75 px (left → next, right → prev);
 * vertical over 40 % of the height or 200 px (up → next, down → prev); else nothing.
 */
export function swipeAction(dx: number, dy: number, width: number, height: number): NavAction | null {
  const horizontal = Math.abs(dx) > Math.min(width * 0.3, 75) && Math.abs(dx) >= Math.abs(dy)
  if (horizontal) return dx < 0 ? 'next' : 'prev'
  const vertical = Math.abs(dy) > Math.min(height * 0.4, 200)
  if (vertical) return dy < 0 ? 'next' : 'prev'
  return null
}

/** Milliseconds between repeats of a held key after `count` repeats: max(1000 − count × 250, 150). */
export function repeatInterval(count: number): number {
  return Math.max(1000 - count * 250, 150)
}

/** Throttles auto-repeat of a held key: the first press always fires, repeats fire at `repeatInterval`. */
export class KeyRepeat {
  private count = 0
  private last = -Infinity

  shouldFire(repeat: boolean, now: number): boolean {
    if (!repeat) {
      this.count = 0
      this.last = now
      return true
    }
    if (now - this.last < repeatInterval(this.count)) return false
    this.count += 1
    this.last = now
    return true
  }
}

export interface KeyInput {
  key: string
  shiftKey?: boolean
  ctrlKey?: boolean
  metaKey?: boolean
  altKey?: boolean
}

export type ShortcutAction = NavAction | 'nextSlide' | 'prevSlide' | 'toggleDark' | 'toggleFullscreen' | 'toggleGoto' | 'toggleOverview' | 'escape' | 'blackout' | 'whiteout' | 'help'

/** A key with its modifiers, as decks write it: `d`, `space`, `shift+right`, `ctrl+z`, `enter`, `pagedown`. */
export type KeySpec = string

/** One row of the keyboard table: Slidev's shortcut names, so a deck's setup/shortcuts.ts reads the same. */
export interface KeyBinding {
  name: string
  key: KeySpec
  action: ShortcutAction
  /** A held key repeats (at `repeatInterval`); otherwise only the first press counts. */
  autoRepeat?: boolean
}

/** The keyboard table (Slidev's): → / space / Page Down step forward, ↓ and shift+→ skip to the next slide. */
export const BASE_KEYS: readonly KeyBinding[] = [
  { name: 'next_space', key: 'space', action: 'next', autoRepeat: true },
  { name: 'prev_space', key: 'shift+space', action: 'prev', autoRepeat: true },
  { name: 'next_right', key: 'right', action: 'next', autoRepeat: true },
  { name: 'prev_left', key: 'left', action: 'prev', autoRepeat: true },
  { name: 'next_page_key', key: 'pagedown', action: 'next', autoRepeat: true },
  { name: 'prev_page_key', key: 'pageup', action: 'prev', autoRepeat: true },
  { name: 'next_down', key: 'down', action: 'nextSlide', autoRepeat: true },
  { name: 'prev_up', key: 'up', action: 'prevSlide', autoRepeat: true },
  { name: 'next_shift', key: 'shift+right', action: 'nextSlide', autoRepeat: true },
  { name: 'prev_shift', key: 'shift+left', action: 'prevSlide', autoRepeat: true },
  { name: 'toggle_dark', key: 'd', action: 'toggleDark' },
  { name: 'toggle_fullscreen', key: 'f', action: 'toggleFullscreen' },
  { name: 'goto', key: 'g', action: 'toggleGoto' },
  { name: 'toggle_overview', key: 'o', action: 'toggleOverview' },
  { name: 'toggle_overview_backtick', key: '`', action: 'toggleOverview' },
  { name: 'escape', key: 'escape', action: 'escape' },
  // Audience screens black (PowerPoint's and Keynote's keys) or white; the same key or a navigation key brings the slide back.
  { name: 'blackout', key: 'b', action: 'blackout' },
  { name: 'blackout_period', key: '.', action: 'blackout' },
  { name: 'whiteout', key: 'w', action: 'whiteout' },
  { name: 'help', key: '?', action: 'help' },
]

// Short names decks write for KeyboardEvent.key values (Slidev's, lower-cased).
const KEY_ALIASES: Record<string, string> = {
  space: ' ',
  spacebar: ' ',
  right: 'arrowright',
  left: 'arrowleft',
  up: 'arrowup',
  down: 'arrowdown',
  esc: 'escape',
  del: 'delete',
  plus: '+',
}
const MODIFIERS = ['shift', 'ctrl', 'alt', 'meta'] as const

/** Whether a key press is the key a spec names; modifiers must match exactly (shift is free for symbols it produces). */
export function matchesKey(spec: KeySpec, e: KeyInput): boolean {
  const lower = spec.toLowerCase().trim()
  // "+" alone or a trailing "++" (as in "shift++") names the plus key itself.
  const plus = lower === '+' || lower.endsWith('++')
  const parts = (plus ? lower.slice(0, -1) : lower).split('+').map((p) => p.trim()).filter(Boolean)
  const rawKey = plus ? '+' : (parts.pop() ?? '')
  const want = new Set(parts.map((p) => (p === 'control' ? 'ctrl' : p === 'cmd' || p === 'command' ? 'meta' : p === 'option' ? 'alt' : p)))
  if ([...want].some((m) => !(MODIFIERS as readonly string[]).includes(m))) return false
  const key = KEY_ALIASES[rawKey] ?? rawKey
  const pressed = e.key === 'Spacebar' ? ' ' : e.key.toLowerCase()
  if (pressed !== key) return false
  const held = { shift: Boolean(e.shiftKey), ctrl: Boolean(e.ctrlKey), alt: Boolean(e.altKey), meta: Boolean(e.metaKey) }
  // "?" or "`" may need shift on some layouts: for a printable non-letter, shift is part of typing it.
  const shiftFree = key.length === 1 && key.toUpperCase() === key.toLowerCase() && key !== ' '
  return MODIFIERS.every((m) => (m === 'shift' && shiftFree && !want.has('shift') ? true : held[m] === want.has(m)))
}

/** Shortcuts are ignored while focus is where keys type or activate something. */
export function isTypingTarget(el: { tagName?: string; isContentEditable?: boolean; closest?: (s: string) => unknown } | null): boolean {
  if (!el || !el.tagName) return false
  const tag = el.tagName.toUpperCase()
  if (['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON', 'A'].includes(tag)) return true
  if (el.isContentEditable) return true
  return Boolean(el.closest?.('.cm-editor, .monaco-editor, [contenteditable="true"], [role="textbox"]'))
}
