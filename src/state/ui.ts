// The viewer's open panels and modes: what is showing around the slide right now (not persisted).
import { atom } from 'jotai'

export const gotoOpenAtom = atom(false)
export const infoOpenAtom = atom(false)
export const drawingModeAtom = atom(false)
/** The `?` key help. */
export const helpOpenAtom = atom(false)
/** Whether the page runs inside an iframe of another page (`?embedded`): no controls. */
export const embeddedAtom = atom(typeof location !== 'undefined' && new URLSearchParams(location.search).has('embedded'))
