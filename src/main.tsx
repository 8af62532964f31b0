// Boots the deck: the router (history or hash, per the deck), the jotai store, the first slide loaded before paint.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter, HashRouter } from 'react-router-dom'
import { Provider } from 'jotai'
import { config } from 'virtual:deck/slides'
import 'virtual:deck/theme'
import './styles/base.css'
import App from './App'
import { deckStore } from './state/store'
import { loadSlide } from './state/slide-modules'

const Router = config.routerMode === 'hash' ? HashRouter : BrowserRouter
const path = config.routerMode === 'hash' ? location.hash.replace(/^#/, '') : location.pathname.slice(import.meta.env.BASE_URL.length - 1)
const first = Number(path.match(/^\/(?:presenter\/)?(\d+)/)?.[1] ?? 1)

// Showing the first slide without an empty frame costs one module load; start it before React renders.
void loadSlide(first).finally(() => {
  createRoot(document.getElementById('app')!).render(
    <StrictMode>
      <Provider store={deckStore}>
        <Router basename={import.meta.env.BASE_URL.replace(/\/$/, '') || undefined}>
          <App />
        </Router>
      </Provider>
    </StrictMode>,
  )
})
