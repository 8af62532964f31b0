// Pairing a phone (npm run serve): one-time codes that expire, devices that drive until revoked, and the relay keeping
// pairing and revoking to password holders.
import { describe, expect, it } from 'vitest'
import { createPairing, deviceLabel, readCookie } from '../../server/pairing'
import { createRelay } from '../../shared/sync-relay'
import { lanAddress } from '../../server/index'
import type { ServerMessage } from '../../shared/sync-protocol'

const MIN = 60_000

describe('createPairing', () => {
  it('a code works once, before it expires; the device it made is known by its secret until revoked', () => {
    let now = 1_000_000
    const pairing = createPairing({ now: () => now })
    const { token, expires } = pairing.issue()
    expect(expires).toBe(now + 10 * MIN)
    const first = pairing.redeem(token, 'iPhone · Safari')
    expect(first.ok).toBe(true)
    if (!first.ok) return
    expect(pairing.redeem(token, 'x')).toEqual({ ok: false, reason: 'used' })
    expect(pairing.deviceOf(first.secret)).toEqual(first.device)
    expect(pairing.list()).toEqual([first.device])

    const late = pairing.issue()
    now += 10 * MIN + 1
    expect(pairing.redeem(late.token, 'x')).toEqual({ ok: false, reason: 'expired' })
    expect(pairing.redeem('made-up', 'x')).toEqual({ ok: false, reason: 'unknown' })
    expect(pairing.redeem(42, 'x')).toEqual({ ok: false, reason: 'unknown' })

    const changes: number[] = []
    pairing.onChange(() => changes.push(pairing.list().length))
    expect(pairing.revoke(first.device.id)).toBe(true)
    expect(pairing.revoke(first.device.id)).toBe(false)
    expect(pairing.deviceOf(first.secret)).toBeNull()
    expect(changes).toEqual([0])
  })

  it('reads cookies and names devices', () => {
    expect(readCookie('a=1; deck-device=xyz; b=2', 'deck-device')).toBe('xyz')
    expect(readCookie(undefined, 'deck-device')).toBeNull()
    expect(deviceLabel('Mozilla/5.0 (Linux; Android 14) Chrome/130 Mobile Safari/537')).toBe('Android · Chrome')
    expect(deviceLabel(undefined)).toBe('device')
  })

  it('gives phones the LAN address when bound to every interface, and says when they cannot reach it', () => {
    const interfaces = { lo: [{ family: 'IPv4', address: '127.0.0.1', internal: true }], wlan0: [{ family: 'IPv4', address: '192.168.1.20', internal: false }] }
    expect(lanAddress('0.0.0.0', 3030, interfaces)).toEqual({ origin: 'http://192.168.1.20:3030', reachable: true })
    expect(lanAddress('127.0.0.1', 3030, interfaces)).toEqual({ origin: 'http://127.0.0.1:3030', reachable: false })
    expect(lanAddress('10.0.0.5', 80, interfaces)).toEqual({ origin: 'http://10.0.0.5:80', reachable: true })
  })
})

describe('the relay with pairing', () => {
  function setup() {
    const pairing = createPairing()
    const relay = createRelay({
      authorize: (given) => given === 'secret',
      log: () => {},
      pairing: {
        issue: () => ({ ...pairing.issue(), url: 'http://192.168.1.20:3030/presenter?pair=x', reachable: true }),
        revoke: (id) => pairing.revoke(id),
        list: () => pairing.list(),
        isPaired: (id) => pairing.list().some((d) => d.id === id),
        onChange: (listener) => pairing.onChange(listener),
      },
    })
    const client = (device: string | null = null) => {
      const received: ServerMessage[] = []
      const connection = relay.connect({ send: (_text, message) => received.push(message), close: () => {}, device })
      return { connection, received, last: () => received[received.length - 1] }
    }
    return { pairing, relay, client }
  }

  it('only a password holder may ask for a code or revoke a phone', () => {
    const { client } = setup()
    const follower = client()
    follower.connection.receive(JSON.stringify({ type: 'hello' }))
    expect(follower.last()).toMatchObject({ type: 'welcome', canWrite: false, canPair: false })
    follower.connection.receive(JSON.stringify({ type: 'pair' }))
    expect(follower.last()).toMatchObject({ type: 'refused', reason: expect.stringMatching(/presenter password may pair/) })
    const presenter = client()
    presenter.connection.receive(JSON.stringify({ type: 'hello', password: 'secret' }))
    expect(presenter.received).toEqual([expect.objectContaining({ type: 'welcome', canWrite: true, canPair: true }), { type: 'devices', devices: [] }])
    presenter.connection.receive(JSON.stringify({ type: 'pair' }))
    expect(presenter.last()).toMatchObject({ type: 'pairing', url: 'http://192.168.1.20:3030/presenter?pair=x', reachable: true })
  })

  it('a paired phone drives without the password; revoked, it is told it may only follow and its moves are dropped', () => {
    const { pairing, relay, client } = setup()
    const presenter = client()
    presenter.connection.receive(JSON.stringify({ type: 'hello', password: 'secret' }))
    const redeemed = pairing.redeem(pairing.issue().token, 'Android · Chrome')
    if (!redeemed.ok) throw new Error('pairing failed')
    expect(presenter.last()).toEqual({ type: 'devices', devices: [redeemed.device] })
    const phone = client(redeemed.device.id)
    phone.connection.receive(JSON.stringify({ type: 'hello' }))
    expect(phone.last()).toMatchObject({ type: 'welcome', canWrite: true, canPair: false })
    phone.connection.receive(JSON.stringify({ type: 'patch', patch: { page: 4, clicks: 0 } }))
    expect(relay.state.page).toBe(4)
    // A paired phone may not pair others.
    phone.connection.receive(JSON.stringify({ type: 'pair' }))
    expect(phone.last()).toMatchObject({ type: 'refused' })

    presenter.connection.receive(JSON.stringify({ type: 'revoke', device: redeemed.device.id }))
    expect(phone.last()).toMatchObject({ type: 'welcome', canWrite: false })
    expect(presenter.last()).toEqual({ type: 'devices', devices: [] })
    phone.connection.receive(JSON.stringify({ type: 'patch', patch: { page: 9, clicks: 0 } }))
    expect(relay.state.page).toBe(4)
    expect(phone.last()).toMatchObject({ type: 'refused', reason: expect.stringMatching(/not authorised/) })
  })

  it('refuses malformed pairing messages', () => {
    const { client } = setup()
    const presenter = client()
    presenter.connection.receive(JSON.stringify({ type: 'hello', password: 'secret' }))
    presenter.connection.receive(JSON.stringify({ type: 'revoke', device: '../etc' }))
    expect(presenter.last()).toMatchObject({ type: 'refused', reason: expect.stringMatching(/revoke.device/) })
    presenter.connection.receive(JSON.stringify({ type: 'pair', extra: 1 }))
    expect(presenter.last()).toMatchObject({ type: 'refused', reason: expect.stringMatching(/unknown field "extra"/) })
  })

  it('without pairing (the dev server) a request is refused with the reason', () => {
    const relay = createRelay({ log: () => {} })
    const received: ServerMessage[] = []
    const connection = relay.connect({ send: (_t, m) => received.push(m), close: () => {} })
    connection.receive(JSON.stringify({ type: 'hello' }))
    connection.receive(JSON.stringify({ type: 'pair' }))
    expect(received[received.length - 1]).toMatchObject({ type: 'refused', reason: expect.stringMatching(/npm run serve/) })
  })
})
