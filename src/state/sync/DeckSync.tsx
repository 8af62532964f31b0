// Starts syncing this window with the others (same browser always; a relay when `npm run serve` or `npm run dev` runs).
import { useLayoutEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { useAtomValue } from 'jotai'
import { deckStore } from '../store'
import { configAtom } from '../deck'
import { viewModeAtom } from '../nav'
import { addressPosition, liveAddress, positionUrl } from '../navigation'
import type { Position } from '../../logic/nav'
import { startSync } from './controller'
import { windowId } from './atoms'
import { createDevTransport, createLocalTransport, createSocketTransport, type SyncTransport } from './transports'

/** The relay `npm run serve` announces in index.html (`<meta name="deck-sync" content="/__deck/sync">`), as a ws: URL. */
function relayUrl(): string | null {
  const path = document.querySelector<HTMLMetaElement>('meta[name="deck-sync"]')?.content
  if (!path) return null
  const url = new URL(path, window.location.href)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  return url.href
}

export default function DeckSync() {
  const navigate = useNavigate()
  const navigateRef = useRef(navigate)
  navigateRef.current = navigate
  const title = useAtomValue(configAtom).title
  const password = new URLSearchParams(useLocation().search).get('password')

  // A layout effect inside DeckRoutes: it subscribes before the routes' address reaches positionAtom.
  useLayoutEffect(() => {
    // Keys pressed before the route renders the move start from the address, so from where the presenter is.
    const follow = (to: Position) => {
      const mode = deckStore.get(viewModeAtom)
      navigateRef.current(positionUrl(mode === 'presenter' ? 'presenter' : 'play', to, liveAddress().search), { replace: true })
    }
    return startSync({
      store: deckStore,
      id: windowId,
      follow,
      position: addressPosition,
      connect: (events, currentState) => {
        const transports: SyncTransport[] = [createLocalTransport(`${import.meta.env.BASE_URL}:${title}`, events, currentState)]
        const url = relayUrl()
        if (import.meta.hot) transports.push(createDevTransport(import.meta.hot, password, events))
        else if (url) transports.push(createSocketTransport(url, password, events))
        return transports
      },
    })
  }, [title, password])

  return null
}
