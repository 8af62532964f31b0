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

export type ShortcutAction = NavAction | 'toggleDark' | 'toggleFullscreen' | 'toggleGoto' | 'toggleOverview' | 'escape'

/** The base shortcuts of spec.md section 2's keyboard table. */
export function baseShortcut(e: KeyInput): ShortcutAction | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null
  switch (e.key) {
    case ' ':
    case 'Spacebar':
      return e.shiftKey ? 'prev' : 'next'
    case 'ArrowRight':
    case 'ArrowDown':
    case 'PageDown':
      return 'next'
    case 'ArrowLeft':
    case 'ArrowUp':
    case 'PageUp':
      return 'prev'
    case 'Escape':
      return 'escape'
  }
  if (e.shiftKey) return null
  switch (e.key) {
    case 'd':
      return 'toggleDark'
    case 'f':
      return 'toggleFullscreen'
    case 'g':
      return 'toggleGoto'
    case 'o':
    case '`':
      return 'toggleOverview'
  }
  return null
}

/** Shortcuts are ignored while focus is where keys type or activate something. */
export function isTypingTarget(el: { tagName?: string; isContentEditable?: boolean; closest?: (s: string) => unknown } | null): boolean {
  if (!el || !el.tagName) return false
  const tag = el.tagName.toUpperCase()
  if (['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON', 'A'].includes(tag)) return true
  if (el.isContentEditable) return true
  return Boolean(el.closest?.('.cm-editor, .monaco-editor, [contenteditable="true"], [role="textbox"]'))
}
