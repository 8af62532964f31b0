// Who follows whom (the lastUpdate rule), stale copies, resync after reconnecting, print never syncs, drawings to send.
import { describe, expect, it } from 'vitest'
import { drawingsChanges, followTarget, isFresh, isPrintLocation, nextStamp, welcomeAction } from '../../src/logic/sync-rules'
import type { LastUpdate } from '../../shared/sync-protocol'

const presenter = (id: string, time = 10): LastUpdate => ({ id, type: 'presenter', time })
const viewer = (id: string, time = 10): LastUpdate => ({ id, type: 'viewer', time })

describe('followTarget: only a presenter moves others', () => {
  const cases: [string, { page: number; clicks: number; lastUpdate: LastUpdate | null }, { no: number; clicks: number } | null, { no: number; clicks: number } | null][] = [
    ['a presenter moved elsewhere → follow', { page: 4, clicks: 2, lastUpdate: presenter('P') }, { no: 1, clicks: 0 }, { no: 4, clicks: 2 }],
    ['a presenter stepped a click → follow', { page: 1, clicks: 1, lastUpdate: presenter('P') }, { no: 1, clicks: 0 }, { no: 1, clicks: 1 }],
    ['already there → stay', { page: 4, clicks: 2, lastUpdate: presenter('P') }, { no: 4, clicks: 2 }, null],
    ['a viewer moved last → stay', { page: 4, clicks: 0, lastUpdate: viewer('V') }, { no: 1, clicks: 0 }, null],
    ['my own move → stay', { page: 4, clicks: 0, lastUpdate: presenter('me') }, { no: 1, clicks: 0 }, null],
    ['nobody moved yet → stay', { page: 0, clicks: 0, lastUpdate: null }, { no: 1, clicks: 0 }, null],
    ['no presenter position yet → stay', { page: 0, clicks: 0, lastUpdate: presenter('P') }, { no: 1, clicks: 0 }, null],
    ['no position of mine yet → follow', { page: 2, clicks: 0, lastUpdate: presenter('P') }, null, { no: 2, clicks: 0 }],
  ]
  it.each(cases)('%s', (_name, state, at, expected) => {
    expect(followTarget(state, 'me', at)).toEqual(expected)
  })
})

describe('isFresh and nextStamp: late copies are dropped, per sender', () => {
  it('drops a copy at or before the last time seen from that sender', () => {
    const seen = new Map([['A', 100]])
    expect(isFresh(presenter('A', 101), seen)).toBe(true)
    expect(isFresh(presenter('A', 100), seen)).toBe(false)
    expect(isFresh(presenter('A', 99), seen)).toBe(false)
    // Another window's clock may be behind: its moves are still news.
    expect(isFresh(presenter('B', 5), seen)).toBe(true)
  })
  it('stamps grow even when the clock stands still or goes back', () => {
    expect(nextStamp(0, 1000)).toBe(1000)
    expect(nextStamp(1000, 1000)).toBe(1001)
    expect(nextStamp(1001, 900)).toBe(1002)
    expect(nextStamp(5, 1000.7)).toBe(1000)
  })
})

describe('welcomeAction: what a (re)connecting window does', () => {
  const mine = (role: 'presenter' | 'viewer', canWrite: boolean, last: LastUpdate | null) => ({ id: 'me', role, canWrite, last })
  const cases: [string, { page: number; lastUpdate: LastUpdate | null }, ReturnType<typeof mine>, string][] = [
    ['a viewer joins a talk in progress', { page: 7, lastUpdate: presenter('P') }, mine('viewer', false, null), 'follow'],
    ['a viewer joins before anyone presented', { page: 0, lastUpdate: null }, mine('viewer', false, null), 'keep'],
    ['the presenter finds a restarted relay', { page: 0, lastUpdate: null }, mine('presenter', true, presenter('me', 50)), 'push'],
    ['the presenter moved while disconnected', { page: 3, lastUpdate: presenter('me', 40) }, mine('presenter', true, presenter('me', 50)), 'push'],
    ['the presenter is up to date', { page: 3, lastUpdate: presenter('me', 50) }, mine('presenter', true, presenter('me', 50)), 'follow'],
    ['the clicker moved meanwhile', { page: 9, lastUpdate: presenter('phone', 60) }, mine('presenter', true, presenter('me', 50)), 'follow'],
    ['a presenter without the password only follows', { page: 0, lastUpdate: null }, mine('presenter', false, presenter('me', 50)), 'keep'],
    ['a fresh presenter window follows the talk', { page: 5, lastUpdate: presenter('P') }, mine('presenter', true, null), 'follow'],
  ]
  it.each(cases)('%s → %s', (_name, relay, me, action) => {
    expect(welcomeAction(relay, me)).toBe(action)
  })
})

describe('isPrintLocation', () => {
  const cases: [string, string, boolean][] = [
    ['/print', '', true],
    ['/presenter/print', '', true],
    ['/3', '?print', true],
    ['/3', '?print=clicks', true],
    ['/3', '', false],
    ['/presenter/3', '?password=x', false],
    ['/printer', '', false],
  ]
  it.each(cases)('%s%s → %s', (path, search, expected) => {
    expect(isPrintLocation(path, search)).toBe(expected)
  })
})

describe('drawingsChanges', () => {
  it('lists changed and cleared slides, or null when nothing changed', () => {
    expect(drawingsChanges({ 1: 'a', 2: 'b' }, { 1: 'a', 2: 'b' })).toBeNull()
    expect(drawingsChanges({ 1: 'a' }, { 1: 'a', 3: 'c' })).toEqual({ 3: 'c' })
    expect(drawingsChanges({ 1: 'a', 2: 'b' }, { 1: 'z' })).toEqual({ 1: 'z', 2: '' })
    expect(drawingsChanges({ 1: 'a' }, { 1: '' })).toEqual({ 1: '' })
    expect(drawingsChanges({}, { 4: '' })).toBeNull()
  })
})
