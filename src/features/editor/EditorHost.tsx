// Makes the side editor reachable in dev: the `e` key toggles it, and the panel itself loads only when opened.
// PlayView imports this file only when import.meta.env.DEV, so no build ever contains it.
import { lazy, Suspense, useEffect, useRef } from 'react'
import { useAtom } from 'jotai'
import { showEditorAtom, showOverviewAtom } from '../../state/preferences'
import { gotoOpenAtom } from '../../state/ui'
import { deckStore } from '../../state/store'
import { isTypingTarget, matchesKey } from '../../logic/input'

const EditorPanel = lazy(() => import('./EditorPanel'))

/** The editor's key: `e`, free among the base shortcuts (drawing takes it only while drawing, and prevents it then). */
export const EDITOR_KEY = 'e'

function useEditorKey(toggle: () => void) {
  const latest = useRef(toggle)
  latest.current = toggle
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || event.isComposing || !matchesKey(EDITOR_KEY, event)) return
      const target = event.target as HTMLElement | null
      // Keys typed in a field (the editor's own textareas included) or a dialog are theirs.
      if (isTypingTarget(target) || target?.closest?.('[role="dialog"]')) return
      if (deckStore.get(showOverviewAtom) || deckStore.get(gotoOpenAtom)) return
      event.preventDefault()
      latest.current()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [])
}

export default function EditorHost() {
  const [open, setOpen] = useAtom(showEditorAtom)
  useEditorKey(() => setOpen((v) => !v))
  // Opened by the author (key or button) → focus goes to the text; already open when the page loads → it stays on the deck.
  const openAtLoad = useRef(open)
  useEffect(() => {
    if (!open) openAtLoad.current = false
  }, [open])
  if (!open) return null
  return (
    <Suspense fallback={null}>
      <EditorPanel autoFocus={!openAtLoad.current} onClose={() => setOpen(false)} />
    </Suspense>
  )
}
