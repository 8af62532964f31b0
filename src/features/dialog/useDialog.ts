// Makes a panel behave as a modal dialog: focus moves in, Tab stays inside, Escape closes, focus returns on close.
import { useEffect, type RefObject } from 'react'

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])'

export function useDialog(ref: RefObject<HTMLElement | null>, open: boolean, onClose: () => void, initialFocus?: () => HTMLElement | null) {
  useEffect(() => {
    const el = ref.current
    if (!open || !el) return
    const previous = document.activeElement as HTMLElement | null
    ;(initialFocus?.() ?? el.querySelector<HTMLElement>(FOCUSABLE) ?? el).focus()
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault()
        event.stopPropagation()
        onClose()
        return
      }
      if (event.key !== 'Tab') return
      const items = [...el.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((n) => n.offsetParent !== null || n === document.activeElement)
      if (!items.length) return
      const first = items[0]
      const last = items[items.length - 1]
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault()
        first.focus()
      }
    }
    el.addEventListener('keydown', onKeyDown)
    return () => {
      el.removeEventListener('keydown', onKeyDown)
      if (previous && document.contains(previous)) previous.focus()
    }
  }, [ref, open, onClose, initialFocus])
}
