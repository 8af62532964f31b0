// Makes the keyboard drive the deck: the base shortcuts, a deck's own (setup/shortcuts.ts), held-key repeat.
import { useCallback, useEffect, useRef } from 'react'
import deckShortcutsSetup from 'virtual:deck/setup/shortcuts'
import { isTypingTarget, KeyRepeat, type ShortcutAction } from '../../logic/input'
import { useDeckNav } from '../../state/navigation'
import { deckStore } from '../../state/store'
import { deckShapeAtom } from '../../state/nav'
import { configAtom } from '../../state/deck'
import { labelsFor } from '../../kit/labels'
import { baseShortcuts, resolveShortcuts, shortcutsFor, type NavOperations, type ResolvedShortcuts } from './shortcuts'
import { useKeyLayer } from '../../keys/useKeyLayer'

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

/** The view's layer of the page's key dispatcher, below dialogs, drawing and the editor; handlers may change every render. */
export function useShortcuts(handlers: ShortcutHandlers) {
  const latest = useRef(handlers)
  latest.current = handlers
  const { go } = useDeckNav()
  const goRef = useRef(go)
  goRef.current = go
  // The deck's setup runs once per mount, in the browser only (never while the build prerenders the page: an author's
  // setup may read `location` or `window`); the layer reads the current handlers when a key comes.
  const view = useRef<{ shortcuts: ResolvedShortcuts['shortcuts']; repeat: KeyRepeat } | null>(null)
  const resolveView = useCallback(() => {
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
      nextSlide: () => run('nextSlide'),
      prevSlide: () => run('prevSlide'),
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
    return { shortcuts: resolved.shortcuts, repeat: new KeyRepeat() }
  }, [])
  useEffect(() => {
    view.current ??= resolveView()
  }, [resolveView])
  useKeyLayer('view', (event) => {
    const { shortcuts, repeat } = (view.current ??= resolveView())
    // Escape still closes things from inside an input; every other key belongs to the focused field or control.
    const typing = isTypingTarget(event.target as HTMLElement | null)
    const matched = shortcutsFor(shortcuts, event).filter((s) => !typing || s.name === 'escape')
    if (!matched.length) return false
    // A held key repeats only where the table says so, and then at the table's pace.
    if (event.repeat && !matched.some((s) => s.autoRepeat)) return true
    if (!repeat.shouldFire(event.repeat, performance.now())) return true
    let handled = false
    for (const shortcut of matched) if (shortcut.fn() !== false) handled = true
    return handled
  })
}
