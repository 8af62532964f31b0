// The slides' drawings: SVG markup per slide number, shared by the drawing layer (writes) and sync (relays).
import { atom } from 'jotai'

/** Slide number → the SVG markup (drauu's dump) drawn on it. An absent or empty entry means a clean slide. */
export const drawingsAtom = atom<Record<number, string>>({})

/**
 * Where the last change of `drawingsAtom` came from: 'local' when this window drew it (sync sends it out),
 * 'remote' when sync applied another window's drawing (sync must not echo it back).
 */
export const drawingsOriginAtom = atom<'local' | 'remote'>('local')
