// Types of index.mjs: `npm run serve` as a module (tests and the bench start it in-process).
import type { Relay } from './relay.mjs'
import type { Pairing } from './pairing.mjs'

export const SYNC_PATH: string
export const SYNC_FILE: string

export interface ServeOptions {
  port?: number
  host?: string
  password?: string | null
  dir?: string
  log?: (line: string) => void
  /** The server's clock (pairing codes expire by it); tests move it forward. */
  now?: () => number
}

export interface RunningServer {
  url: string
  port: number
  relay: Relay
  pairing: Pairing
  /** Where the presenter password came from ('--password', 'the deck (remote:)') or null when there is none. */
  passwordSource: string | null
  close: () => Promise<void>
}

export function parseArgs(argv: string[]): { port: number; host: string; password: string | null; dir: string; help: boolean }
export function passwordCheck(dir: string, password: string | null): { authorize: ((given: string | undefined) => boolean) | null; source: string | null }
export function startServer(options?: ServeOptions): Promise<RunningServer>
export function lanAddress(host: string, port: number, interfaces?: Record<string, { family: string; address: string; internal: boolean }[] | undefined>): { origin: string; reachable: boolean }
