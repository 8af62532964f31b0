// Tells the boot when the first page is committed and when it listens: the point the routes render inside.
import { createContext, useContext, useEffect, useLayoutEffect, type ReactNode } from 'react'

export interface BootEvents {
  /** The first page is committed (before paint): stored preferences may now replace the defaults it used. */
  committed?: () => void
  /** The page listens for keys and pointers: what was pressed meanwhile can be passed on. */
  listening?: () => void
}

export const BootContext = createContext<BootEvents>({})

/**
 * Placed around the routes, inside their Suspense boundary: React hydrates a boundary after the root around it, so
 * only there do these effects run after the page's own (its key listeners) have. Children's effects run first.
 */
export function BootPoint({ children }: { children: ReactNode }) {
  const events = useContext(BootContext)
  useLayoutEffect(() => events.committed?.(), [events])
  useEffect(() => {
    events.listening?.()
    // The page is the app's now (hydrated or rendered): tests and the bench wait for this.
    document.documentElement.dataset.deckReady = 'true'
  }, [events])
  return children
}
