// Carries shared-state changes between windows: BroadcastChannel and storage events in one browser, a WebSocket relay
// (`npm run serve`) or the dev server's own socket across devices. Every incoming message is validated before use.
import {
  type PairedDevice,
  parsePatch,
  parseServerMessage,
  parseSharedState,
  type ClientMessage,
  type SharedPatch,
  type SharedState,
} from '../../../shared/sync-protocol'
import { SOCKET_EVENTS } from '../../../shared/events'
import { STORAGE_KEYS } from '../../../shared/storage-keys'

export interface TransportEvents {
  /** Another window's change. */
  patch: (patch: SharedPatch) => void
  /** A relay's whole state after (re)connecting, and whether this window may write to it. */
  welcome: (state: SharedState, canWrite: boolean, passwordRequired: boolean, canPair?: boolean) => 'follow' | 'push' | 'keep' | void
  /** The relay issued a one-time pairing address (npm run serve), or listed the paired phones. */
  pairing?: (pairing: { url: string; expires: number; reachable: boolean }) => void
  devices?: (devices: PairedDevice[]) => void
  /** Another window of this browser answered our hello with its state (adopted without moving). */
  peerState: (state: SharedState) => void
  /** The link to the relay changed. */
  status: (relay: 'connecting' | 'connected' | 'offline') => void
}

export interface SyncTransport {
  /** `shared` is the whole state after the patch (for transports that store it, or answer newcomers). */
  send: (patch: SharedPatch, shared: SharedState) => void
  close: () => void
  /** Relays may refuse writes; same-browser transports never do. */
  readonly isRelay: boolean
  /** A message for the relay itself (pairing), not a change to relay to others. */
  request?: (message: ClientMessage) => void
}

type PeerMessage = { type: 'patch'; patch: unknown } | { type: 'hello' } | { type: 'state'; state: unknown }

/**
 * Same-browser windows: BroadcastChannel for everything, and the page state (positions and lastUpdate) written to
 * localStorage so windows without BroadcastChannel still follow through storage events. Duplicates are expected;
 * the controller drops stale copies by lastUpdate.
 */
export function createLocalTransport(key: string, events: TransportEvents, currentState: () => SharedState): SyncTransport {
  const storageKey = STORAGE_KEYS.sync(key)
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(`deck-sync:${key}`) : null
  const onMessage = (event: MessageEvent<PeerMessage>) => {
    const message = event.data
    if (!message || typeof message !== 'object') return
    if (message.type === 'patch') {
      const patch = parsePatch(message.patch)
      if (patch.ok) events.patch(patch.value)
      else console.warn(`[sync] ignored a message from another window: ${patch.reason}`)
    } else if (message.type === 'hello') {
      channel?.postMessage({ type: 'state', state: currentState() } satisfies PeerMessage)
    } else if (message.type === 'state') {
      const state = parseSharedState(message.state)
      if (state.ok) events.peerState(state.value)
    }
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key !== storageKey || !event.newValue) return
    let value: unknown
    try {
      value = JSON.parse(event.newValue)
    } catch {
      return
    }
    const patch = parsePatch(value)
    if (patch.ok) events.patch(patch.value)
  }
  channel?.addEventListener('message', onMessage)
  window.addEventListener('storage', onStorage)
  channel?.postMessage({ type: 'hello' } satisfies PeerMessage)
  return {
    isRelay: false,
    send(patch, shared) {
      channel?.postMessage({ type: 'patch', patch } satisfies PeerMessage)
      if (!patch.lastUpdate) return
      const { page, clicks, viewerPage, viewerClicks, lastUpdate } = shared
      const pageState: SharedPatch = { viewerPage, viewerClicks, lastUpdate }
      if (page >= 1) Object.assign(pageState, { page, clicks })
      if (pageState.viewerPage! < 1) {
        delete pageState.viewerPage
        delete pageState.viewerClicks
      }
      try {
        localStorage.setItem(storageKey, JSON.stringify(pageState))
      } catch {
        // Storage full or off: BroadcastChannel still carries the change.
      }
    },
    close() {
      channel?.removeEventListener('message', onMessage)
      channel?.close()
      window.removeEventListener('storage', onStorage)
    },
  }
}

/** The relay's answers, shared by the WebSocket and dev-server transports. */
function handleServerMessage(data: unknown, events: TransportEvents, warned: Set<string>) {
  const message = parseServerMessage(data)
  if (!message.ok) {
    console.warn(`[sync] ignored a relay message: ${message.reason}`)
    return
  }
  const m = message.value
  if (m.type === 'welcome') events.welcome(m.state, m.canWrite, m.passwordRequired, m.canPair ?? false)
  else if (m.type === 'patch') events.patch(m.patch)
  else if (m.type === 'pairing') events.pairing?.(m)
  else if (m.type === 'devices') events.devices?.(m.devices)
  else if (!warned.has(m.reason)) {
    warned.add(m.reason)
    console.warn(`[sync] the relay refused a change: ${m.reason}`)
  }
}

const RETRY_MS = [500, 1000, 2000, 4000, 8000]

/**
 * The wait before reconnecting: backing off, each wait spread over ±25 % so a room that lost its server together (a
 * restart) does not come back in one burst. The welcome then resumes the device at the presenter's state.
 */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const base = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)] ?? 8000
  return Math.round(base * (0.75 + random() * 0.5))
}

/** `npm run serve`'s relay: a WebSocket to the path the server announced in index.html, reconnecting with back-off. */
export function createSocketTransport(url: string, password: string | null, events: TransportEvents): SyncTransport {
  let socket: WebSocket | null = null
  let attempt = 0
  let retry: ReturnType<typeof setTimeout> | undefined
  let closed = false
  const warned = new Set<string>()
  const hello: ClientMessage = password ? { type: 'hello', password } : { type: 'hello' }

  const connect = () => {
    events.status('connecting')
    const ws = new WebSocket(url)
    socket = ws
    ws.onopen = () => {
      attempt = 0
      ws.send(JSON.stringify(hello))
    }
    ws.onmessage = (event) => {
      if (typeof event.data !== 'string') return
      let data: unknown
      try {
        data = JSON.parse(event.data)
      } catch {
        console.warn('[sync] ignored a relay message that is not JSON')
        return
      }
      if ((data as { type?: string })?.type === 'welcome') events.status('connected')
      handleServerMessage(data, events, warned)
    }
    ws.onclose = () => {
      if (socket !== ws) return
      socket = null
      if (closed) return
      events.status('offline')
      retry = setTimeout(connect, retryDelay(attempt++))
    }
  }
  connect()
  return {
    isRelay: true,
    send(patch) {
      if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'patch', patch } satisfies ClientMessage))
    },
    request(message) {
      if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message))
    },
    close() {
      closed = true
      clearTimeout(retry)
      const ws = socket
      socket = null
      if (ws) {
        ws.onopen = ws.onmessage = ws.onclose = null
        ws.close()
      }
    },
  }
}


/** `npm run dev`: the same relay over Vite's own HMR socket (no second port); says hello again after Vite reconnects. */
export function createDevTransport(hot: NonNullable<ImportMeta['hot']>, password: string | null, events: TransportEvents): SyncTransport {
  const warned = new Set<string>()
  const hello: ClientMessage = password ? { type: 'hello', password } : { type: 'hello' }
  const onMessage = (data: unknown) => {
    if ((data as { type?: string })?.type === 'welcome') events.status('connected')
    handleServerMessage(data, events, warned)
  }
  const onConnect = () => hot.send(SOCKET_EVENTS.sync, hello)
  const onDisconnect = () => events.status('offline')
  hot.on(SOCKET_EVENTS.sync, onMessage)
  hot.on('vite:ws:connect', onConnect)
  hot.on('vite:ws:disconnect', onDisconnect)
  events.status('connecting')
  hot.send(SOCKET_EVENTS.sync, hello)
  return {
    isRelay: true,
    send(patch) {
      hot.send(SOCKET_EVENTS.sync, { type: 'patch', patch } satisfies ClientMessage)
    },
    close() {
      hot.off(SOCKET_EVENTS.sync, onMessage)
      hot.off('vite:ws:connect', onConnect)
      hot.off('vite:ws:disconnect', onDisconnect)
    },
  }
}
