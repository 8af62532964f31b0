// Types of relay.mjs: the transport-free sync relay shared by `npm run serve` and the dev server.
import type { LIMITS, ServerMessage, SharedState } from '../src/logic/sync-protocol.mjs'

export interface ClientLink {
  /** `text` is `message` already serialised (once for every client of a broadcast). */
  send: (text: string, message: ServerMessage) => void
  close: (code: number, reason: string) => void
  label?: string
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
}

export interface Relay {
  connect: (link: ClientLink) => RelayConnection
  readonly state: SharedState
  readonly clients: number
  readonly stats: { received: number; relayed: number; dropped: number }
}

export function createRelay(options?: RelayOptions): Relay
