// The sync controller with fake transports: who publishes what, who follows, no echo, drawings both ways, resync, print.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createStore, type PrimitiveAtom } from 'jotai'
import type { DeckConfig } from '../../shared/config'

vi.mock('virtual:deck/slides', () => ({
  config: { title: 'Test', drawings: { enabled: true, persist: false, presenterOnly: false, syncAll: true } },
  slides: [0, 3, 0, 1].map((clicks, i) => ({ no: i + 1, title: `S${i + 1}`, clicks, frontmatter: {} })),
  errors: [],
  warnings: [],
  infoHtml: '',
}))

const { startSync } = await import('../../src/state/sync/controller')
const { routeAtom, viewModeAtom } = await import('../../src/state/nav')
const { configAtom } = await import('../../src/state/deck')
const { drawingsAtom, drawingsOriginAtom } = await import('../../src/state/drawings')
const { sharedStateAtom, relayStatusAtom } = await import('../../src/state/sync/atoms')
const { updateShared } = await import('../../src/state/sync/controller')
const { initialSharedState } = await import('../../shared/sync-protocol')
type SharedPatch = import('../../shared/sync-protocol').SharedPatch
type TransportEvents = import('../../src/state/sync/transports').TransportEvents

type Mode = 'play' | 'presenter' | 'print' | 'reader'

/** The address a view at a position has, as the router would render it (the position is derived from it). */
const addressOf = (mode: Mode, no: number, clicks = 0) => ({
  pathname: mode === 'presenter' ? `/presenter/${no}` : mode === 'print' ? '/print' : `/${no}`,
  search: mode === 'reader' ? '?view=reader' : clicks ? `?clicks=${clicks}` : '',
  hash: '',
})

/** One window: a store, its sync, a local transport and a relay transport that record what they were asked to send. */
function window_(id: string, where = '/1') {
  const store = createStore()
  store.set(routeAtom, { pathname: where, search: '', hash: '' })
  const sent: SharedPatch[] = []
  const relayed: SharedPatch[] = []
  const followed: { no: number; clicks: number }[] = []
  let events!: TransportEvents
  const stop = startSync({
    store,
    id,
    follow: (to) => {
      followed.push(to)
      store.set(routeAtom, addressOf(store.get(viewModeAtom), to.no, to.clicks))
    },
    connect: (e) => {
      events = e
      return [
        { isRelay: false, send: (patch) => sent.push(patch), close: () => {} },
        { isRelay: true, send: (patch) => relayed.push(patch), close: () => {} },
      ]
    },
  })
  /** The route renders the address, then its view (once loaded, past the password) states its mode. */
  const as = (mode: Mode, no: number, clicks = 0) => {
    store.set(routeAtom, addressOf(mode, no, clicks))
    store.set(viewModeAtom, mode)
  }
  return { store, sent, relayed, followed, events: () => events, stop, as, where }
}

let stops: (() => void)[] = []
const open = (id: string, where?: string) => {
  const w = window_(id, where)
  stops.push(w.stop)
  return w
}
beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }))
afterEach(() => {
  for (const stop of stops) stop()
  stops = []
  vi.useRealTimers()
})

describe('publishing', () => {
  it('a presenter publishes page and clicks with a presenter lastUpdate; a viewer only its own viewer position', () => {
    const presenter = open('P')
    presenter.as('presenter', 2, 1)
    expect(presenter.sent).toEqual([{ page: 2, clicks: 1, lastUpdate: { id: 'P', type: 'presenter', time: 1_000_000 } }])
    const viewer = open('V')
    viewer.as('play', 3)
    expect(viewer.sent).toEqual([{ viewerPage: 3, viewerClicks: 0, lastUpdate: { id: 'V', type: 'viewer', time: 1_000_000 } }])
  })

  it('the route setting the same position again is not news; stamps only grow', () => {
    const presenter = open('P')
    presenter.as('presenter', 2)
    presenter.store.set(routeAtom, addressOf('presenter', 2))
    presenter.as('presenter', 2, 1)
    expect(presenter.sent).toHaveLength(2)
    expect(presenter.sent[1]!.lastUpdate!.time).toBeGreaterThan(presenter.sent[0]!.lastUpdate!.time)
  })

  it('relays get nothing until they said this window may write', () => {
    const presenter = open('P')
    presenter.as('presenter', 2)
    expect(presenter.relayed).toEqual([])
    presenter.events().welcome({ ...initialSharedState(), page: 2, lastUpdate: { id: 'P', type: 'presenter', time: 1_000_000 } }, true, true)
    presenter.as('presenter', 3)
    expect(presenter.relayed.map((p) => p.page)).toEqual([3])
    expect(presenter.store.get(relayStatusAtom)).toEqual({ relay: 'connected', canWrite: true, passwordRequired: true, canPair: false })
  })

  it('a link that reopens is connected only once welcomed again: never a refusal in between', () => {
    const presenter = open('P')
    const events = presenter.events()
    events.status('connected')
    events.welcome(initialSharedState(), true, true)
    expect(presenter.store.get(relayStatusAtom)).toMatchObject({ relay: 'connected', canWrite: true, passwordRequired: true })
    events.status('offline')
    expect(presenter.store.get(relayStatusAtom)).toMatchObject({ relay: 'offline', canWrite: false })
    // The socket is open again; the relay has not answered the hello yet (the presenter guard read this as "refused").
    events.status('connected')
    expect(presenter.store.get(relayStatusAtom)).toMatchObject({ relay: 'connecting', canWrite: false })
    events.welcome(initialSharedState(), true, true)
    expect(presenter.store.get(relayStatusAtom)).toMatchObject({ relay: 'connected', canWrite: true })
    // A welcome that came before the transport said it was open is kept.
    events.status('offline')
    events.welcome(initialSharedState(), true, true)
    events.status('connected')
    expect(presenter.store.get(relayStatusAtom)).toMatchObject({ relay: 'connected', canWrite: true })
  })

  it('print pages neither send nor follow', () => {
    const print = open('R', '/print')
    print.as('print', 1)
    print.events().patch({ page: 3, clicks: 0, lastUpdate: { id: 'P', type: 'presenter', time: 5 } })
    expect(print.sent).toEqual([])
    expect(print.followed).toEqual([])
  })

  it('the reader (read at its own pace) neither sends nor follows, even before its view has loaded', () => {
    for (const where of ['/2', '/reader/']) {
      const reader = open(`R${where}`, where)
      reader.store.set(routeAtom, { pathname: where, search: where === '/2' ? '?view=reader' : '', hash: '' })
      reader.events().patch({ page: 3, clicks: 0, lastUpdate: { id: 'P', type: 'presenter', time: 5 } })
      reader.store.set(viewModeAtom, 'reader')
      reader.as('reader', 4)
      expect(reader.sent).toEqual([])
      expect(reader.followed).toEqual([])
    }
  })

  it('a presenter view taking over (past its password) announces where it is without moving', () => {
    const presenter = open('P', '/presenter/2')
    expect(presenter.sent).toEqual([])
    presenter.store.set(viewModeAtom, 'presenter')
    expect(presenter.sent).toEqual([{ page: 2, clicks: 0, lastUpdate: { id: 'P', type: 'presenter', time: 1_000_000 } }])
  })

  it('a presenter route still asking for the password neither sends nor follows', () => {
    const guarded = open('G', '/presenter/2')
    guarded.store.set(routeAtom, addressOf('presenter', 1))
    guarded.events().patch({ page: 3, clicks: 0, lastUpdate: { id: 'P', type: 'presenter', time: 5 } })
    expect(guarded.sent).toEqual([])
    expect(guarded.followed).toEqual([])
  })
})

describe('following', () => {
  const presenterMove = (page: number, clicks: number, time: number, id = 'P'): SharedPatch => ({ page, clicks, lastUpdate: { id, type: 'presenter', time } })

  it("follows a presenter's move without echoing it", () => {
    const viewer = open('V')
    viewer.as('play', 1)
    viewer.sent.length = 0
    viewer.events().patch(presenterMove(2, 1, 10))
    expect(viewer.followed).toEqual([{ no: 2, clicks: 1 }])
    expect(viewer.sent).toEqual([])
  })

  it("ignores an audience window's move, and cursor or timer changes after its own move", () => {
    const viewer = open('V')
    viewer.as('play', 1)
    viewer.events().patch({ viewerPage: 4, viewerClicks: 0, lastUpdate: { id: 'V2', type: 'viewer', time: 10 } })
    viewer.events().patch(presenterMove(2, 0, 11))
    expect(viewer.followed).toEqual([{ no: 2, clicks: 0 }])
    viewer.as('play', 3) // wanders off on its own
    viewer.events().patch({ cursor: { x: 1, y: 2 } })
    viewer.events().patch({ timer: { status: 'running', elapsed: 0, since: 1 } })
    expect(viewer.followed).toHaveLength(1)
    expect(viewer.store.get(sharedStateAtom).cursor).toEqual({ x: 1, y: 2 })
    viewer.events().patch(presenterMove(2, 1, 12))
    expect(viewer.followed.at(-1)).toEqual({ no: 2, clicks: 1 })
  })

  it('drops stale and duplicate copies (the storage event after the BroadcastChannel message)', () => {
    const viewer = open('V')
    viewer.as('play', 1)
    viewer.events().patch(presenterMove(2, 0, 10))
    viewer.events().patch(presenterMove(2, 1, 11))
    viewer.events().patch(presenterMove(2, 0, 10)) // late copy of the first
    viewer.events().patch(presenterMove(2, 1, 11)) // duplicate
    expect(viewer.followed).toEqual([
      { no: 2, clicks: 0 },
      { no: 2, clicks: 1 },
    ])
  })

  it('clamps a presenter position beyond this deck', () => {
    const viewer = open('V')
    viewer.as('play', 1)
    viewer.events().patch(presenterMove(99, 7, 10))
    expect(viewer.followed).toEqual([{ no: 4, clicks: 1 }])
  })

  it('a presenter window is never moved by viewers, but follows another presenter window', () => {
    const presenter = open('P')
    presenter.as('presenter', 1)
    presenter.events().patch({ viewerPage: 3, viewerClicks: 0, lastUpdate: { id: 'V', type: 'viewer', time: 10 } })
    expect(presenter.followed).toEqual([])
    presenter.events().patch(presenterMove(3, 0, 11, 'P2'))
    expect(presenter.followed).toEqual([{ no: 3, clicks: 0 }])
    // Following is not a move of its own: nothing goes back out.
    expect(presenter.sent.filter((p) => p.page === 3)).toEqual([])
  })
})

describe('resync with a relay', () => {
  it('a joining viewer goes where the talk is', () => {
    const viewer = open('V')
    viewer.as('play', 1)
    viewer.events().welcome({ ...initialSharedState(), page: 3, clicks: 0, lastUpdate: { id: 'P', type: 'presenter', time: 5 } }, false, true)
    expect(viewer.followed).toEqual([{ no: 3, clicks: 0 }])
  })

  it('a presenter finding a restarted relay pushes where it is', () => {
    const presenter = open('P')
    presenter.as('presenter', 2, 2)
    updateShared({ timer: { status: 'running', elapsed: 0, since: 5 } })
    presenter.events().welcome(initialSharedState(), true, true)
    expect(presenter.relayed).toEqual([
      expect.objectContaining({ page: 2, clicks: 2, timer: { status: 'running', elapsed: 0, since: 5 }, lastUpdate: expect.objectContaining({ id: 'P', type: 'presenter' }) }),
    ])
    expect(presenter.followed).toEqual([])
  })

  it('a welcome that comes before the presenter view took over waits for it, then moves it instead of publishing', () => {
    const presenter = open('P', '/presenter/1')
    presenter.events().welcome({ ...initialSharedState(), page: 3, clicks: 0, lastUpdate: { id: 'X', type: 'presenter', time: 5 } }, true, true)
    expect(presenter.followed).toEqual([])
    presenter.as('presenter', 1)
    expect(presenter.followed).toEqual([{ no: 3, clicks: 0 }])
    expect(presenter.sent).toEqual([])
  })
})

describe('newcomers in the same browser', () => {
  it("a reloaded window takes the running timer and drawings from another window's answer, not its slide", () => {
    const presenter = open('P')
    presenter.as('presenter', 1)
    const state = {
      ...initialSharedState(),
      page: 3,
      clicks: 0,
      timer: { status: 'running' as const, elapsed: 5000, since: 900_000 },
      drawings: { '2': '<path/>' },
      lastUpdate: { id: 'P-old', type: 'presenter' as const, time: 5 },
    }
    presenter.events().peerState(state)
    presenter.events().peerState({ ...state, timer: { status: 'stopped', elapsed: 0, since: 0 } }) // only the first answer counts
    expect(presenter.store.get(sharedStateAtom).timer).toEqual(state.timer)
    expect(presenter.store.get(drawingsAtom)).toEqual({ 2: '<path/>' })
    expect(presenter.followed).toEqual([])
    // A late copy of that old move is not followed either.
    presenter.events().patch({ page: 3, clicks: 0, lastUpdate: { id: 'P-old', type: 'presenter', time: 5 } })
    expect(presenter.followed).toEqual([])
  })
})

describe('drawings', () => {
  it('sends local strokes (throttled, last state wins) and applies remote ones without echo', () => {
    const presenter = open('P')
    presenter.as('presenter', 1)
    presenter.sent.length = 0
    const draw = (markup: Record<number, string>) => {
      presenter.store.set(drawingsOriginAtom, 'local')
      presenter.store.set(drawingsAtom, markup)
    }
    draw({ 1: '<path d="M0 0"/>' })
    draw({ 1: '<path d="M0 0L1 1"/>' })
    draw({ 1: '<path d="M0 0L2 2"/>' })
    expect(presenter.sent).toEqual([])
    vi.advanceTimersByTime(150)
    expect(presenter.sent).toEqual([{ drawings: { 1: '<path d="M0 0L2 2"/>' } }])

    presenter.events().patch({ drawings: { '2': '<path d="M5 5"/>' } })
    expect(presenter.store.get(drawingsAtom)).toEqual({ 1: '<path d="M0 0L2 2"/>', 2: '<path d="M5 5"/>' })
    expect(presenter.store.get(drawingsOriginAtom)).toBe('remote')
    vi.advanceTimersByTime(500)
    expect(presenter.sent).toHaveLength(1)

    // Clearing a slide goes out as ''.
    draw({ 2: '<path d="M5 5"/>' })
    vi.advanceTimersByTime(150)
    expect(presenter.sent.at(-1)).toEqual({ drawings: { 1: '' } })
  })

  it('without syncAll only the presenter shares its strokes', () => {
    const viewer = open('V')
    // The deck's configuration only changes by HMR in the app; here it is set directly.
    const config = configAtom as unknown as PrimitiveAtom<DeckConfig>
    viewer.store.set(config, { ...viewer.store.get(config), drawings: { enabled: true, persist: false, presenterOnly: false, syncAll: false } })
    viewer.as('play', 1)
    viewer.sent.length = 0
    viewer.store.set(drawingsOriginAtom, 'local')
    viewer.store.set(drawingsAtom, { 1: '<path/>' })
    vi.advanceTimersByTime(150)
    expect(viewer.sent).toEqual([])
  })

  it('drawings restored from storage (origin remote) are not sent', () => {
    const viewer = open('V')
    viewer.as('play', 1)
    viewer.sent.length = 0
    viewer.store.set(drawingsOriginAtom, 'remote')
    viewer.store.set(drawingsAtom, { 3: '<path/>' })
    vi.advanceTimersByTime(150)
    expect(viewer.sent).toEqual([])
  })
})
