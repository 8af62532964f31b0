// Many `reslide serve` processes, one talk (issue 34 items 2 and 3): two servers share the talk through a Redis of the
// test's own (redis-server on a free port), a restarted process rejoins it, pairing and passwords work on either
// process, followers that drop resume at the presenter's state, and a Redis outage leaves each process serving its own
// devices (said once in its log) until Redis is back. Skipped, saying so, when redis-server is not installed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import WebSocket from 'ws'
import { Redis } from 'ioredis'
import { redisKeys } from '../../server/talk-store'
import { startServer, SYNC_PATH } from '../../server/index'
import { freePort } from '../../scripts/free-port'

type Server = Awaited<ReturnType<typeof startServer>>
type Message = { type: string; [key: string]: unknown }

const hasRedis = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0
if (!hasRedis) console.warn('[sync-redis.test] skipped: redis-server is not installed (apt-get install redis-server; .ci/run installs it)')


const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Waits until `test` holds, polling. */
async function until(test: () => boolean | Promise<boolean>, what: string, timeout = 10_000) {
  const started = Date.now()
  while (!(await test())) {
    if (Date.now() - started > timeout) throw new Error(`timed out waiting for ${what}`)
    await sleep(25)
  }
}

/** What Redis itself holds for the current talk (`prefix`): read by a client of the test's own. */
async function held<T>(read: (client: Redis, keys: ReturnType<typeof redisKeys>) => Promise<T>): Promise<T> {
  const client = new Redis(`redis://127.0.0.1:${redisPort}`, { lazyConnect: true, maxRetriesPerRequest: 0 })
  try {
    await client.connect()
    return await read(client, redisKeys(prefix))
  } finally {
    client.disconnect()
  }
}

let redisPort = 0
let redis: ChildProcess | null = null

/** A redis-server of the test's own: no persistence, so a restart comes back empty (the harshest case). */
async function startRedis() {
  const child = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  child.stdout?.on('data', (d) => (out += d))
  await until(() => /Ready to accept connections/i.test(out), 'redis-server to start')
  redis = child
}

async function stopRedis() {
  const child = redis
  redis = null
  if (!child || child.exitCode !== null) return
  const exited = new Promise((r) => child.once('exit', r))
  child.kill('SIGKILL')
  await exited
}

const dir = mkdtempSync(join(tmpdir(), 'deck-redis-'))
const servers: Server[] = []
const logs = new Map<Server, string[]>()
let prefix = 'test'

/** One `reslide serve` process (in-process) on the shared Redis, with its own log. */
async function serve(): Promise<Server> {
  const lines: string[] = []
  const server = await startServer({ dir, port: 0, password: 'secret', log: (line) => lines.push(line), redis: `redis://127.0.0.1:${redisPort}`, redisPrefix: prefix })
  logs.set(server, lines)
  servers.push(server)
  return server
}

async function stop(server: Server) {
  servers.splice(servers.indexOf(server), 1)
  await server.close()
}

/** A WebSocket client that says hello and keeps every message; `cookie` is a paired phone's. */
async function connect(server: Server, password?: string, cookie?: string) {
  const ws = new WebSocket(server.url.replace('http', 'ws') + SYNC_PATH, cookie ? { headers: { cookie } } : {})
  const messages: Message[] = []
  ws.on('message', (data) => messages.push(JSON.parse(String(data))))
  await new Promise((resolve, reject) => {
    ws.once('open', resolve)
    ws.once('error', reject)
  })
  ws.send(JSON.stringify(password === undefined ? { type: 'hello' } : { type: 'hello', password }))
  await until(() => messages.some((m) => m.type === 'welcome'), 'a welcome')
  const welcomes = () => messages.filter((m) => m.type === 'welcome') as { type: 'welcome'; canWrite: boolean; state: Record<string, unknown> }[]
  /** The page this client was last told: a patch's or a welcome's. */
  const page = () => {
    for (let i = messages.length - 1; i >= 0; i--) {
      const m = messages[i]!
      if (m.type === 'patch' && typeof (m.patch as { page?: number }).page === 'number') return (m.patch as { page: number }).page
      if (m.type === 'welcome') return (m.state as { page: number }).page
    }
    return 0
  }
  return { ws, messages, welcomes, page, welcome: welcomes()[0]! }
}

let time = Date.now()
const move = (page: number, extra: Record<string, unknown> = {}) => JSON.stringify({ type: 'patch', patch: { page, clicks: 0, lastUpdate: { id: 'presenter1', type: 'presenter', time: ++time }, ...extra } })

describe.skipIf(!hasRedis)('many processes, one talk (Redis)', () => {
  beforeAll(async () => {
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head></head><body></body></html>')
    redisPort = await freePort()
    await startRedis()
  })

  afterAll(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()))
    await stopRedis()
    rmSync(dir, { recursive: true, force: true })
  })

  it('a presenter on one process drives followers on another: position, clicks, timer, blackout, drawings, widgets', async () => {
    prefix = 'share'
    const [a, b] = [await serve(), await serve()]
    const presenter = await connect(a, 'secret')
    expect(presenter.welcome.canWrite).toBe(true)
    const followers = await Promise.all([connect(b), connect(b), connect(a)])
    presenter.ws.send(move(4))
    await until(() => followers.every((f) => f.page() === 4), 'followers on both processes at slide 4')
    const timer = { status: 'running', elapsed: 0, since: 1_700_000_000_000 }
    presenter.ws.send(JSON.stringify({ type: 'patch', patch: { clicks: 2, timer, blackout: 'black', drawings: { '4': '<path d="M0 0L9 9"/>' }, widgets: { '4:quiz': { answer: 2 } } } }))
    await until(() => b.relay.state.blackout === 'black' && b.relay.state.clicks === 2, 'process B to have the change')
    expect(b.relay.state).toMatchObject({ page: 4, clicks: 2, timer, blackout: 'black', drawings: { '4': '<path d="M0 0L9 9"/>' }, widgets: { '4:quiz': { answer: 2 } } })
    // A device that arrives later on the other process starts where the talk is.
    const late = await connect(b)
    expect(late.welcome.state).toMatchObject({ page: 4, clicks: 2, blackout: 'black', drawings: { '4': '<path d="M0 0L9 9"/>' } })
    // Only the password writes, whichever process a device lands on.
    const wrong = await connect(b, 'nope')
    expect(wrong.welcome.canWrite).toBe(false)
    wrong.ws.send(move(9))
    // The relay answers a write it refuses: once that answer is in, the write is known to have gone nowhere.
    await until(() => wrong.messages.some((m) => m.type === 'refused'), 'the refusal of a write without the password')
    expect(a.relay.state.page).toBe(4)
    const right = await connect(b, 'secret')
    expect(right.welcome.canWrite).toBe(true)
    right.ws.send(move(5))
    await until(() => a.relay.state.page === 5 && presenter.page() === 5, 'process A to follow a presenter on B')
    for (const c of [presenter, ...followers, late, wrong, right]) c.ws.close()
  })

  it('a process killed and started again rejoins the talk: a device connecting to it starts at the presenter state', async () => {
    prefix = 'restart'
    const a = await serve()
    let b = await serve()
    const presenter = await connect(a, 'secret')
    presenter.ws.send(move(7, { blackout: 'white', drawings: { '7': '<path d="M1 1"/>' } }))
    await until(() => b.relay.state.page === 7, 'B at slide 7')
    await stop(b)
    // Moves made while B is gone reach it through Redis when it is back.
    presenter.ws.send(move(8))
    await until(() => a.relay.state.page === 8, 'A at slide 8')
    await until(() => held((r, keys) => r.hget(keys.state, 'page')).then((page) => page === '8'), 'Redis to hold slide 8')
    b = await serve()
    expect(b.relay.state).toMatchObject({ page: 8, blackout: 'white', drawings: { '7': '<path d="M1 1"/>' } })
    const follower = await connect(b)
    expect(follower.welcome.state).toMatchObject({ page: 8, blackout: 'white' })
    expect(logs.get(b)!.some((l) => /rejoined it at slide 8/.test(l))).toBe(true)
    presenter.ws.close()
    follower.ws.close()
  })

  it('followers whose connection drops resume at the presenter state, with the changes made meanwhile', async () => {
    prefix = 'resume'
    const [a, b] = [await serve(), await serve()]
    const presenter = await connect(a, 'secret')
    presenter.ws.send(move(2))
    let follower = await connect(b)
    await until(() => follower.page() === 2, 'follower at 2')
    follower.ws.terminate()
    presenter.ws.send(move(3, { drawings: { '3': '<path d="M2 2"/>' } }))
    presenter.ws.send(move(6, { widgets: { '6:poll': { votes: 3 } } }))
    await until(() => b.relay.state.page === 6, 'B at 6')
    // Reconnecting (to either process) gives the state as it is now, the changes it missed included.
    follower = await connect(b)
    expect(follower.welcome.state).toMatchObject({ page: 6, drawings: { '3': '<path d="M2 2"/>' }, widgets: { '6:poll': { votes: 3 } } })
    const elsewhere = await connect(a)
    expect(elsewhere.welcome.state).toMatchObject({ page: 6 })
    presenter.ws.close()
    follower.ws.close()
    elsewhere.ws.close()
  })

  it('pairing works whichever process a phone lands on, and revoking it on one process demotes it on the other', async () => {
    prefix = 'pairing'
    const [a, b] = [await serve(), await serve()]
    const presenter = await connect(a, 'secret')
    presenter.ws.send(JSON.stringify({ type: 'pair' }))
    await until(() => presenter.messages.some((m) => m.type === 'pairing'), 'a pairing code')
    const code = new URL(String(presenter.messages.find((m) => m.type === 'pairing')!.url)).searchParams.get('pair')!
    await until(() => held((r, keys) => r.hlen(keys.tokens)).then((n) => n === 1), 'Redis to hold the pairing token')
    // The phone scans the code but the load balancer sends it to B.
    const scanned = await fetch(`${b.url}/presenter?pair=${encodeURIComponent(code)}`, { redirect: 'manual' })
    expect(scanned.status).toBe(302)
    const cookie = (scanned.headers.get('set-cookie') ?? '').split(';')[0]!
    expect(cookie).toMatch(/^deck-device=/)
    // Spent: a second scan on A is refused as used (once Redis has the token marked so).
    await until(() => held((r, keys) => r.hvals(keys.tokens)).then((tokens) => tokens.some((t) => JSON.parse(t).used)), 'Redis to hold the token as used')
    const again = await fetch(`${a.url}/presenter?pair=${encodeURIComponent(code)}`, { redirect: 'manual' })
    expect(again.status).not.toBe(302)
    // The phone drives from either process.
    await until(() => a.pairing.list().length === 1, 'A to know the paired phone')
    const phoneOnA = await connect(a, undefined, cookie)
    const phoneOnB = await connect(b, undefined, cookie)
    expect(phoneOnA.welcome.canWrite).toBe(true)
    expect(phoneOnB.welcome.canWrite).toBe(true)
    phoneOnB.ws.send(move(11))
    await until(() => presenter.page() === 11, 'the presenter on A to follow the phone on B')
    // Revoked on A: the phone on B may only follow, at once.
    const id = a.pairing.list()[0]!.id
    presenter.ws.send(JSON.stringify({ type: 'revoke', device: id }))
    await until(() => phoneOnB.welcomes().some((w) => !w.canWrite), 'the phone on B to be demoted')
    await until(() => b.pairing.list().length === 0, 'B to forget the phone')
    for (const c of [presenter, phoneOnA, phoneOnB]) c.ws.close()
  })

  it('Redis down: each process serves its own followers and says so once; Redis back: they share again', async () => {
    prefix = 'outage'
    const [a, b] = [await serve(), await serve()]
    const presenter = await connect(a, 'secret')
    const onA = await connect(a)
    const onB = await connect(b)
    presenter.ws.send(move(2))
    await until(() => onB.page() === 2, 'B follower at 2')

    await stopRedis()
    await until(() => logs.get(a)!.some((l) => /unreachable/.test(l)) && logs.get(b)!.some((l) => /unreachable/.test(l)), 'both processes to say Redis is unreachable')
    presenter.ws.send(move(3))
    presenter.ws.send(move(4))
    await until(() => onA.page() === 4, 'the follower on A to keep following')
    // Nothing carries A's moves to B now: B and its follower are still where they were when Redis went.
    expect(b.relay.state.page).toBe(2)
    expect(onB.page()).toBe(2)
    // Said once, not once per change or per retry.
    expect(logs.get(a)!.filter((l) => /unreachable/.test(l))).toHaveLength(1)
    expect(logs.get(b)!.filter((l) => /unreachable/.test(l))).toHaveLength(1)

    // Back (empty: it kept nothing): the newest state wins and B's followers catch up.
    await startRedis()
    await until(() => onB.page() === 4, 'the follower on B to catch up', 15_000).catch((error: Error) => {
      throw new Error(`${error.message}; logs: ${JSON.stringify([logs.get(a), logs.get(b)])}`)
    })
    expect(b.relay.state.page).toBe(4)
    expect(logs.get(a)!.some((l) => /answers again/.test(l))).toBe(true)
    presenter.ws.send(move(5))
    await until(() => onB.page() === 5, 'sharing again')
    for (const c of [presenter, onA, onB]) c.ws.close()
  }, 60_000)
})
