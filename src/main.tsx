// Boots the deck in two steps, so the audience sees the first slide without waiting for the whole app:
// 1. React, the slide list and the opened slide's module draw that slide (src/boot/FirstSlide);
// 2. once it is on screen, the app (router, controls, panels, sync) loads and takes its place, invisibly.
// Keys pressed in between are held and passed on. Presenter, print and other pages start with the app at once.
import { createRoot, type Root } from 'react-dom/client'
import { Provider } from 'jotai'
import { config, slides } from 'virtual:deck/slides'
import 'virtual:deck/theme'
import './styles/base.css'
import 'virtual:uno.css'
import { deckStore } from './state/store'
import { loadSlide } from './state/slide-modules'
import { entryRoute } from './logic/entry'
import { asksForReader, opensInReader, readerSearch, storedViewChoice } from './logic/reader'
import FirstSlide from './boot/FirstSlide'
import { holdEarlyKeys } from './boot/early-keys'

// Hash routing keeps the path and its query after '#'.
const [hashPath, hashQuery = ''] = location.hash.replace(/^#/, '').split('?')
const [path, search] =
  config.routerMode === 'hash' ? [hashPath || '/', hashQuery] : [location.pathname.slice(import.meta.env.BASE_URL.length - 1), location.search]
const entry = entryRoute(path, search, slides.map((s) => s.clicks))

/** The remembered slides/reader choice; storage may be off. */
function rememberedView() {
  try {
    return storedViewChoice(localStorage.getItem('slidev-view'))
  } catch {
    return null
  }
}

// A phone held upright opens play pages as the reader (unless the viewer chose the slides): the address says so
// before anything is drawn, so the router opens the reader and no canvas slide is drawn first.
const reader = entry.kind === 'play' && opensInReader({ search, stored: rememberedView(), width: innerWidth, height: innerHeight })
if (reader && !asksForReader(search)) {
  const to = `/${entry.no}${readerSearch(search)}`
  history.replaceState(history.state, '', config.routerMode === 'hash' ? `${location.pathname}${location.search}#${to}` : `${import.meta.env.BASE_URL.replace(/\/$/, '')}${to}`)
}
const container = document.getElementById('app')!

async function boot() {
  const slidesFirst = entry.kind === 'play' && !reader
  const keys = slidesFirst ? holdEarlyKeys() : null
  const first = await loadSlide(entry.no)
  let shown: { root: Root; element: HTMLElement } | null = null
  if (slidesFirst && first) {
    const element = document.createElement('div')
    element.className = 'deck-boot-root'
    container.before(element)
    const root = createRoot(element)
    // The app is asked for once that slide has been painted, so it does not compete with it.
    await new Promise<void>((painted) =>
      root.render(
        <Provider store={deckStore}>
          <FirstSlide no={entry.no} clicks={entry.clicks} onPainted={painted} />
        </Provider>,
      ),
    )
    shown = { root, element }
  }
  const { mountApp } = await import('./boot/app')
  mountApp(container, {
    mounted() {
      if (!shown) return
      // Off the page now, in the app's commit; unmounted once React has finished that commit.
      const { root, element } = shown
      shown = null
      element.remove()
      setTimeout(() => root.unmount(), 0)
    },
    listening() {
      keys?.release()
    },
  })
}

void boot()
