// How many diagrams this page has drawn, handed down as a context. A diagram box reads it, so it renders again when
// a diagram is drawn: also inside a slide rendered ahead while hidden (which hears no store of its own until shown:
// its subscriptions are effects), so that slide shows its diagram from the frame it appears in.
import { createContext, type ReactNode } from 'react'
import { atom, useAtomValue } from 'jotai'

/** Counted by the diagram renderer (src/features/diagrams/render.ts) each time a result is cached. */
export const diagramsDrawnAtom = atom(0)

export const DiagramsDrawnContext = createContext(0)

export function DiagramsDrawn({ children }: { children: ReactNode }) {
  return <DiagramsDrawnContext.Provider value={useAtomValue(diagramsDrawnAtom)}>{children}</DiagramsDrawnContext.Provider>
}
