// The whole app inside its store and router: the same tree in the browser (hydrated or rendered) and at build time
// (src/prerender.tsx), so the prerendered HTML is exactly what the browser's first render produces.
import { StrictMode, useEffect, useLayoutEffect, type ReactNode } from 'react'
import { Provider } from 'jotai'
import App from '../App'
import { deckStore } from '../state/store'

export interface BootEvents {
  /** The first render is committed (before paint): stored preferences may now replace the defaults it used. */
  committed?: () => void
  /** The app listens for keys and pointers: what was pressed meanwhile can be passed on. */
  listening?: () => void
}

/** Layout effects and effects run children first, so these fire once the whole first page has committed. */
function BootPoint({ events, children }: { events: BootEvents; children: ReactNode }) {
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
        <Router>
          <BootPoint events={events}>
            <App />
          </BootPoint>
        </Router>
      </Provider>
    </StrictMode>
  )
}
