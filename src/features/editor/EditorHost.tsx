// Makes the side editor reachable in dev: the `e` key toggles it, and the panel itself loads only when opened.
// PlayView imports this file only when import.meta.env.DEV, so no build ever contains it.
import { lazy, Suspense, useEffect, useRef } from 'react'
import { useAtom } from 'jotai'
import { showEditorAtom } from '../../state/preferences'
import { isTypingTarget, matchesKey } from '../../logic/input'
import { useKeyLayer } from '../../keys/useKeyLayer'

const EditorPanel = lazy(() => import('./EditorPanel'))

/** The editor's key: `e`, free among the base shortcuts (drawing takes it only while drawing, and prevents it then). */
export const EDITOR_KEY = 'e'

export default function EditorHost() {
  const [open, setOpen] = useAtom(showEditorAtom)
  useKeyLayer('editor', (event) => {
    if (event.repeat || event.isComposing || !matchesKey(EDITOR_KEY, event)) return false
    // Keys typed in a field (the editor's own textareas included) are theirs; an open dialog is a layer above.
    if (isTypingTarget(event.target as HTMLElement | null)) return false
    setOpen((v) => !v)
    return true
  })
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
