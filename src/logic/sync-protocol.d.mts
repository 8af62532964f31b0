// Types of sync-protocol.mjs: the shared state, its patches and the relay's messages.

export interface Limits {
  readonly maxMessageBytes: number
  readonly maxDrawingChars: number
  readonly maxDrawingsChars: number
  readonly maxPage: number
  readonly maxClicks: number
  readonly maxCoordinate: number
  readonly maxIdLength: number
  readonly maxPasswordLength: number
  readonly ratePerSecond: number
  readonly rateBurst: number
  readonly maxWidgets: number
  readonly maxWidgetChars: number
}
export const LIMITS: Limits

/** What audience screens show instead of the slide. */
export type Blackout = 'none' | 'black' | 'white'
export const BLACKOUTS: readonly Blackout[]

/** The presenter's talk clock: `elapsed` ms counted before `since` (epoch ms); while running, add now − since. */
export interface TimerState {
  status: 'stopped' | 'running' | 'paused'
  elapsed: number
  since: number
}

/** Who moved last: a window id, its role, and when (ms; monotonic per window). */
export interface LastUpdate {
  id: string
  type: 'presenter' | 'viewer'
  time: number
}

export interface SharedState {
  /** The presenter's slide (0 until a presenter has spoken) and click step. */
  page: number
  clicks: number
  /** The last audience window's own position. */
  viewerPage: number
  viewerClicks: number
  timer: TimerState
  /** The presenter's pointer in slide pixels, or null when hidden. */
  cursor: { x: number; y: number } | null
  /** Slide number → SVG markup. */
  drawings: Record<string, string>
  /** Audience screens black or white (the presenter's `b` / `w`), or showing the slide. */
  blackout: Blackout
  /** Interactive widgets' state, by widget key (`<slide>:<name>`); a patch's null removes one. */
  widgets: Record<string, unknown>
  lastUpdate: LastUpdate | null
}

export type SharedPatch = Partial<SharedState>

export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string }

/** A phone paired by QR code (`npm run serve`): it drives the deck without the password until revoked. */
export interface PairedDevice {
  id: string
  /** What the phone said it is (its user agent, shortened). */
  label: string
  pairedAt: number
}

export type ClientMessage =
  | { type: 'hello'; password?: string }
  | { type: 'patch'; patch: SharedPatch }
  /** A password holder asks for a one-time pairing address. */
  | { type: 'pair' }
  /** A password holder takes a paired device's right to drive away. */
  | { type: 'revoke'; device: string }
export type ServerMessage =
  /** `canPair`: this connection may pair phones (the server supports it and the connection gave the password). */
  | { type: 'welcome'; canWrite: boolean; passwordRequired: boolean; canPair?: boolean; state: SharedState }
  | { type: 'patch'; patch: SharedPatch }
  | { type: 'refused'; reason: string }
  /** A one-time pairing address (single use, expires at `expires`); `reachable` is false when phones cannot reach it. */
  | { type: 'pairing'; url: string; expires: number; reachable: boolean }
  | { type: 'devices'; devices: PairedDevice[] }

export type PresenterAccess = 'open' | 'granted' | 'prompt' | 'denied'

export function initialSharedState(): SharedState
export function parsePatch(value: unknown): Checked<SharedPatch>
export function parseSharedState(value: unknown): Checked<SharedState>
export function applyPatch(state: SharedState, patch: SharedPatch): SharedState
export function parseClientMessage(value: unknown): Checked<ClientMessage>
export function parseServerMessage(value: unknown): Checked<ServerMessage>
export function sameSecret(given: unknown, expected: unknown): boolean
export function presenterAccess(required: string | false | null | undefined, given: string | null | undefined): PresenterAccess
export function refusedPath(pathname: string): string
export function isPresenterPath(pathname: string): boolean
