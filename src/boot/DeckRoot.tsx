// The whole app inside its store and router: the same tree in the browser (hydrated or rendered) and at build time
// (src/prerender.tsx), so the prerendered HTML is exactly what the browser's first render produces.
import { createContext, StrictMode, useContext, useEffect, useLayoutEffect, type ReactNode } from 'react'
import { Provider } from 'jotai'
import App from '../App'
import { deckStore } from '../state/store'

export interface BootEvents {
  /** The first page is committed (before paint): stored preferences may now replace the defaults it used. */
  committed?: () => void
  /** The page listens for keys and pointers: what was pressed meanwhile can be passed on. */
  listening?: () => void
}

const BootContext = createContext<BootEvents>({})

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

export default function DeckRoot({ router: Router, events = {} }: { router: (props: { children: ReactNode }) => ReactNode; events?: BootEvents }) {
  return (
    <StrictMode>
      <Provider store={deckStore}>
        <BootContext.Provider value={events}>
          <Router>
            <App />
          </Router>
        </BootContext.Provider>
      </Provider>
    </StrictMode>
  )
}
