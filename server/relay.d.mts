// Types of relay.mjs: the transport-free sync relay shared by `npm run serve` and the dev server.
import type { LIMITS, PairedDevice, ServerMessage, SharedState } from '../src/logic/sync-protocol.mjs'

export interface ClientLink {
  /** `text` is `message` already serialised (once for every client of a broadcast). */
  send: (text: string, message: ServerMessage) => void
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
  authorize?: ((given: string | undefined) => boolean) | null
  required?: () => boolean
  log?: (line: string) => void
  limits?: typeof LIMITS
  now?: () => number
  pairing?: RelayPairing | null
}

export interface Relay {
  connect: (link: ClientLink) => RelayConnection
  readonly state: SharedState
  readonly clients: number
  readonly stats: { received: number; relayed: number; dropped: number }
}

export function createRelay(options?: RelayOptions): Relay
