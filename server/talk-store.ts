// Many `reslide serve` processes, one talk: the relay's shared state (position, clicks, timer, blackout, cursor,
// drawings, widget state) and the pairing records (codes and paired phones, as hashes) kept in a store every process
// reads and writes, each change published to the others. A process that starts (or restarts) reads where the talk is
// before it answers anyone. When the store is unreachable each process keeps serving its own devices (said once in its
// log); when it is back, the newest state wins and the processes share again.
// TalkStore is the interface; createRedisStore() is the Redis one (`reslide serve --redis redis://host:port`).
import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { parseSharedState, type SharedPatch, type SharedState } from '../shared/sync-protocol.ts'
import type { Relay } from '../shared/sync-relay.ts'
import type { Pairing, PairingEvent } from './pairing.ts'

/** What other processes tell this one. */
export interface TalkListener {
  /** `at`: when the change was accepted (the accepting server's clock). */
  patch: (patch: unknown, origin: string, at: number) => void
  pairing: (event: unknown, origin: string) => void
  /** Another process wrote a whole state (after an outage): compare with this one's. */
  resync: (origin: string) => void
}

export interface TalkStore {
  /** Says what the store is, for the log (its address without a password). */
  readonly label: string
  /** Whether the store answers right now. */
  readonly up: boolean
  /**
   * The talk as stored: its state (null when no process has written one), when it last changed (a server's clock, ms)
   * and its pairing records.
   */
  load: () => Promise<{ state: SharedState | null; changedAt: number; pairing: unknown[] }>
  /** Stores a change accepted here at `at` and tells the other processes. */
  publishPatch: (patch: SharedPatch, origin: string, at: number) => Promise<void>
  /** Replaces the stored state with this one, last changed at `at` (after an outage, when this process's is newer) and tells the others. */
  replaceState: (state: SharedState, origin: string, at: number) => Promise<void>
  publishPairing: (event: PairingEvent, origin: string) => Promise<void>
  /** Hears the other processes; `status` hears the store going away (false) and coming back (true). */
  subscribe: (listener: TalkListener, status: (up: boolean) => void) => void
  close: () => Promise<void>
}

const SCALARS = ['page', 'clicks', 'viewerPage', 'viewerClicks', 'timer', 'cursor', 'blackout', 'lastUpdate'] as const

/** Redis keys of one talk: `<prefix>:state` (hash of JSON fields), `:drawings`, `:widgets`, `:tokens`, `:devices`, and the `:events` channel. */
export function redisKeys(prefix = 'reslide') {
  return { state: `${prefix}:state`, drawings: `${prefix}:drawings`, widgets: `${prefix}:widgets`, tokens: `${prefix}:tokens`, devices: `${prefix}:devices`, events: `${prefix}:events` }
}

/** The address as the log shows it: no password. */
export function redisLabel(url: string): string {
  try {
    const u = new URL(url)
    u.password = ''
    u.username = ''
    return u.toString().replace(/\/$/, '')
  } catch {
    return 'redis'
  }
}

export function createRedisStore(url: string, { prefix = 'reslide', retryMs = 500 }: { prefix?: string; retryMs?: number } = {}): TalkStore {
  if (!/^rediss?:\/\//.test(url)) throw new Error(`--redis wants a redis:// address (redis://host:port), got "${url}"`)
  const keys = redisKeys(prefix)
  const options = {
    // A command while Redis is away fails at once (the process goes on alone) instead of waiting in a queue.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    retryStrategy: (times: number) => Math.min(times * retryMs, 2000),
    lazyConnect: false,
  }
  const client = new Redis(url, options)
  const subscriber = new Redis(url, { ...options, enableOfflineQueue: true, maxRetriesPerRequest: null })
  let listener: TalkListener | null = null
  let onStatus: ((up: boolean) => void) | null = null
  // Up means both connections answer: one for commands, one that hears the other processes (subscribed again).
  let up = false
  const ready = { client: false, subscriber: false }
  const settle = () => {
    const now = ready.client && ready.subscriber
    if (now === up) return
    up = now
    onStatus?.(up)
  }
  // Errors come with the status changes below; ioredis would print each one otherwise.
  client.on('error', () => {})
  subscriber.on('error', () => {})
  client.on('ready', () => {
    ready.client = true
    settle()
  })
  client.on('close', () => {
    ready.client = false
    settle()
  })
  subscriber.on('ready', () => {
    // ioredis subscribes again on reconnecting; the channel is confirmed before the talk is read again.
    void subscriber.subscribe(keys.events).then(() => {
      ready.subscriber = true
      settle()
    }, () => {})
  })
  subscriber.on('close', () => {
    ready.subscriber = false
    settle()
  })
  subscriber.on('message', (_channel: string, text: string) => {
    let message: { origin?: unknown; kind?: unknown; patch?: unknown; event?: unknown; at?: unknown }
    try {
      message = JSON.parse(text)
    } catch {
      return
    }
    if (typeof message.origin !== 'string' || !listener) return
    if (message.kind === 'patch') listener.patch(message.patch, message.origin, typeof message.at === 'number' ? message.at : Date.now())
    else if (message.kind === 'pairing') listener.pairing(message.event, message.origin)
    else if (message.kind === 'resync') listener.resync(message.origin)
  })

  const publish = (multi: ReturnType<Redis['multi']>, message: object) => multi.publish(keys.events, JSON.stringify(message))

  /** The hash fields a patch sets and deletes. */
  const writePatch = (multi: ReturnType<Redis['multi']>, patch: SharedPatch) => {
    const fields: string[] = []
    for (const key of SCALARS) if (key in patch) fields.push(key, JSON.stringify(patch[key]))
    if (fields.length) multi.hset(keys.state, ...fields)
    for (const [no, svg] of Object.entries(patch.drawings ?? {})) {
      if (svg) multi.hset(keys.drawings, no, svg)
      else multi.hdel(keys.drawings, no)
    }
    for (const [id, value] of Object.entries(patch.widgets ?? {})) {
      if (value === null) multi.hdel(keys.widgets, id)
      else multi.hset(keys.widgets, id, JSON.stringify(value))
    }
  }

  return {
    label: redisLabel(url),
    get up() {
      return up
    },
    async load() {
      const [state, drawings, widgets, tokens, devices] = (await client.multi().hgetall(keys.state).hgetall(keys.drawings).hgetall(keys.widgets).hgetall(keys.tokens).hgetall(keys.devices).exec()) ?? []
      const read = (entry: [Error | null, unknown] | undefined): Record<string, string> => {
        if (!entry || entry[0]) throw entry?.[0] ?? new Error('no answer from Redis')
        return (entry[1] ?? {}) as Record<string, string>
      }
      const parseEach = (record: Record<string, string>) => Object.values(record).flatMap((text) => {
        try {
          return [JSON.parse(text) as unknown]
        } catch {
          return []
        }
      })
      const pairing = [
        ...Object.entries(read(tokens)).flatMap(([hash, text]) => parseEach({ text }).map((entry) => ({ kind: 'token', hash, ...(entry as object) }))),
        ...Object.entries(read(devices)).flatMap(([hash, text]) => parseEach({ text }).map((device) => ({ kind: 'device', hash, device }))),
      ]
      const fields = read(state)
      const changedAt = Number(fields.changedAt) || 0
      if (!Object.keys(fields).length) return { state: null, changedAt, pairing }
      const whole: Record<string, unknown> = {}
      for (const key of SCALARS) if (key in fields) whole[key] = JSON.parse(fields[key] ?? 'null')
      whole.drawings = read(drawings)
      whole.widgets = Object.fromEntries(Object.entries(read(widgets)).map(([id, text]) => [id, JSON.parse(text)]))
      const checked = parseSharedState({ page: 0, clicks: 0, viewerPage: 0, viewerClicks: 0, timer: { status: 'stopped', elapsed: 0, since: 0 }, cursor: null, blackout: 'none', lastUpdate: null, ...whole })
      // A stored state that does not pass the protocol's checks is not trusted: the process starts afresh.
      return { state: checked.ok ? checked.value : null, changedAt, pairing }
    },
    async publishPatch(patch, origin, at) {
      const multi = client.multi()
      writePatch(multi, patch)
      multi.hset(keys.state, 'changedAt', String(at))
      publish(multi, { origin, kind: 'patch', patch, at })
      await multi.exec()
    },
    async replaceState(state, origin, at) {
      const multi = client.multi().del(keys.state, keys.drawings, keys.widgets)
      const { drawings, widgets, ...rest } = state
      writePatch(multi, { ...rest, drawings, widgets })
      multi.hset(keys.state, 'changedAt', String(at))
      publish(multi, { origin, kind: 'resync' })
      await multi.exec()
    },
    async publishPairing(event, origin) {
      const multi = client.multi()
      if (event.kind === 'token') multi.hset(keys.tokens, event.hash, JSON.stringify({ expires: event.expires, used: event.used }))
      else if (event.kind === 'device') multi.hset(keys.devices, event.hash, JSON.stringify(event.device))
      else {
        // A revoked phone's record goes: find it by id (a handful of devices at most).
        const devices = await client.hgetall(keys.devices)
        for (const [hash, text] of Object.entries(devices)) if (text.includes(`"${event.id}"`)) multi.hdel(keys.devices, hash)
      }
      publish(multi, { origin, kind: 'pairing', event })
      await multi.exec()
    },
    subscribe(next, status) {
      listener = next
      onStatus = status
    },
    async close() {
      listener = null
      onStatus = null
      client.disconnect()
      subscriber.disconnect()
    },
  }
}

/**
 * Joins a relay and its pairing to a store: local changes are stored and published, other processes' changes applied,
 * the talk read again after an outage (the state changed last wins, by the servers' clocks). Resolves once the first
 * read is done or has failed (then the process starts alone and joins when the store answers).
 */
export async function shareTalk({ store, relay, pairing, log, firstReadMs = 3000 }: { store: TalkStore; relay: () => Relay | null; pairing: Pairing; log: (line: string) => void; firstReadMs?: number }): Promise<{ state: SharedState | null; share: (patch: SharedPatch, state: SharedState) => void; sharePairing: (event: PairingEvent) => void; close: () => Promise<void> }> {
  const origin = randomBytes(8).toString('hex')
  /** Whether this process shares the talk right now; false from an outage until the talk is read again. */
  let sharing = false
  let saidDown = false
  let closed = false
  /** When this process's copy last changed (its own clients' changes, or another process's it applied). */
  let changedAt = 0

  const down = (why: string) => {
    if (sharing || !saidDown) log(`[sync] ${store.label} unreachable (${why}): this process keeps serving its own devices alone until it answers again`)
    sharing = false
    saidDown = true
  }
  const guard = (work: Promise<void>) => work.catch((error: Error) => down(error.message))

  /** Settles this copy against the stored one: the one changed last wins (adopted here, or written there). */
  const settle = async (stored: { state: SharedState | null; changedAt: number }) => {
    const current = relay()
    if (!current) return
    if (stored.state && stored.changedAt >= changedAt) {
      if (JSON.stringify(stored.state) !== JSON.stringify(current.state)) current.adopt(stored.state)
      changedAt = stored.changedAt
    } else if (!stored.state || changedAt > stored.changedAt) await store.replaceState(current.state, origin, changedAt)
  }

  /** Reads the talk from the store and settles who is newer; returns the stored state (for the first read). */
  const rejoin = async (): Promise<SharedState | null> => {
    const stored = await store.load()
    for (const event of stored.pairing) pairing.apply(event as PairingEvent)
    if (relay()) {
      await settle(stored)
      // What this process paired while alone is told to the others.
      for (const event of pairing.snapshot()) await store.publishPairing(event, origin)
    } else changedAt = stored.changedAt
    if (saidDown) {
      log(`[sync] ${store.label} answers again: this process shares the talk again`)
      // Processes come back one after the other: a second look settles what the first could not yet see.
      setTimeout(() => void recheck(), 1000).unref()
    }
    sharing = true
    saidDown = false
    return stored.state
  }

  const recheck = async () => {
    if (!sharing || closed) return
    try {
      await settle(await store.load())
    } catch (error) {
      down(error instanceof Error ? error.message : String(error))
    }
  }

  store.subscribe(
    {
      patch(patch, from, at) {
        if (from === origin || !sharing) return
        const refused = relay()?.applyRemote(patch)
        if (refused) log(`[sync] ignored a change from another process: ${refused}`)
        else changedAt = Math.max(changedAt, at)
      },
      pairing(event, from) {
        if (from !== origin) pairing.apply(event as PairingEvent)
      },
      resync(from) {
        if (from !== origin) void recheck()
      },
    },
    (up) => {
      if (closed) return
      if (!up) return down('connection lost')
      void rejoin().then(firstRead, (error: Error) => down(error.message))
    },
  )

  // The first read happens when the store first answers; past firstReadMs the process starts alone (and joins later).
  let firstRead: (state: SharedState | null) => void = () => {}
  let timer: ReturnType<typeof setTimeout> | undefined
  const state = await new Promise<SharedState | null>((done) => {
    firstRead = (value) => {
      firstRead = () => {}
      clearTimeout(timer)
      done(value)
    }
    timer = setTimeout(() => {
      down(`no answer within ${firstReadMs} ms`)
      firstRead(null)
    }, firstReadMs)
  })
  return {
    state,
    share: (patch) => {
      changedAt = Math.max(Date.now(), changedAt + 1)
      if (sharing) void guard(store.publishPatch(patch, origin, changedAt))
    },
    sharePairing: (event) => {
      if (sharing) void guard(store.publishPairing(event, origin))
    },
    close: async () => {
      closed = true
      await store.close()
    },
  }
}
