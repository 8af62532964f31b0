// The shared state presenter and audience agree on, its messages, and the checks every copy runs (browser and server alike).

/** Limits every relay and window enforces; a message beyond them is dropped with a reason. */
export const LIMITS = Object.freeze({
  /** One message as received, drawings included. */
  maxMessageBytes: 1_000_000,
  /** One slide's drawing (SVG markup). */
  maxDrawingChars: 400_000,
  /** All drawings of the deck together. */
  maxDrawingsChars: 4_000_000,
  maxPage: 10_000,
  maxClicks: 100_000,
  /** Cursor coordinates are slide pixels; anything far outside the canvas is a bug or an attack. */
  maxCoordinate: 100_000,
  maxIdLength: 64,
  maxPasswordLength: 256,
  /** A writer's steady message rate and burst: the cursor (≈25/s) plus quick key presses fit easily. */
  ratePerSecond: 60,
  rateBurst: 120,
  /** Interactive widgets on slides: how many may hold shared state, and how big one state may be (JSON). */
  maxWidgets: 200,
  maxWidgetChars: 4_000,
})

export type Limits = typeof LIMITS

/** What audience screens show instead of the slide: nothing (the slide), black or white. */
export const BLACKOUTS = Object.freeze(['none', 'black', 'white'] as const)
export type Blackout = (typeof BLACKOUTS)[number]

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

const STATE_KEYS: readonly (keyof SharedState)[] = ['page', 'clicks', 'viewerPage', 'viewerClicks', 'timer', 'cursor', 'drawings', 'blackout', 'widgets', 'lastUpdate']

/** The state before anyone presented: page 0 means "no presenter position yet". */
export function initialSharedState(): SharedState {
  return {
    page: 0,
    clicks: 0,
    viewerPage: 0,
    viewerClicks: 0,
    timer: { status: 'stopped', elapsed: 0, since: 0 },
    cursor: null,
    drawings: {},
    blackout: 'none',
    widgets: {},
    lastUpdate: null,
  }
}

type Fields = Record<string, unknown>
const isObject = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v)
const isWhole = (v: unknown, min: number, max: number) => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max
const isTime = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1e15
const ok = <T>(value: T): Checked<T> => ({ ok: true, value })
const fail = (reason: string): { ok: false; reason: string } => ({ ok: false, reason })

function checkTimer(v: unknown): string | null {
  if (!isObject(v)) return 'timer must be an object'
  for (const key of Object.keys(v)) if (!['status', 'elapsed', 'since'].includes(key)) return `timer has an unknown field "${key}"`
  if (typeof v.status !== 'string' || !['stopped', 'running', 'paused'].includes(v.status)) return 'timer.status must be stopped, running or paused'
  if (!isTime(v.elapsed)) return 'timer.elapsed must be a non-negative number of milliseconds'
  if (!isTime(v.since)) return 'timer.since must be a time in milliseconds'
  return null
}

function checkCursor(v: unknown): string | null {
  if (v === null) return null
  if (!isObject(v)) return 'cursor must be {x, y} or null'
  for (const key of Object.keys(v)) if (key !== 'x' && key !== 'y') return `cursor has an unknown field "${key}"`
  for (const key of ['x', 'y'] as const) {
    const n = v[key]
    if (typeof n !== 'number' || !Number.isFinite(n) || Math.abs(n) > LIMITS.maxCoordinate) return `cursor.${key} must be a finite number of slide pixels`
  }
  return null
}

function checkDrawings(v: unknown): string | null {
  if (!isObject(v)) return 'drawings must map slide numbers to SVG markup'
  let total = 0
  for (const [key, svg] of Object.entries(v)) {
    if (!/^[1-9]\d{0,4}$/.test(key)) return `drawings key "${key.slice(0, 20)}" is not a slide number`
    if (typeof svg !== 'string') return `drawings[${key}] must be a string`
    if (svg.length > LIMITS.maxDrawingChars) return `drawings[${key}] is over ${LIMITS.maxDrawingChars} characters`
    total += svg.length
  }
  if (total > LIMITS.maxDrawingsChars) return `drawings are over ${LIMITS.maxDrawingsChars} characters in all`
  return null
}

/** A widget's key names its slide and itself (`12:reserve-ratio`); its state is small JSON (null removes it). */
function checkWidgets(v: unknown): string | null {
  if (!isObject(v)) return 'widgets must map widget keys to their state'
  const keys = Object.keys(v)
  if (keys.length > LIMITS.maxWidgets) return `widgets are over ${LIMITS.maxWidgets} entries`
  for (const key of keys) {
    if (!/^[\w.:-]{1,64}$/.test(key)) return `widgets key "${key.slice(0, 20)}" must be 1-64 letters, digits, _ . : or -`
    let text: string | undefined
    try {
      text = JSON.stringify(v[key])
    } catch {
      return `widgets[${key}] is not JSON`
    }
    if (text === undefined) return `widgets[${key}] is not JSON`
    if (text.length > LIMITS.maxWidgetChars) return `widgets[${key}] is over ${LIMITS.maxWidgetChars} characters`
  }
  return null
}

function checkLastUpdate(v: unknown): string | null {
  if (v === null) return null
  if (!isObject(v)) return 'lastUpdate must be {id, type, time} or null'
  for (const key of Object.keys(v)) if (!['id', 'type', 'time'].includes(key)) return `lastUpdate has an unknown field "${key}"`
  if (typeof v.id !== 'string' || !/^[\w-]{1,64}$/.test(v.id)) return 'lastUpdate.id must be 1-64 letters, digits, _ or -'
  if (v.type !== 'presenter' && v.type !== 'viewer') return 'lastUpdate.type must be presenter or viewer'
  if (!isTime(v.time)) return 'lastUpdate.time must be a time in milliseconds'
  return null
}

/** Checks one field; `whole` is true for a full state (page 0 allowed: nobody presented yet). */
function checkField(key: string, v: unknown, whole: boolean): string | null {
  switch (key) {
    case 'page':
    case 'viewerPage':
      return isWhole(v, whole ? 0 : 1, LIMITS.maxPage) ? null : `${key} must be a whole number from 1 to ${LIMITS.maxPage}`
    case 'clicks':
    case 'viewerClicks':
      return isWhole(v, 0, LIMITS.maxClicks) ? null : `${key} must be a whole number from 0 to ${LIMITS.maxClicks}`
    case 'timer':
      return checkTimer(v)
    case 'cursor':
      return checkCursor(v)
    case 'drawings':
      return checkDrawings(v)
    case 'blackout':
      return (BLACKOUTS as readonly unknown[]).includes(v) ? null : 'blackout must be none, black or white'
    case 'widgets':
      return checkWidgets(v)
    case 'lastUpdate':
      return checkLastUpdate(v)
  }
  return `unknown field "${String(key).slice(0, 40)}"`
}

/**
 * A change to the shared state, as sent by a window: any subset of the fields (drawings: only the slides that changed,
 * '' for a cleared slide). Returns the patch or the reason it is refused.
 */
export function parsePatch(value: unknown): Checked<SharedPatch> {
  if (!isObject(value)) return fail('patch must be an object')
  const keys = Object.keys(value)
  if (!keys.length) return fail('patch is empty')
  for (const key of keys) {
    const reason = checkField(key, value[key], false)
    if (reason) return fail(reason)
  }
  return ok(value as SharedPatch)
}

/** A whole shared state (a relay's welcome, a stored copy): every field present and valid. */
export function parseSharedState(value: unknown): Checked<SharedState> {
  if (!isObject(value)) return fail('state must be an object')
  for (const key of Object.keys(value)) if (!(STATE_KEYS as readonly string[]).includes(key)) return fail(`unknown field "${key.slice(0, 40)}"`)
  for (const key of STATE_KEYS) {
    if (!(key in value)) return fail(`state is missing "${key}"`)
    const reason = checkField(key, value[key], true)
    if (reason) return fail(reason)
  }
  return ok(value as unknown as SharedState)
}

/**
 * The state after a patch; drawings merge per slide ('' removes a slide's drawing), widgets merge per widget (null
 * removes one). Never mutates its inputs.
 */
export function applyPatch(state: SharedState, patch: SharedPatch): SharedState {
  const { drawings: changedDrawings, widgets: changedWidgets, ...rest } = patch
  const next: SharedState = { ...state, ...rest }
  if (changedWidgets) {
    const widgets = { ...state.widgets }
    for (const [id, value] of Object.entries(changedWidgets)) {
      if (value === null) delete widgets[id]
      else widgets[id] = value
    }
    next.widgets = widgets
  }
  if (changedDrawings) {
    const drawings = { ...state.drawings }
    for (const [no, svg] of Object.entries(changedDrawings)) {
      if (svg) drawings[no] = svg
      else delete drawings[no]
    }
    next.drawings = drawings
  }
  return next
}

/** What a window sends a relay: `hello` (with the presenter password, if it has one) or a `patch`. */
export function parseClientMessage(value: unknown): Checked<ClientMessage> {
  if (!isObject(value)) return fail('message must be a JSON object')
  if (value.type === 'hello') {
    for (const key of Object.keys(value)) if (key !== 'type' && key !== 'password') return fail(`hello has an unknown field "${key.slice(0, 40)}"`)
    if (value.password !== undefined && (typeof value.password !== 'string' || value.password.length > LIMITS.maxPasswordLength)) return fail('hello.password must be a short string')
    return ok(value as ClientMessage)
  }
  if (value.type === 'patch') {
    for (const key of Object.keys(value)) if (key !== 'type' && key !== 'patch') return fail(`patch message has an unknown field "${key.slice(0, 40)}"`)
    const patch = parsePatch(value.patch)
    return patch.ok ? ok({ type: 'patch', patch: patch.value }) : patch
  }
  if (value.type === 'pair') {
    for (const key of Object.keys(value)) if (key !== 'type') return fail(`pair has an unknown field "${key.slice(0, 40)}"`)
    return ok({ type: 'pair' })
  }
  if (value.type === 'revoke') {
    for (const key of Object.keys(value)) if (key !== 'type' && key !== 'device') return fail(`revoke has an unknown field "${key.slice(0, 40)}"`)
    return isDeviceId(value.device) ? ok({ type: 'revoke', device: value.device }) : fail('revoke.device must be a paired device id')
  }
  return fail(`unknown message type ${JSON.stringify(String(value.type).slice(0, 40))}`)
}

const isDeviceId = (v: unknown): v is string => typeof v === 'string' && /^d[0-9a-f]{4,32}$/.test(v)

function checkDevices(v: unknown): string | null {
  if (!Array.isArray(v) || v.length > 100) return 'devices must be a list'
  for (const d of v) {
    if (!isObject(d) || !isDeviceId(d.id) || typeof d.label !== 'string' || d.label.length > 200 || !isTime(d.pairedAt)) return 'devices entries need id, label and pairedAt'
  }
  return null
}

/** What a relay sends a window: `welcome` (whole state, may I write?), `patch` (someone's change), `refused` (why mine was dropped). */
export function parseServerMessage(value: unknown): Checked<ServerMessage> {
  if (!isObject(value)) return fail('message must be a JSON object')
  if (value.type === 'welcome') {
    if (typeof value.canWrite !== 'boolean' || typeof value.passwordRequired !== 'boolean') return fail('welcome needs canWrite and passwordRequired')
    if (value.canPair !== undefined && typeof value.canPair !== 'boolean') return fail('welcome.canPair must be true or false')
    const state = parseSharedState(value.state)
    return state.ok ? ok({ type: 'welcome', canWrite: value.canWrite, passwordRequired: value.passwordRequired, ...(value.canPair === undefined ? {} : { canPair: value.canPair }), state: state.value }) : fail(`welcome state: ${state.reason}`)
  }
  if (value.type === 'patch') {
    const patch = parsePatch(value.patch)
    return patch.ok ? ok({ type: 'patch', patch: patch.value }) : patch
  }
  if (value.type === 'refused') return typeof value.reason === 'string' ? ok({ type: 'refused', reason: value.reason }) : fail('refused needs a reason')
  if (value.type === 'pairing') {
    if (typeof value.url !== 'string' || !/^https?:\/\//.test(value.url) || value.url.length > 2000) return fail('pairing.url must be an http(s) address')
    if (!isTime(value.expires)) return fail('pairing.expires must be a time in milliseconds')
    if (typeof value.reachable !== 'boolean') return fail('pairing.reachable must be true or false')
    return ok({ type: 'pairing', url: value.url, expires: value.expires as number, reachable: value.reachable })
  }
  if (value.type === 'devices') {
    const reason = checkDevices(value.devices)
    return reason ? fail(reason) : ok({ type: 'devices', devices: value.devices as PairedDevice[] })
  }
  return fail(`unknown message type ${JSON.stringify(String(value.type).slice(0, 40))}`)
}

/** Compares two secrets without stopping at the first difference (the time taken does not tell how much matched). */
export function sameSecret(given: unknown, expected: unknown): boolean {
  if (typeof given !== 'string' || typeof expected !== 'string') return false
  let diff = given.length ^ expected.length
  for (let i = 0; i < expected.length; i++) diff |= (given.charCodeAt(i % (given.length || 1)) || 0) ^ expected.charCodeAt(i)
  return diff === 0
}

/**
 * Whether a visitor may open the presenter routes: 'open' (no password set), 'granted', 'prompt' (none given yet),
 * or 'denied' (a wrong one).
 */
export function presenterAccess(required: string | false | null | undefined, given: string | null | undefined): PresenterAccess {
  if (!required) return 'open'
  if (given === null || given === undefined || given === '') return 'prompt'
  return sameSecret(given, required) ? 'granted' : 'denied'
}

/** Where a refused visitor goes (spec.md section 8): the plain slide number of a presenter path, else the root. */
export function refusedPath(pathname: string): string {
  const match = /^\/presenter\/(\d+)\/?$/.exec(pathname)
  return match && Number(match[1]) >= 1 ? `/${Number(match[1])}` : '/'
}

/** Whether a path is a presenter route (/presenter, /presenter/N, /presenter/print). */
export function isPresenterPath(pathname: string): boolean {
  return /^\/presenter(\/|$)/.test(pathname)
}
