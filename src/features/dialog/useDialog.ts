// Makes a panel behave as a modal dialog: focus moves in, Tab stays inside, Escape closes, focus returns on close.
import { useEffect, useRef, type RefObject } from 'react'

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** The focusable elements of a dialog in Tab order, leaving out hidden and inert ones. */
function focusables(el: HTMLElement): HTMLElement[] {
  // tabIndex −1 (a roving-tabindex list's other items) is reachable by arrows, not by Tab.
  return [...el.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((n) => n.tabIndex >= 0 && !n.closest('[inert]') && (n.offsetParent !== null || n === document.activeElement))
}

/**
 * While `open`, traps focus in `ref`'s element; `onClose` runs on Escape. `initialFocus` picks what gets focus first.
 * Both callbacks are read when needed, so passing new functions each render neither moves focus nor re-binds.
 */
export function useDialog(ref: RefObject<HTMLElement | null>, open: boolean, onClose: () => void, initialFocus?: () => HTMLElement | null) {
  const latest = useRef({ onClose, initialFocus })
  latest.current = { onClose, initialFocus }
  useEffect(() => {
    const el = ref.current
    if (!open || !el) return
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null
    ;(latest.current.initialFocus?.() ?? focusables(el)[0] ?? el).focus({ preventScroll: true })
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault()
        event.stopPropagation()
        latest.current.onClose()
        return
      }
      if (event.key !== 'Tab') return
      const items = focusables(el)
      if (!items.length) {
        event.preventDefault()
        return
      }
      const first = items[0]
      const last = items.at(-1)
      if (!first || !last) return
      const inside = el.contains(document.activeElement)
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault()
        first.focus()
      }
    }
    // Focus that escapes anyway (a click on the page behind, a screen reader's virtual cursor) is brought back.
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Node && !el.contains(event.target)) (focusables(el)[0] ?? el).focus({ preventScroll: true })
    }
    document.addEventListener('keydown', onKeyDown, true)
    document.addEventListener('focusin', onFocusIn)
    return () => {
      document.removeEventListener('keydown', onKeyDown, true)
      document.removeEventListener('focusin', onFocusIn)
      if (previous && previous.isConnected) previous.focus({ preventScroll: true })
    }
  }, [ref, open])
}
