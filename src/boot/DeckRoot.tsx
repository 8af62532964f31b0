// The whole app inside its store and router: the same tree in the browser (hydrated or rendered) and at build time
// (src/prerender.tsx), so the prerendered HTML is exactly what the browser's first render produces.
import { StrictMode, type ReactNode } from 'react'
import { Provider } from 'jotai'
import App from '../App'
import { deckStore } from '../state/store'
import { BootContext, type BootEvents } from './boot-point'

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
