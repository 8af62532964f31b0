// How many diagrams this page has drawn, handed down as a context. A diagram box reads it, so it renders again when
// a diagram is drawn: also inside a slide rendered ahead while hidden (which hears no store of its own until shown),
// so that slide shows its diagram from the frame it appears in.
import { createContext, useSyncExternalStore, type ReactNode } from 'react'

let drawn = 0
const listeners = new Set<() => void>()

/** Called by the diagram renderer each time a result is cached. */
export function diagramDrawn() {
  drawn += 1
  for (const listener of listeners) listener()
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
const current = () => drawn

export const DiagramsDrawnContext = createContext(0)

export function DiagramsDrawn({ children }: { children: ReactNode }) {
  const count = useSyncExternalStore(subscribe, current, () => 0)
  return <DiagramsDrawnContext.Provider value={count}>{children}</DiagramsDrawnContext.Provider>
}
