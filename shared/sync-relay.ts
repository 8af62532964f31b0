// Makes every connected device follow the presenter: holds the shared state, takes changes only from password holders,
// checks each message (size, rate, shape), relays it to everyone else, and welcomes (re)connecting clients with the state.
// Transport-free: `npm run serve` plugs WebSockets into it, the dev server plugs in Vite's HMR socket.
import { LIMITS, applyPatch, initialSharedState, parseClientMessage, parsePatch, type Limits, type PairedDevice, type ServerMessage, type SharedPatch, type SharedState } from './sync-protocol.ts'

/**
 * One broadcast as every link of it sees it: serialised once; `encoded` is the transport's scratch space, so a transport
 * encodes (and frames) it once too, whatever the number of clients.
 */
export interface Outgoing {
  text: string
  message: ServerMessage
  encoded?: unknown
}

export interface ClientLink {
  /**
   * `text` is `message` already serialised (once for every client of a broadcast); `shared` is the same object for every
   * client of one broadcast (absent for a message to one client).
   */
  send: (text: string, message: ServerMessage, shared?: Outgoing) => void
  close: (code: number, reason: string) => void
  label?: string
  /** The paired phone this connection came from (its cookie), if any. */
  device?: string | null
}

/** Pairing as the relay sees it (npm run serve only): password holders issue codes and revoke phones. */
export interface RelayPairing {
  issue: () => { url: string; expires: number; reachable: boolean }
  revoke: (id: string) => boolean
  list: () => PairedDevice[]
  isPaired: (id: string) => boolean
  onChange: (listener: () => void) => () => void
}

export interface RelayConnection {
  /** A message as received: text or bytes (WebSocket) or an already parsed value (Vite's socket). */
  receive: (raw: unknown) => void
  disconnect: () => void
  readonly no: number
  readonly canWrite: boolean
}

export interface RelayOptions {
  /** null means no password: every connection may write. */
  authorize?: ((given: string | undefined) => boolean) | null
  /** Whether a password is set right now (the dev server rereads the deck); defaults to "authorize is given". */
  required?: () => boolean
  log?: (line: string) => void
  limits?: Limits
  now?: () => number
  /** npm run serve only: lets password holders pair phones, which then write without the password until revoked. */
  pairing?: RelayPairing | null
  /** Where the talk stands when the relay starts (a shared store's copy, for a process that rejoins a talk). */
  initialState?: SharedState
  /** Hears every change this relay accepted from its own clients, with the state after it (to share it with other processes). */
  onLocalPatch?: (patch: SharedPatch, state: SharedState) => void
}

export interface Relay {
  connect: (link: ClientLink) => RelayConnection
  /**
   * A change accepted by another process of the same talk: checked again (the store is not trusted more than a client),
   * applied and passed on to every client of this one. Returns the reason when refused.
   */
  applyRemote: (patch: unknown) => string | null
  /** Takes another copy of the whole state (the shared store's, after an outage) and welcomes every client to it again. */
  adopt: (state: SharedState) => void
  readonly state: SharedState
  readonly clients: number
  readonly stats: { received: number; relayed: number; dropped: number }
}

interface Client {
  no: number
  link: ClientLink
  welcomed: boolean
  canWrite: boolean
  byPassword: boolean
}

/** Drops in a row after which a client that keeps flooding is disconnected. */
const FLOOD_CLOSE_AFTER = 2000

export function createRelay({ authorize = null, required = () => authorize !== null, log = (line) => console.log(line), limits = LIMITS, now = () => Date.now(), pairing = null, initialState, onLocalPatch }: RelayOptions = {}): Relay {
  let state = initialState ?? initialSharedState()
  const connections = new Set<Client>()

  // A revoked phone stops driving at once (its connections are told they may only follow); password holders see the list.
  pairing?.onChange(() => {
    const devices = pairing.list()
    for (const client of connections) {
      if (!client.welcomed) continue
      if (client.canWrite && !client.byPassword && client.link.device && !pairing.isPaired(client.link.device)) {
        client.canWrite = false
        log(`[sync] client #${client.no}: its device was unpaired; it may only follow now`)
        send(client, { type: 'welcome', canWrite: false, passwordRequired: required(), canPair: false, state })
      }
      if (client.byPassword) send(client, { type: 'devices', devices })
    }
  })
  let counter = 0
  const stats = { received: 0, relayed: 0, dropped: 0 }

  function connect(link: ClientLink): RelayConnection {
    const client: Client = { no: ++counter, link, welcomed: false, canWrite: !required(), byPassword: !required() }
    let tokens: number = limits.rateBurst
    let refilled = now()
    let flooding = 0
    connections.add(client)
    const name = `client #${client.no}${link.label ? ` (${link.label})` : ''}`

    const drop = (reason: string, tell = true) => {
      stats.dropped++
      log(`[sync] dropped a message from ${name}: ${reason}`)
      if (tell) send(client, { type: 'refused', reason })
    }

    /** A token bucket: `ratePerSecond` steady, `rateBurst` at once. */
    const withinRate = () => {
      const t = now()
      tokens = Math.min(limits.rateBurst, tokens + ((t - refilled) * limits.ratePerSecond) / 1000)
      refilled = t
      if (tokens < 1) return false
      tokens -= 1
      return true
    }

    return {
      get no() {
        return client.no
      },
      get canWrite() {
        return client.canWrite
      },
      receive(raw) {
        stats.received++
        if (!withinRate()) {
          flooding++
          // One line and one answer per flood, not one per message: a flood must not flood the log too.
          if (flooding === 1) drop(`over ${limits.ratePerSecond} messages a second (further drops of this flood are not logged)`)
          else stats.dropped++
          if (flooding >= FLOOD_CLOSE_AFTER) {
            log(`[sync] disconnected ${name}: kept flooding after ${FLOOD_CLOSE_AFTER} dropped messages`)
            connections.delete(client)
            link.close(1008, 'flooding')
          }
          return
        }
        // A flood is over once the client has calmed down (half the burst saved up), not at the first message let through.
        if (flooding && tokens >= limits.rateBurst / 2) {
          log(`[sync] ${name} flood over: ${flooding} messages dropped`)
          flooding = 0
        }
        let value = raw
        const size = typeof raw === 'string' ? byteLength(raw) : raw instanceof Uint8Array ? raw.byteLength : jsonSize(raw)
        if (size > limits.maxMessageBytes) return drop(`message of ${size} bytes is over the limit of ${limits.maxMessageBytes}`)
        if (typeof raw === 'string' || raw instanceof Uint8Array) {
          try {
            value = JSON.parse(typeof raw === 'string' ? raw : new TextDecoder().decode(raw))
          } catch {
            return drop('not JSON')
          }
        }
        const checked = parseClientMessage(value)
        if (!checked.ok) return drop(checked.reason)
        const message = checked.value
        if (message.type === 'hello') {
          const passwordRequired = required()
          client.byPassword = !passwordRequired || (authorize !== null && authorize(message.password))
          const paired = Boolean(pairing && link.device && pairing.isPaired(link.device))
          client.canWrite = client.byPassword || paired
          if (passwordRequired && message.password !== undefined && !client.byPassword) log(`[sync] ${name} gave a wrong presenter password: it may only follow`)
          client.welcomed = true
          const canPair = Boolean(pairing) && client.byPassword
          send(client, { type: 'welcome', canWrite: client.canWrite, passwordRequired, canPair, state })
          if (canPair && pairing) send(client, { type: 'devices', devices: pairing.list() })
          return
        }
        if (message.type === 'pair' || message.type === 'revoke') {
          if (!pairing) return drop('pairing a phone needs npm run serve')
          if (!client.welcomed || !client.byPassword) return drop('not authorised: only a connection that presented the presenter password may pair or revoke a phone')
          if (message.type === 'pair') {
            const issued = pairing.issue()
            log(`[sync] ${name} asked for a pairing code (valid until ${new Date(issued.expires).toISOString()})`)
            send(client, { type: 'pairing', ...issued })
          } else if (pairing.revoke(message.device)) log(`[sync] ${name} revoked device ${message.device}`)
          else send(client, { type: 'devices', devices: pairing.list() })
          return
        }
        if (client.canWrite && !client.byPassword && !(pairing && link.device && pairing.isPaired(link.device))) client.canWrite = false
        if (!client.canWrite) return drop('not authorised: only a connection that presented the presenter password may change the shared state')
        const next = applyPatch(state, message.patch)
        if (message.patch.drawings && jsonSize(next.drawings) > limits.maxDrawingsChars) return drop(`drawings would be over ${limits.maxDrawingsChars} characters in all`)
        state = next
        broadcast(client, { type: 'patch', patch: message.patch })
        if (onLocalPatch) {
          try {
            onLocalPatch(message.patch, state)
          } catch (error) {
            log(`[sync] could not share a change: ${error instanceof Error ? error.message : String(error)}`)
          }
        }
      },
      disconnect() {
        connections.delete(client)
      },
    }
  }

  function send(client: Client, message: ServerMessage) {
    try {
      client.link.send(JSON.stringify(message), message)
    } catch (error) {
      log(`[sync] could not send to client: ${error instanceof Error ? error.message : String(error)}`)
    }
  }

  /** Everyone who said hello, except the sender; serialised once for all (and encoded once by the transport). */
  function broadcast(from: Client | null, message: ServerMessage) {
    const text = JSON.stringify(message)
    const shared: Outgoing = { text, message }
    for (const client of connections) {
      if (client === from || !client.welcomed) continue
      stats.relayed++
      try {
        client.link.send(text, message, shared)
      } catch (error) {
        log(`[sync] could not send to client #${client.no}: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
  }

  function applyRemote(value: unknown): string | null {
    const checked = parsePatch(value)
    if (!checked.ok) return checked.reason
    const next = applyPatch(state, checked.value)
    if (checked.value.drawings && jsonSize(next.drawings) > limits.maxDrawingsChars) return `drawings would be over ${limits.maxDrawingsChars} characters in all`
    state = next
    broadcast(null, { type: 'patch', patch: checked.value })
    return null
  }

  function adopt(next: SharedState) {
    state = next
    const passwordRequired = required()
    for (const client of connections) {
      if (!client.welcomed) continue
      send(client, { type: 'welcome', canWrite: client.canWrite, passwordRequired, canPair: Boolean(pairing) && client.byPassword, state })
    }
  }

  return {
    connect,
    applyRemote,
    adopt,
    get state() {
      return state
    },
    get clients() {
      return connections.size
    },
    stats,
  }
}

const byteLength = (text: string) => new TextEncoder().encode(text).byteLength

function jsonSize(value: unknown): number {
  try {
    return byteLength(JSON.stringify(value) ?? '')
  } catch {
    return Infinity
  }
}
