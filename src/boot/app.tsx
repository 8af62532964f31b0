// The whole app: router, routes, panels, sync. Loaded after the first slide is on screen (see main.tsx).
import { StrictMode, useEffect, useLayoutEffect, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter, HashRouter } from 'react-router-dom'
import { Provider } from 'jotai'
import { config } from 'virtual:deck/slides'
import App from '../App'
import { deckStore } from '../state/store'

export interface Handover {
  /** The app's page is in the DOM (before paint): the first slide drawn before it can go. */
  mounted: () => void
  /** The app listens for keys and pointers: what was pressed meanwhile can be passed on. */
  listening: () => void
}

/** Layout effects and effects run children first, so these fire once the whole first page has committed. */
function HandoverPoint({ handover, children }: { handover: Handover; children: ReactNode }) {
  useLayoutEffect(() => handover.mounted(), [handover])
  useEffect(() => handover.listening(), [handover])
  return children
}

export function mountApp(container: HTMLElement, handover: Handover) {
  const Router = config.routerMode === 'hash' ? HashRouter : BrowserRouter
  createRoot(container).render(
    <StrictMode>
      <Provider store={deckStore}>
        {/* Hash routes live after '#': the page's own path (a file on disk, base './') is no part of them. */}
        <Router basename={config.routerMode === 'hash' ? undefined : import.meta.env.BASE_URL.replace(/\/$/, '') || undefined}>
          <HandoverPoint handover={handover}>
            <App />
          </HandoverPoint>
        </Router>
      </Provider>
    </StrictMode>,
  )
}
