// Makes the drawing shortcuts work while drawing, ahead of (and instead of) the deck's own keys.
import { useEffect, useRef } from 'react'
import { drawingCommand, isTextEntryTarget, type DrawingCommand } from '../../logic/drawing'

/** While `active`, drawing keys run `run` and go no further (no navigation, no deck shortcut sees them). */
export function useDrawingKeys(active: boolean, run: (command: DrawingCommand) => void) {
  const latest = useRef(run)
  latest.current = run
  useEffect(() => {
    if (!active) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return
      const target = event.target as HTMLElement | null
      // A dialog over the slide (overview, goto) keeps its own keys, Escape included.
      if (target?.closest?.('[role="dialog"], [aria-modal="true"]')) return
      if (isTextEntryTarget(target as HTMLInputElement | null)) return
      const command = drawingCommand(event)
      if (!command) return
      event.preventDefault()
      event.stopPropagation()
      latest.current(command)
    }
    // Capture phase on window: runs before the navigation shortcuts, which skip prevented events.
    window.addEventListener('keydown', onKeyDown, true)
    return () => window.removeEventListener('keydown', onKeyDown, true)
  }, [active])
}
