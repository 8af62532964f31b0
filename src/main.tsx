// Boots the deck in the browser. A build's play page arrives prerendered (src/prerender.tsx): the slide is already
// on screen, and the app hydrates it in place once its module is here. Any other page (presenter, print, reader, a
// page the host answered with another page's HTML, every page under `npm run dev`) is rendered here.
// Keys pressed and buttons clicked before the app listens are held and carried out then.
import { createRoot, hydrateRoot } from 'react-dom/client'
import { BrowserRouter, HashRouter } from 'react-router-dom'
import type { ReactNode } from 'react'
import { initialConfig as config, initialSlides as slides } from './state/deck'
import 'virtual:deck/theme'
import './styles/base.css'
import 'virtual:uno.css'
import DeckRoot from './boot/DeckRoot'
import type { BootEvents } from './boot/boot-point'
import { holdEarlyKeys } from './boot/early-keys'
import { loadSlide } from './state/slide-modules'
import { restorePreferences } from './state/preferences'
import { entryRoute, routerAddress } from './logic/entry'
import { canHydrate } from './logic/prerendered'
import { asksForReader, opensInReader, readerAnchor, readerSearch, storedViewChoice } from './logic/reader'
import { STORAGE_KEYS } from '../shared/storage-keys'

const base = import.meta.env.BASE_URL
const { pathname: path, search } = routerAddress(location, config.routerMode === 'hash', base)
const entry = entryRoute(path, search, slides.map((s) => s.clicks))
const container = document.getElementById('app')!

/** The remembered slides/reader choice; storage may be off. */
function rememberedView() {
  try {
    return storedViewChoice(localStorage.getItem(STORAGE_KEYS.view))
  } catch {
    return null
  }
}

// A phone held upright opens play pages as the reader (unless the viewer chose the slides). A build has the reader
// prerendered at /reader/, with the article in it: the browser goes there (one short page load instead of drawing
// the article from 107 slide modules). Elsewhere (dev, hash routing) the address says so before anything is drawn.
const reader = entry.kind === 'play' && opensInReader({ search, stored: rememberedView(), width: innerWidth, height: innerHeight })
const toReaderPage = reader && container.dataset.prerendered !== undefined && config.routerMode !== 'hash'
if (toReaderPage) location.replace(`${base}reader/#${readerAnchor(entry.no)}`)
else if (reader && !asksForReader(search)) {
  const to = `/${entry.no}${readerSearch(search)}`
  history.replaceState(history.state, '', config.routerMode === 'hash' ? `${location.pathname}${location.search}#${to}` : `${base.replace(/\/$/, '')}${to}`)
}

function Router({ children }: { children: ReactNode }) {
  // A move is rendered at once, in the key's own task (not as a transition React may spread over frames): the next
  // frame shows the new slide. Its module and fonts were loaded beforehand (preloadAround).
  // Hash routes live after '#': the page's own path (a file on disk, base './') is no part of them.
  if (config.routerMode === 'hash') return <HashRouter useTransitions={false}>{children}</HashRouter>
  return (
    <BrowserRouter basename={base.replace(/\/$/, '') || undefined} useTransitions={false}>
      {children}
    </BrowserRouter>
  )
}

async function boot() {
  const slidesFirst = entry.kind === 'play' && !reader
  const keys = slidesFirst ? holdEarlyKeys() : null
  // A slide's page hydrates as that slide, the reader's page as the reader; a play address opening as the reader
  // (a phone) never hydrates a slide's HTML.
  const hydrate = (slidesFirst || entry.kind === 'other') && canHydrate(container.dataset.prerendered, path, search)
  // The root is slide 1's page: its address becomes /1 before the router sees it (the route it redirects to).
  if (hydrate && (path === '/' || path === '')) history.replaceState(history.state, '', `${base}1${search}${location.hash}`)
  if (slidesFirst) await loadSlide(entry.no)
  const events: BootEvents = { listening: () => keys?.release() }
  keys?.hydrating()
  if (hydrate) {
    // The first render must equal the HTML, which was made with default preferences; the stored ones apply right
    // after, before the browser paints again.
    events.committed = restorePreferences
    hydrateRoot(container, <DeckRoot router={Router} events={events} />)
  } else {
    restorePreferences()
    container.replaceChildren()
    createRoot(container).render(<DeckRoot router={Router} events={events} />)
  }
}

if (!toReaderPage) void boot()
