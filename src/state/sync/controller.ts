// Makes windows and devices follow the presenter: publishes this window's moves, applies others' (without echo), resyncs.
import type { createStore } from 'jotai'
import { applyPatch, isPresenterPath, type ClientMessage, type LastUpdate, type SharedPatch, type SharedState } from '../../../shared/sync-protocol'
import { drawingsChanges, followTarget, isFresh, isPrintLocation, nextStamp, welcomeAction, type SyncRole } from '../../logic/sync-rules'
import type { Position } from '../../logic/nav'
import { positionAtom, routeAtom, viewModeAtom, deckShapeAtom } from '../nav'
import { isReaderAddress } from '../../logic/reader'
import { configAtom } from '../deck'
import { drawingsAtom, drawingsOriginAtom } from '../drawings'
import { pairedDevicesAtom, pairingAtom, relayStatusAtom, sharedStateAtom } from './atoms'
import type { SyncTransport, TransportEvents } from './transports'

type Store = ReturnType<typeof createStore>

export interface SyncOptions {
  store: Store
  /** This window's id in lastUpdate. */
  id: string
  /** Moves this window to a position without it counting as its own move (a replace in history). */
  follow: (to: Position) => void
  /** Opens the transports; each reports to `events`. */
  connect: (events: TransportEvents, currentState: () => SharedState) => SyncTransport[]
  /** The address this window's routes show (print pages and the reader never sync); routeAtom unless told. */
  location?: () => { pathname: string; search: string }
  /** Where this window is going: its address, ahead of positionAtom while a move renders (positionAtom unless told). */
  position?: () => Position
}

/** Live strokes are relayed at most ten times a second (a frame-rate stream would trip relays' rate limits). */
const DRAWINGS_INTERVAL = 100

let active: ((patch: SharedPatch) => void) | null = null
let activeRequest: ((message: ClientMessage) => void) | null = null

/** Changes the shared state from this window (timer, cursor) and sends it; does nothing while sync is not running. */
export function updateShared(patch: SharedPatch): void {
  active?.(patch)
}

/** Asks the relay itself (pairing a phone, revoking one); nothing happens without a relay. */
export function requestRelay(message: ClientMessage): void {
  activeRequest?.(message)
}

const samePosition = (a: Position | null, b: Position) => a !== null && a.no === b.no && a.clicks === b.clicks

export function startSync({ store, id, follow, connect, location = () => store.get(routeAtom), position = () => store.get(positionAtom) }: SyncOptions): () => void {
  /** The position last published or followed: the route setting it again is not news. */
  let lastPosition: Position | null = null
  let stamp = 0
  /** This window's own last presenter move (what a restarted relay may have lost). */
  let myLast: LastUpdate | null = null
  const seen = new Map<string, number>()
  /** The drawings object sync itself set from a remote update (identity check: no echo). */
  let remoteDrawings: Record<number, string> | null = null
  let sentDrawings = store.get(drawingsAtom)
  let relayWritable = false
  let adoptedPeer = false
  let pendingWelcome: { state: SharedState; canWrite: boolean; passwordRequired: boolean; canPair: boolean } | null = null

  const role = (): SyncRole | null => {
    const mode = store.get(viewModeAtom)
    // Print pages and the reader (read at one's own pace) neither follow nor publish.
    if (mode === 'print' || mode === 'reader') return null
    const where = location()
    // The address decides before the view has taken over (its code still loading).
    if (isPrintLocation(where.pathname, where.search) || isReaderAddress(where)) return null
    // A presenter route whose view has not taken over yet (still loading, or asking for the password) is nobody.
    if (mode !== 'presenter' && isPresenterPath(where.pathname)) return null
    return mode === 'presenter' ? 'presenter' : 'viewer'
  }

  const send = (patch: SharedPatch) => {
    store.set(sharedStateAtom, (state) => applyPatch(state, patch))
    const shared = store.get(sharedStateAtom)
    for (const transport of transports) if (!transport.isRelay || relayWritable) transport.send(patch, shared)
  }

  const publishPosition = () => {
    const who = role()
    if (!who) return
    if (pendingWelcome) {
      // The relay spoke before this window knew its role: resync first; if that moved us, this position is not news.
      const { state, canWrite, passwordRequired, canPair } = pendingWelcome
      pendingWelcome = null
      if (events.welcome(state, canWrite, passwordRequired, canPair) === 'follow') return
    }
    const at = store.get(positionAtom)
    if (samePosition(lastPosition, at)) return
    lastPosition = at
    stamp = nextStamp(stamp, Date.now())
    const lastUpdate: LastUpdate = { id, type: who, time: stamp }
    if (who === 'presenter') {
      myLast = lastUpdate
      send({ page: at.no, clicks: at.clicks, lastUpdate })
    } else send({ viewerPage: at.no, viewerClicks: at.clicks, lastUpdate })
  }

  const goTo = (target: Position) => {
    const shape = store.get(deckShapeAtom)
    const no = Math.min(Math.max(1, target.no), shape.total)
    const to = { no, clicks: Math.min(target.clicks, shape.clicksOf(no)) }
    if (samePosition(position(), to)) return
    lastPosition = to
    follow(to)
  }

  const applyDrawings = (next: Record<number, string>) => {
    remoteDrawings = next
    store.set(drawingsOriginAtom, 'remote')
    store.set(drawingsAtom, next)
  }

  /** Another window's strokes on some slides; this window's own unsent strokes on other slides stay pending. */
  const mergeDrawings = (changes: Record<string, string>) => {
    const next: Record<number, string> = { ...store.get(drawingsAtom) }
    const sent: Record<number, string> = { ...sentDrawings }
    for (const [key, svg] of Object.entries(changes)) {
      const no = Number(key)
      if (svg) {
        next[no] = svg
        sent[no] = svg
      } else {
        delete next[no]
        delete sent[no]
      }
    }
    sentDrawings = sent
    applyDrawings(next)
  }

  const events: TransportEvents = {
    patch(patch) {
      if (!role()) return
      if (patch.lastUpdate) {
        // Our own move coming back (another tab relayed it, or storage replayed it) or a copy older than one we had.
        if (patch.lastUpdate.id === id || !isFresh(patch.lastUpdate, seen)) return
        seen.set(patch.lastUpdate.id, patch.lastUpdate.time)
      }
      store.set(sharedStateAtom, (state) => applyPatch(state, patch))
      if (patch.drawings) mergeDrawings(patch.drawings)
      // Only a move (not a cursor, timer or drawing change) makes anyone follow.
      if (patch.lastUpdate && patch.page !== undefined) {
        const target = followTarget(store.get(sharedStateAtom), id, position())
        if (target) goTo(target)
      }
    },
    welcome(state, canWrite, passwordRequired, canPair = false) {
      relayWritable = canWrite
      store.set(relayStatusAtom, { relay: 'connected', canWrite, passwordRequired, canPair })
      const who = role()
      if (!who) {
        pendingWelcome = { state, canWrite, passwordRequired, canPair }
        return 'keep'
      }
      const mine = store.get(sharedStateAtom)
      const action = welcomeAction(state, { id, role: who, canWrite, last: myLast })
      if (action === 'push') {
        // The relay restarted, or missed our moves while we were away: it learns where the talk is from us.
        const push: SharedPatch = { page: mine.page, clicks: mine.clicks, timer: mine.timer, cursor: mine.cursor, blackout: mine.blackout, lastUpdate: myLast! }
        if (Object.keys(mine.drawings).length) push.drawings = mine.drawings
        if (Object.keys(mine.widgets).length) push.widgets = mine.widgets
        for (const transport of transports) if (transport.isRelay) transport.send(push, mine)
        return 'push'
      }
      if (state.lastUpdate) seen.set(state.lastUpdate.id, Math.max(seen.get(state.lastUpdate.id) ?? 0, state.lastUpdate.time))
      store.set(sharedStateAtom, state)
      if (drawingsChanges(store.get(drawingsAtom), state.drawings)) {
        sentDrawings = Object.fromEntries(Object.entries(state.drawings).map(([no, svg]) => [Number(no), svg]))
        applyDrawings(sentDrawings)
      }
      if (action === 'follow') goTo({ no: state.page, clicks: state.clicks })
      return action
    },
    peerState(state) {
      // A window of this browser told a newcomer what it knows: timer and drawings carry over; the URL decides the slide.
      if (adoptedPeer || !role()) return
      adoptedPeer = true
      const mine = store.get(sharedStateAtom)
      const patch: SharedPatch = {}
      if (mine.timer.status === 'stopped' && mine.timer.elapsed === 0) patch.timer = state.timer
      if (mine.page < 1 && state.page >= 1) Object.assign(patch, { page: state.page, clicks: state.clicks })
      if (state.cursor) patch.cursor = state.cursor
      if (mine.blackout === 'none' && state.blackout !== 'none') patch.blackout = state.blackout
      if (!Object.keys(mine.widgets).length && Object.keys(state.widgets).length) patch.widgets = state.widgets
      if (Object.keys(patch).length) store.set(sharedStateAtom, applyPatch(mine, patch))
      if (state.lastUpdate && isFresh(state.lastUpdate, seen) && state.lastUpdate.id !== id) seen.set(state.lastUpdate.id, state.lastUpdate.time)
      if (!Object.keys(store.get(drawingsAtom)).length && Object.keys(state.drawings).length) mergeDrawings(state.drawings)
    },
    pairing(pairing) {
      store.set(pairingAtom, pairing)
    },
    devices(devices) {
      store.set(pairedDevicesAtom, devices)
    },
    status(relay) {
      if (relay !== 'connected') relayWritable = false
      // A link (re)opened is "connected" once the relay has welcomed it: until then what this window may do is not
      // known, and the last link's `passwordRequired` beside a reset `canWrite` would read as a refusal.
      store.set(relayStatusAtom, (s) =>
        relay !== 'connected' ? { ...s, relay, canWrite: false } : s.relay === 'connected' ? s : { ...s, relay: 'connecting', canWrite: false },
      )
    },
  }

  let drawingsTimer: ReturnType<typeof setTimeout> | undefined
  let drawingsSentAt = 0
  const flushDrawings = () => {
    drawingsTimer = undefined
    drawingsSentAt = Date.now()
    const value = store.get(drawingsAtom)
    const changes = drawingsChanges(sentDrawings, value)
    sentDrawings = value
    const who = role()
    if (!who || !changes) return
    // With drawings.syncAll everyone's strokes are shared; otherwise only the presenter's.
    if (store.get(configAtom).drawings.syncAll || who === 'presenter') send({ drawings: changes })
  }
  const onDrawings = () => {
    const value = store.get(drawingsAtom)
    if (value === remoteDrawings) return
    if (store.get(drawingsOriginAtom) === 'remote') {
      // Restored from this window's storage, not drawn: nothing to relay.
      if (!drawingsTimer) sentDrawings = value
      return
    }
    // A stroke changes every frame while drawn: send at most every DRAWINGS_INTERVAL ms, always ending on the last state.
    if (!drawingsTimer) drawingsTimer = setTimeout(flushDrawings, Math.max(0, DRAWINGS_INTERVAL - (Date.now() - drawingsSentAt)))
  }

  const onMode = () => {
    // A window that became the presenter (past its password) announces where it is.
    lastPosition = null
    publishPosition()
  }

  const transports = connect(events, () => store.get(sharedStateAtom))
  const unsubscribe = [store.sub(viewModeAtom, onMode), store.sub(positionAtom, publishPosition), store.sub(drawingsAtom, onDrawings)]
  const update = (patch: SharedPatch) => {
    if (role()) send(patch)
  }
  active = update
  const request = (message: ClientMessage) => {
    for (const transport of transports) if (transport.isRelay) transport.request?.(message)
  }
  activeRequest = request
  return () => {
    clearTimeout(drawingsTimer)
    for (const stop of unsubscribe) stop()
    for (const transport of transports) transport.close()
    if (active === update) active = null
    if (activeRequest === request) activeRequest = null
    store.set(relayStatusAtom, { relay: 'none', canWrite: false, passwordRequired: false })
  }
}
