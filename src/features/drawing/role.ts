// Who may draw in this window: the deck's `drawings` settings and whether this window is the presenter's.
import { atom } from 'jotai'
import { configAtom } from '../../state/deck'
import { viewModeAtom } from '../../state/nav'
import { drawingsAvailable, showsDrawingControls, type DrawingRole } from '../../logic/drawing'

export const drawingRoleAtom = atom<DrawingRole>((get) => {
  const { drawings } = get(configAtom)
  return {
    available: drawingsAvailable(drawings.enabled, import.meta.env.DEV),
    presenterOnly: drawings.presenterOnly,
    presenter: get(viewModeAtom) === 'presenter',
  }
})

/** Whether the drawing toggle and toolbar show in this window. */
export const drawingControlsAtom = atom((get) => showsDrawingControls(get(drawingRoleAtom)))
