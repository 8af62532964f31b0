// Makes a panel behave as a modal dialog: focus moves in, Tab stays inside, Escape closes, focus returns on close,
// and no key reaches the slide behind it.
import { useLayoutEffect, useRef, type RefObject } from 'react'
import { keyDispatcher, type KeyPress } from '../keys/dispatcher'

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** The focusable elements of a dialog in Tab order, leaving out hidden and inert ones. */
function focusables(el: HTMLElement): HTMLElement[] {
  // tabIndex −1 (a roving-tabindex list's other items) is reachable by arrows, not by Tab.
  return [...el.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((n) => n.tabIndex >= 0 && !n.closest('[inert]') && (n.offsetParent !== null || n === document.activeElement))
}

export interface DialogOptions {
  /** Picks what gets focus first (else the first focusable element). */
  initialFocus?: () => HTMLElement | null
  /** The dialog's own keys (the overview's grid), after Escape and Tab; true when it took the key. */
  onKey?: (event: KeyPress) => boolean | void
}

/**
 * While `open`, traps focus in `ref`'s element and keeps every key from the layers below; `onClose` runs on Escape.
 * The callbacks are read when needed, so passing new functions each render neither moves focus nor re-binds.
 */
export function useDialog(ref: RefObject<HTMLElement | null>, open: boolean, onClose: () => void, options: DialogOptions = {}) {
  const latest = useRef({ onClose, ...options })
  latest.current = { onClose, ...options }
  // A layout effect: its keys leave with the dialog's element, in the same commit. A passive effect's cleanup ran after
  // the paint, and a key pressed just after Escape closed the dialog was still taken by it (seen in CI on a loaded
  // machine: the slide did not move).
  useLayoutEffect(() => {
    const el = ref.current
    if (!open || !el) return
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null
    ;(latest.current.initialFocus?.() ?? focusables(el)[0] ?? el).focus({ preventScroll: true })
    const onKey = (event: KeyPress): boolean | void => {
      if (event.key === 'Escape') {
        latest.current.onClose()
        return true
      }
      if (event.key !== 'Tab') return latest.current.onKey?.(event)
      const items = focusables(el)
      const first = items[0]
      const last = items.at(-1)
      if (!first || !last) return true
      const inside = el.contains(document.activeElement)
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        last.focus()
        return true
      }
      if (!event.shiftKey && (document.activeElement === last || !inside)) {
        first.focus()
        return true
      }
    }
    // Focus that escapes anyway (a click on the page behind, a screen reader's virtual cursor) is brought back.
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Node && !el.contains(event.target)) (focusables(el)[0] ?? el).focus({ preventScroll: true })
    }
    const removeKeys = keyDispatcher.add({ name: 'dialog', modal: true, handle: onKey })
    document.addEventListener('focusin', onFocusIn)
    return () => {
      removeKeys()
      document.removeEventListener('focusin', onFocusIn)
      if (previous && previous.isConnected) previous.focus({ preventScroll: true })
    }
  }, [ref, open])
}
