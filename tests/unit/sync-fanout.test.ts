// The relay's fan-out at scale (issue 34 items 1 and 3): a broadcast framed once is what every client reads, messages
// from other processes pass the same checks as a client's, and devices reconnect with a spread-out back-off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import WebSocket from 'ws'
import { startServer, SYNC_PATH } from '../../server/index'
import { textFrame } from '../../server/socket'
import { createRelay } from '../../shared/sync-relay'
import { initialSharedState } from '../../shared/sync-protocol'
import { retryDelay } from '../../src/state/sync/transports'

const dir = mkdtempSync(join(tmpdir(), 'deck-fanout-'))
let server: Awaited<ReturnType<typeof startServer>>

beforeAll(async () => {
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head></head><body></body></html>')
  server = await startServer({ dir, port: 0, password: 'pw', log: () => {} })
})
afterAll(async () => {
  await server.close()
  rmSync(dir, { recursive: true, force: true })
})

function client(password?: string) {
  const ws = new WebSocket(server.url.replace('http', 'ws') + SYNC_PATH)
  const texts: string[] = []
  ws.on('message', (data, isBinary) => texts.push(isBinary ? 'binary!' : String(data)))
  const ready = new Promise<void>((done) => ws.once('open', () => {
    ws.send(JSON.stringify(password ? { type: 'hello', password } : { type: 'hello' }))
    done()
  }))
  return { ws, texts, ready }
}

const until = async (test: () => boolean) => {
  for (let i = 0; i < 400 && !test(); i++) await new Promise((r) => setTimeout(r, 10))
  expect(test()).toBe(true)
}

describe('a broadcast framed once', () => {
  it('frames the three payload lengths of RFC 6455 as ws reads them, text not binary', async () => {
    const followers = Array.from({ length: 20 }, () => client())
    const presenter = client('pw')
    await Promise.all([...followers, presenter].map((c) => c.ready))
    await until(() => [...followers, presenter].every((c) => c.texts.length >= 1))
    // Small (< 126 bytes), medium (16-bit length) and large (64-bit length) messages.
    const sizes = [0, 500, 70_000]
    for (const [i, size] of sizes.entries()) presenter.ws.send(JSON.stringify({ type: 'patch', patch: { page: i + 1, drawings: size ? { '1': 'x'.repeat(size) } : { '1': '' } } }))
    await until(() => followers.every((f) => f.texts.length === 1 + sizes.length))
    for (const f of followers) {
      const patches = f.texts.slice(1).map((t) => JSON.parse(t))
      expect(patches.map((p) => p.patch.page)).toEqual([1, 2, 3])
      expect(patches.map((p) => p.patch.drawings['1'].length)).toEqual(sizes)
    }
    expect(textFrame('hi')).toEqual(Buffer.from([0x81, 2, 0x68, 0x69]))
    expect(textFrame('x'.repeat(300)).subarray(0, 4)).toEqual(Buffer.from([0x81, 126, 1, 44]))
    expect(textFrame('x'.repeat(70_000)).subarray(0, 2)).toEqual(Buffer.from([0x81, 127]))
    for (const c of [...followers, presenter]) c.ws.close()
  })
})

describe('changes from other processes', () => {
  it('pass the protocol checks before any client hears them', () => {
    const sent: string[] = []
    const relay = createRelay({ log: () => {} })
    const follower = relay.connect({ send: (text) => sent.push(text), close: () => {} })
    follower.receive('{"type":"hello"}')
    expect(relay.applyRemote({ page: 3, clicks: 1 })).toBeNull()
    expect(relay.state.page).toBe(3)
    expect(relay.applyRemote({ page: -1 })).toMatch(/page/)
    expect(relay.applyRemote({ admin: true })).toMatch(/unknown field/)
    expect(relay.applyRemote('nonsense')).toMatch(/object/)
    expect(sent.map((t) => JSON.parse(t).type)).toEqual(['welcome', 'patch'])
    relay.adopt({ ...initialSharedState(), page: 9 })
    expect(JSON.parse(sent.at(-1)!)).toMatchObject({ type: 'welcome', state: { page: 9 } })
  })
})

describe('reconnecting', () => {
  it('backs off, each wait spread so a room does not come back at once', () => {
    expect(retryDelay(0, () => 0.5)).toBe(500)
    expect(retryDelay(1, () => 0)).toBe(750)
    expect(retryDelay(2, () => 1)).toBe(2500)
    expect(retryDelay(40, () => 0.5)).toBe(8000)
    const spread = new Set(Array.from({ length: 50 }, () => retryDelay(3)))
    expect(spread.size).toBeGreaterThan(10)
    for (const wait of spread) expect(wait >= 3000 && wait <= 5000).toBe(true)
  })
})
