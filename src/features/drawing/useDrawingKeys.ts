// Makes the drawing shortcuts work while drawing, ahead of (and instead of) the deck's own keys.
import { drawingCommand, isTextEntryTarget, type DrawingCommand } from '../../logic/drawing'
import { useKeyLayer } from '../../keys/useKeyLayer'

/** While `active`, drawing keys run `run` and go no further (no navigation, no deck shortcut sees them). */
export function useDrawingKeys(active: boolean, run: (command: DrawingCommand) => void) {
  useKeyLayer(
    'drawing',
    (event) => {
      if (event.isComposing || isTextEntryTarget(event.target as HTMLInputElement | null)) return false
      const command = drawingCommand(event)
      if (!command) return false
      run(command)
      return true
    },
    { active },
  )
}
