// The shared state's checks (the same code runs in the browser and in `npm run serve`): good input passes, bad input is named.
import { describe, expect, it } from 'vitest'
import {
  LIMITS,
  applyPatch,
  initialSharedState,
  isPresenterPath,
  parseClientMessage,
  parsePatch,
  parseServerMessage,
  parseSharedState,
  presenterAccess,
  refusedPath,
  sameSecret,
  type ClientMessage,
  type ServerMessage,
  type SharedState,
} from '../../shared/sync-protocol'

const move = { page: 3, clicks: 1, lastUpdate: { id: 'w1a2b3', type: 'presenter', time: 1700000000000 } }

describe('parsePatch', () => {
  const good: [string, unknown][] = [
    ['a presenter move', move],
    ['a viewer move', { viewerPage: 2, viewerClicks: 0, lastUpdate: { id: 'w-9', type: 'viewer', time: 5 } }],
    ['a running timer', { timer: { status: 'running', elapsed: 1200, since: 1700000000000 } }],
    ['a cursor', { cursor: { x: 12.5, y: -3 } }],
    ['a hidden cursor', { cursor: null }],
    ['drawings of two slides, one cleared', { drawings: { '2': '<path d="M0 0L5 5"/>', '7': '' } }],
    ['a blackout', { blackout: 'black' }],
    ['a white screen', { blackout: 'white' }],
    ['the slide back', { blackout: 'none' }],
    ['a widget state and a removed one', { widgets: { '12:reserve-ratio': { percent: 20, rounds: 3 }, '13:multiplier': null } }],
  ]
  it.each(good)('accepts %s', (_name, patch) => {
    const result = parsePatch(patch)
    expect(result).toEqual({ ok: true, value: patch })
  })

  const bad: [string, unknown, RegExp][] = [
    ['null', null, /must be an object/],
    ['an array', [1, 2], /must be an object/],
    ['a string', 'page=3', /must be an object/],
    ['an empty object', {}, /empty/],
    ['an unknown field', { page: 2, admin: true }, /unknown field "admin"/],
    ['page 0', { page: 0 }, /page must be a whole number from 1/],
    ['a fractional page', { page: 2.5 }, /page must be a whole number/],
    ['a page as text', { page: '2' }, /page must be a whole number/],
    ['a huge page', { page: LIMITS.maxPage + 1 }, /page must be/],
    ['negative clicks', { clicks: -1 }, /clicks must be a whole number from 0/],
    ['NaN clicks', { clicks: Number.NaN }, /clicks must be/],
    ['a timer with a bad status', { timer: { status: 'flying', elapsed: 0, since: 0 } }, /timer.status/],
    ['a timer with negative time', { timer: { status: 'paused', elapsed: -5, since: 0 } }, /timer.elapsed/],
    ['a timer with an extra field', { timer: { status: 'paused', elapsed: 0, since: 0, x: 1 } }, /timer has an unknown field "x"/],
    ['a cursor far away', { cursor: { x: 1e9, y: 0 } }, /cursor.x/],
    ['a cursor of text', { cursor: { x: '1', y: 0 } }, /cursor.x/],
    ['a cursor with a third axis', { cursor: { x: 1, y: 2, z: 3 } }, /cursor has an unknown field "z"/],
    ['drawings under a non-number key', { drawings: { abc: '<path/>' } }, /not a slide number/],
    ['drawings under slide 0', { drawings: { '0': '<path/>' } }, /not a slide number/],
    ['a drawing that is not text', { drawings: { '1': 42 } }, /must be a string/],
    ['a drawing over the limit', { drawings: { '1': 'x'.repeat(LIMITS.maxDrawingChars + 1) } }, /over \d+ characters/],
    ['an unknown blackout', { blackout: 'grey' }, /blackout must be none, black or white/],
    ['widgets as a list', { widgets: [1] }, /widgets must map/],
    ['a widget key with markup', { widgets: { '<b>': 1 } }, /widgets key/],
    ['a widget state over the limit', { widgets: { '1:w': 'x'.repeat(LIMITS.maxWidgetChars) } }, /over \d+ characters/],
    ['too many widgets', { widgets: Object.fromEntries(Array.from({ length: LIMITS.maxWidgets + 1 }, (_, i) => [`1:w${i}`, i])) }, /over \d+ entries/],
    ['lastUpdate with a bad id', { lastUpdate: { id: '<script>', type: 'presenter', time: 1 } }, /lastUpdate.id/],
    ['lastUpdate with a bad role', { lastUpdate: { id: 'a', type: 'admin', time: 1 } }, /lastUpdate.type/],
    ['lastUpdate without a time', { lastUpdate: { id: 'a', type: 'viewer' } }, /lastUpdate.time/],
  ]
  it.each(bad)('refuses %s with a reason', (_name, patch, reason) => {
    const result = parsePatch(patch)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.reason).toMatch(reason)
  })
})

describe('parseSharedState', () => {
  it('accepts the initial state (page 0: nobody presented yet)', () => {
    expect(parseSharedState(initialSharedState()).ok).toBe(true)
  })
  it('refuses a state missing a field, or with a foreign one', () => {
    const { timer: _timer, ...missing } = initialSharedState()
    expect(parseSharedState(missing)).toEqual({ ok: false, reason: 'state is missing "timer"' })
    expect(parseSharedState({ ...initialSharedState(), extra: 1 })).toMatchObject({ ok: false, reason: expect.stringMatching(/unknown field "extra"/) })
    expect(parseSharedState('{}')).toMatchObject({ ok: false })
  })
})

describe('applyPatch', () => {
  it('replaces fields and merges drawings per slide; an empty drawing removes the slide', () => {
    const before = { ...initialSharedState(), drawings: { '1': 'a', '2': 'b' } }
    const after = applyPatch(before, { page: 4, drawings: { '2': '', '3': 'c' } })
    expect(after.page).toBe(4)
    expect(after.drawings).toEqual({ '1': 'a', '3': 'c' })
    // The input is not touched: windows and the relay keep old copies around.
    expect(before.drawings).toEqual({ '1': 'a', '2': 'b' })
    expect(before.page).toBe(0)
  })
  it('merges widgets per widget; null removes one', () => {
    const before = { ...initialSharedState(), widgets: { '1:a': { v: 1 }, '2:b': 5 } }
    const after = applyPatch(before, { widgets: { '1:a': null, '3:c': [1, 2] }, blackout: 'white' })
    expect(after.widgets).toEqual({ '2:b': 5, '3:c': [1, 2] })
    expect(after.blackout).toBe('white')
    expect(before.widgets).toEqual({ '1:a': { v: 1 }, '2:b': 5 })
  })
})

describe('relay messages', () => {
  it('a welcome keeps whether this window may pair phones (the presenter\'s QR code depends on it)', () => {
    const state = initialSharedState()
    const yes = parseServerMessage({ type: 'welcome', canWrite: true, passwordRequired: true, canPair: true, state })
    expect(yes.ok && yes.value.type === 'welcome' && yes.value.canPair).toBe(true)
    const absent = parseServerMessage({ type: 'welcome', canWrite: false, passwordRequired: true, state })
    expect(absent.ok && absent.value.type === 'welcome' && 'canPair' in absent.value).toBe(false)
    expect(parseServerMessage({ type: 'welcome', canWrite: true, passwordRequired: true, canPair: 'yes', state }).ok).toBe(false)
  })

  const client: [unknown, boolean | RegExp][] = [
    [{ type: 'hello' }, true],
    [{ type: 'hello', password: 'secret' }, true],
    [{ type: 'patch', patch: move }, true],
    [{ type: 'hello', password: 42 }, /password must be a short string/],
    [{ type: 'hello', password: 'x'.repeat(LIMITS.maxPasswordLength + 1) }, /password must be a short string/],
    [{ type: 'hello', token: 'x' }, /unknown field "token"/],
    [{ type: 'patch', patch: { page: -1 } }, /page must be/],
    [{ type: 'patch' }, /patch must be an object/],
    [{ type: 'welcome' }, /unknown message type "welcome"/],
    [{ page: 3 }, /unknown message type/],
    [[], /JSON object/],
  ]
  it.each(client)('client message %j', (message, expected) => {
    const result = parseClientMessage(message)
    if (expected === true) expect(result.ok).toBe(true)
    else expect(result).toMatchObject({ ok: false, reason: expect.stringMatching(expected as RegExp) })
  })

  it('server messages: a welcome must carry a whole valid state', () => {
    expect(parseServerMessage({ type: 'welcome', canWrite: true, passwordRequired: false, state: initialSharedState() }).ok).toBe(true)
    expect(parseServerMessage({ type: 'welcome', canWrite: true, passwordRequired: false, state: { page: 1 } })).toMatchObject({ ok: false, reason: expect.stringMatching(/^welcome state: state is missing/) })
    expect(parseServerMessage({ type: 'welcome', canWrite: 'yes', passwordRequired: false, state: initialSharedState() }).ok).toBe(false)
    expect(parseServerMessage({ type: 'patch', patch: { cursor: null } }).ok).toBe(true)
    expect(parseServerMessage({ type: 'refused', reason: 'rate' }).ok).toBe(true)
    expect(parseServerMessage({ type: 'refused' }).ok).toBe(false)
    expect(parseServerMessage(null).ok).toBe(false)
  })
})

// Every field of every message, set to a value that is not its default: a parser that rebuilds a message field by
// field and forgets one (as the welcome once forgot canPair) fails here. Typed by message type, so a new type must be added.
const fullState: SharedState = {
  page: 7,
  clicks: 2,
  viewerPage: 5,
  viewerClicks: 1,
  timer: { status: 'paused', elapsed: 61_000, since: 1_700_000_000_000 },
  cursor: { x: 120.5, y: 44 },
  drawings: { '3': '<svg><path d="M0 0L1 1"/></svg>' },
  blackout: 'black',
  widgets: { '12:reserve-ratio': { ratio: 0.1 } },
  lastUpdate: { id: 'w1a2b3', type: 'viewer', time: 1_700_000_000_123 },
}
const everyServerMessage: { [K in ServerMessage['type']]: Extract<ServerMessage, { type: K }> } = {
  welcome: { type: 'welcome', canWrite: true, passwordRequired: true, canPair: false, state: fullState },
  patch: { type: 'patch', patch: { ...fullState, drawings: { '4': '' } } },
  refused: { type: 'refused', reason: 'wrong password' },
  pairing: { type: 'pairing', url: 'http://192.168.1.20:3030/pair/abc', expires: 1_700_000_600_000, reachable: false },
  devices: { type: 'devices', devices: [{ id: 'd0123456789abcdef', label: 'iPhone Safari', pairedAt: 1_700_000_000_000 }] },
}
const everyClientMessage: { [K in ClientMessage['type']]: Extract<ClientMessage, { type: K }> } = {
  hello: { type: 'hello', password: 'secret' },
  patch: { type: 'patch', patch: fullState },
  pair: { type: 'pair' },
  revoke: { type: 'revoke', device: 'd0123456789abcdef' },
}

describe('messages survive the wire whole', () => {
  it.each(Object.values(everyServerMessage))('server message $type', (message) => {
    expect(parseServerMessage(JSON.parse(JSON.stringify(message)))).toEqual({ ok: true, value: message })
  })
  it.each(Object.values(everyClientMessage))('client message $type', (message) => {
    expect(parseClientMessage(JSON.parse(JSON.stringify(message)))).toEqual({ ok: true, value: message })
  })
})

describe('the presenter password', () => {
  const cases: [string | false, string | null, string][] = [
    [false, null, 'open'],
    [false, 'anything', 'open'],
    ['secret', null, 'prompt'],
    ['secret', '', 'prompt'],
    ['secret', 'secret', 'granted'],
    ['secret', 'Secret', 'denied'],
    ['secret', 'secret ', 'denied'],
    ['secret', 'secre', 'denied'],
    ['秘密', '秘密', 'granted'],
  ]
  it.each(cases)('required %j, given %j → %s', (required, given, access) => {
    expect(presenterAccess(required, given)).toBe(access)
  })
  it('compares secrets of any length without throwing', () => {
    expect(sameSecret('', 'a')).toBe(false)
    expect(sameSecret('a', '')).toBe(false)
    expect(sameSecret('abc', 'abc')).toBe(true)
    expect(sameSecret(undefined, 'abc')).toBe(false)
    expect(sameSecret('abcd', 'abc')).toBe(false)
  })
  const refused: [string, string][] = [
    ['/presenter/5', '/5'],
    ['/presenter/12/', '/12'],
    ['/presenter', '/'],
    ['/presenter/print', '/'],
    ['/presenter/0', '/'],
    ['/presenter/abc', '/'],
  ]
  it.each(refused)('a refused visitor of %s goes to %s', (from, to) => {
    expect(refusedPath(from)).toBe(to)
  })
  it('knows the presenter routes', () => {
    expect(['/presenter', '/presenter/', '/presenter/3', '/presenter/print'].every(isPresenterPath)).toBe(true)
    expect(['/3', '/presenters', '/print', '/'].some(isPresenterPath)).toBe(false)
  })
})
