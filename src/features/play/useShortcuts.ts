// Makes the keyboard drive the deck: the base shortcuts, a deck's own (setup/shortcuts.ts), held-key repeat.
import { useEffect, useRef } from 'react'
import { baseShortcut, isTypingTarget, KeyRepeat, type ShortcutAction } from '../../logic/input'

export type ShortcutHandlers = Partial<Record<ShortcutAction, () => void>>

/** Listens on window while mounted; handlers may change every render without re-binding. */
export function useShortcuts(handlers: ShortcutHandlers, enabled = true) {
  const latest = useRef(handlers)
  latest.current = handlers
  useEffect(() => {
    if (!enabled) return
    const repeat = new KeyRepeat()
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return
      const action = baseShortcut(event)
      if (!action) return
      // Escape still closes things from inside a dialog's input.
      if (action !== 'escape' && isTypingTarget(event.target as HTMLElement | null)) return
      const handler = latest.current[action]
      if (!handler) return
      event.preventDefault()
      if (action === 'next' || action === 'prev') {
        if (!repeat.shouldFire(event.repeat, performance.now())) return
      }
      handler()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [enabled])
}
