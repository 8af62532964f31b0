// Makes the keyboard drive the deck: the base shortcuts, a deck's own (setup/shortcuts.ts), held-key repeat.
import { useEffect, useRef } from 'react'
import deckShortcutsSetup from 'virtual:deck/setup/shortcuts'
import { isTypingTarget, KeyRepeat, type ShortcutAction } from '../../logic/input'
import { useDeckNav } from '../../state/navigation'
import { deckStore } from '../../state/store'
import { deckShapeAtom } from '../../state/nav'
import { configAtom } from '../../state/deck'
import { labelsFor } from '../chrome/labels'
import { baseShortcuts, resolveShortcuts, shortcutsFor, type NavOperations, type ResolvedShortcuts } from './shortcuts'

export type ShortcutHandlers = Partial<Record<ShortcutAction, () => void>>

// A deck's setup is reported once per page, not on every mount.
let reported = false

function reportProblem({ problem, error }: ResolvedShortcuts) {
  if (!problem || reported) return
  reported = true
  if (problem === 'no-base') {
    const message = labelsFor(deckStore.get(configAtom).htmlAttrs.lang).shortcutsNoBase
    console.warn(message)
    window.alert(message)
  } else if (problem === 'threw') console.error('[deck] setup/shortcuts.ts threw; using the base shortcuts.', error)
  else console.error('[deck] setup/shortcuts.ts must return a list of shortcuts (e.g. [...base, { key: "b", fn }]); using the base shortcuts.')
}

/** Listens on window while mounted; handlers may change every render without re-binding. */
export function useShortcuts(handlers: ShortcutHandlers, enabled = true) {
  const latest = useRef(handlers)
  latest.current = handlers
  const { go } = useDeckNav()
  const goRef = useRef(go)
  goRef.current = go
  useEffect(() => {
    if (!enabled) return
    /** Runs the view's handler for an action; false when the view has none (the key then stays the browser's). */
    const run = (action: ShortcutAction): boolean => {
      const handler = latest.current[action]
      if (!handler) return false
      handler()
      return true
    }
    const goTo = (no: number) => goRef.current({ no, clicks: 0 })
    const nav: NavOperations = {
      next: () => run('next'),
      prev: () => run('prev'),
      go: goTo,
      goFirst: () => goTo(1),
      goLast: () => goTo(deckStore.get(deckShapeAtom).total),
      toggleDark: () => run('toggleDark'),
      toggleFullscreen: () => run('toggleFullscreen'),
      toggleOverview: () => run('toggleOverview'),
      toggleGoto: () => run('toggleGoto'),
    }
    const resolved = resolveShortcuts(baseShortcuts(run), deckShortcutsSetup, nav)
    reportProblem(resolved)
    const repeat = new KeyRepeat()
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return
      // Escape still closes things from inside a dialog's input; every other key belongs to the focused field or control.
      const typing = isTypingTarget(event.target as HTMLElement | null)
      const matched = shortcutsFor(resolved.shortcuts, event).filter((s) => !typing || s.name === 'escape')
      if (!matched.length) return
      if (event.repeat && !matched.some((s) => s.autoRepeat)) {
        event.preventDefault()
        return
      }
      if (!repeat.shouldFire(event.repeat, performance.now())) {
        event.preventDefault()
        return
      }
      let handled = false
      for (const shortcut of matched) if (shortcut.fn() !== false) handled = true
      if (handled) event.preventDefault()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [enabled])
}
