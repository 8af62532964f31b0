// `npm run serve` on loopback: static files with history routing, the presenter password, and the relay under bad input and load.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { request } from 'node:http'
import { join } from 'node:path'
import WebSocket from 'ws'
import { startServer, SYNC_PATH } from '../../server/index'
import { parseServeArgs as parseArgs } from '../../cli/args'
import { LIMITS } from '../../shared/sync-protocol'
import { SERVER_FILES, serverFilesDir } from '../../shared/server-files'

type Server = Awaited<ReturnType<typeof startServer>>
type Message = { type: string; [key: string]: unknown }

const dir = mkdtempSync(join(tmpdir(), 'deck-serve-'))
const deckDir = mkdtempSync(join(tmpdir(), 'deck-serve-deck-'))
const logs: string[] = []
let guarded: Server
let open: Server
let fromDeck: Server

function writeDist(target: string) {
  mkdirSync(join(target, 'assets'), { recursive: true })
  writeFileSync(join(target, 'index.html'), '<!doctype html><html><head><title>deck</title></head><body><div id="app"></div></body></html>')
  writeFileSync(join(target, 'assets', 'app-abc.js'), 'console.log(1)')
  writeFileSync(join(target, 'favicon.svg'), '<svg/>')
}

beforeAll(async () => {
  writeDist(dir)
  writeDist(deckDir)
  // What `npm run build` leaves for a deck with `remote: hunter2`, beside the served folder.
  mkdirSync(serverFilesDir(deckDir))
  writeFileSync(join(serverFilesDir(deckDir), SERVER_FILES.sync), JSON.stringify({ passwordSha256: createHash('sha256').update('hunter2').digest('hex') }))
  const log = (line: string) => logs.push(line)
  guarded = await startServer({ dir, port: 0, password: 'secret', log })
  open = await startServer({ dir, port: 0, log })
  fromDeck = await startServer({ dir: deckDir, port: 0, log })
})

afterAll(async () => {
  await Promise.all([guarded?.close(), open?.close(), fromDeck?.close()])
  rmSync(dir, { recursive: true, force: true })
  rmSync(deckDir, { recursive: true, force: true })
  rmSync(serverFilesDir(deckDir), { recursive: true, force: true })
})

/** A WebSocket client that says hello and keeps every message it receives. */
async function connect(server: Server, password?: string) {
  const ws = new WebSocket(server.url.replace('http', 'ws') + SYNC_PATH)
  const messages: Message[] = []
  const waiters: (() => void)[] = []
  ws.on('message', (data) => {
    messages.push(JSON.parse(String(data)))
    for (const wake of waiters.splice(0)) wake()
  })
  await new Promise((resolve, reject) => {
    ws.once('open', resolve)
    ws.once('error', reject)
  })
  const waitFor = (test: (messages: Message[]) => boolean, timeout = 5000) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out; got ${JSON.stringify(messages).slice(0, 400)}`)), timeout)
      const check = () => {
        if (test(messages)) {
          clearTimeout(timer)
          resolve()
        } else waiters.push(check)
      }
      check()
    })
  ws.send(JSON.stringify(password === undefined ? { type: 'hello' } : { type: 'hello', password }))
  await waitFor((m) => m.some((x) => x.type === 'welcome'))
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)))
  /**
   * Resolves once the server has answered a ping sent now: it reads a socket's frames in order, so every message this
   * client sent before has been handled by then, and everything the server wrote to this socket before has arrived.
   */
  const settled = () =>
    new Promise<void>((resolve) => {
      ws.once('pong', () => resolve())
      ws.ping()
    })
  return { ws, messages, waitFor, closed, settled, welcome: messages.find((m) => m.type === 'welcome')! }
}

/** A GET with the path exactly as written (fetch would normalise dot segments first). */
function rawGet(base: string, path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base)
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method: 'GET' }, (res) => {
      let body = ''
      res.on('data', (d) => (body += d))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

const move = (page: number, id = 'presenter1', time = Date.now() + page) => ({ type: 'patch', patch: { page, clicks: 0, lastUpdate: { id, type: 'presenter', time } } })
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('static files and history routing', () => {
  it('answers any slide path with the app, announcing the relay', async () => {
    for (const path of ['/', '/1', '/37', '/print', '/some/odd/path']) {
      const res = await fetch(open.url + path)
      expect(res.status, path).toBe(200)
      const html = await res.text()
      expect(html).toContain(`<meta name="deck-sync" content="${SYNC_PATH}">`)
    }
  })
  it('serves files with their type and refuses missing files, hidden files, escapes and other methods', async () => {
    const js = await fetch(open.url + '/assets/app-abc.js')
    expect(js.status).toBe(200)
    expect(js.headers.get('content-type')).toMatch(/javascript/)
    expect(js.headers.get('cache-control')).toMatch(/immutable/)
    expect((await fetch(open.url + '/assets/missing.js')).status).toBe(404)
    expect((await fetch(fromDeck.url + '/deck-sync.json')).status).toBe(404)
    expect((await fetch(open.url + '/..%2f..%2fetc%2fpasswd')).status).toBe(404)
    expect((await fetch(open.url + '/assets/..%2f..%2f..%2fetc%2fhostname')).status).toBe(404)
    // Raw dot segments (browsers normalise them away; a hand-made request may not) never reach outside dist/.
    const raw = await rawGet(open.url, '/../../../../etc/passwd')
    expect(raw.body).not.toMatch(/root:/)
    expect((await fetch(open.url + '/%E0%A4%A')).status).toBe(400)
    expect((await fetch(open.url + '/1', { method: 'POST' })).status).toBe(405)
  })
})

describe('the presenter password on presenter pages', () => {
  it('prompts without one, sends a wrong one to the plain slide, lets the right one in', async () => {
    const prompt = await fetch(guarded.url + '/presenter/5')
    expect(prompt.status).toBe(401)
    expect(await prompt.text()).toMatch(/name="password"/)
    const wrong = await fetch(guarded.url + '/presenter/5?password=nope', { redirect: 'manual' })
    expect(wrong.status).toBe(302)
    expect(wrong.headers.get('location')).toBe('/5')
    const wrongPrint = await fetch(guarded.url + '/presenter/print?password=nope', { redirect: 'manual' })
    expect(wrongPrint.headers.get('location')).toBe('/')
    const right = await fetch(guarded.url + '/presenter/5?password=secret')
    expect(right.status).toBe(200)
    expect(await right.text()).toContain('id="app"')
    // The audience pages need no password.
    expect((await fetch(guarded.url + '/5')).status).toBe(200)
    expect(logs.some((l) => l.includes('wrong presenter password for /presenter/5'))).toBe(true)
  })
  it("uses the deck's own password (from the build) when no --password is given", async () => {
    expect(fromDeck.passwordSource).toMatch(/deck/)
    expect((await fetch(fromDeck.url + '/presenter/1?password=hunter2')).status).toBe(200)
    expect((await fetch(fromDeck.url + '/presenter/1?password=secret', { redirect: 'manual' })).status).toBe(302)
    const writer = await connect(fromDeck, 'hunter2')
    expect(writer.welcome).toMatchObject({ canWrite: true, passwordRequired: true })
    writer.ws.close()
  })
  it('without any password the presenter pages are open', async () => {
    expect((await fetch(open.url + '/presenter/2')).status).toBe(200)
  })
})

describe('the relay', () => {
  it('only a connection with the password may write; viewers only read', async () => {
    const presenter = await connect(guarded, 'secret')
    const viewer = await connect(guarded)
    const stranger = await connect(guarded, 'guess')
    expect(presenter.welcome).toMatchObject({ canWrite: true, passwordRequired: true })
    expect(viewer.welcome).toMatchObject({ canWrite: false, passwordRequired: true })
    expect(stranger.welcome).toMatchObject({ canWrite: false })

    const before = guarded.relay.state.page
    viewer.ws.send(JSON.stringify(move(42, 'viewer1')))
    stranger.ws.send(JSON.stringify(move(43, 'stranger1')))
    await viewer.waitFor((m) => m.some((x) => x.type === 'refused'))
    await stranger.waitFor((m) => m.some((x) => x.type === 'refused'))
    expect(viewer.messages.find((x) => x.type === 'refused')!.reason).toMatch(/not authorised/)
    expect(guarded.relay.state.page).toBe(before)

    presenter.ws.send(JSON.stringify(move(7)))
    await viewer.waitFor((m) => m.some((x) => x.type === 'patch' && (x.patch as { page: number }).page === 7))
    // Nobody saw the refused moves; the sender does not get its own move back.
    expect(viewer.messages.some((x) => x.type === 'patch' && [42, 43].includes((x.patch as { page: number }).page))).toBe(false)
    expect(presenter.messages.some((x) => x.type === 'patch')).toBe(false)
    expect(guarded.relay.state.page).toBe(7)
    expect(logs.some((l) => l.includes('gave a wrong presenter password'))).toBe(true)
    for (const c of [presenter, viewer, stranger]) c.ws.close()
  })

  it('refuses malformed messages with a logged reason and keeps relaying', async () => {
    const presenter = await connect(guarded, 'secret')
    const viewer = await connect(guarded)
    const bad: [string | Buffer, RegExp][] = [
      ['not json at all', /not JSON/],
      ['[1,2,3]', /JSON object/],
      ['{"type":"shout"}', /unknown message type/],
      ['{"type":"patch","patch":{"page":-1}}', /page must be/],
      ['{"type":"patch","patch":{"page":2,"admin":true}}', /unknown field "admin"/],
      ['{"type":"patch","patch":{"cursor":{"x":"0","y":0}}}', /cursor.x/],
      [Buffer.from([0xff, 0xfe, 0x00, 0x01]), /not JSON/],
    ]
    for (const [raw] of bad) presenter.ws.send(raw)
    await presenter.waitFor((m) => m.filter((x) => x.type === 'refused').length === bad.length)
    const reasons = presenter.messages.filter((x) => x.type === 'refused').map((x) => String(x.reason))
    bad.forEach(([, reason], i) => expect(reasons[i]).toMatch(reason))
    for (const [, reason] of bad) expect(logs.some((l) => l.startsWith('[sync] dropped a message from client') && reason.test(l))).toBe(true)
    presenter.ws.send(JSON.stringify(move(11)))
    await viewer.waitFor((m) => m.some((x) => x.type === 'patch' && (x.patch as { page: number }).page === 11))
    presenter.ws.close()
    viewer.ws.close()
  })

  it('refuses an oversized message but keeps the connection; a giant one closes only that connection', async () => {
    const presenter = await connect(guarded, 'secret')
    const viewer = await connect(guarded)
    const big = JSON.stringify({ type: 'patch', patch: { drawings: { '1': 'x'.repeat(LIMITS.maxMessageBytes) } } })
    presenter.ws.send(big)
    await presenter.waitFor((m) => m.some((x) => x.type === 'refused' && /over the limit/.test(String(x.reason))))
    presenter.ws.send(JSON.stringify(move(12)))
    await viewer.waitFor((m) => m.some((x) => x.type === 'patch' && (x.patch as { page: number }).page === 12))

    presenter.ws.send('x'.repeat(LIMITS.maxMessageBytes * 4 + 10))
    expect(await presenter.closed).toBe(1009)
    // The server is still there for everyone else.
    const again = await connect(guarded, 'secret')
    again.ws.send(JSON.stringify(move(13)))
    await viewer.waitFor((m) => m.some((x) => x.type === 'patch' && (x.patch as { page: number }).page === 13))
    again.ws.close()
    viewer.ws.close()
  })

  it('drops a flood after the burst, logs it once, recovers, and disconnects a client that never stops', async () => {
    const flooder = await connect(guarded, 'secret')
    const viewer = await connect(guarded)
    const linesBefore = logs.length
    for (let i = 0; i < 500; i++) flooder.ws.send(JSON.stringify({ type: 'patch', patch: { cursor: { x: i, y: 0 } } }))
    await flooder.waitFor((m) => m.some((x) => x.type === 'refused' && /messages a second/.test(String(x.reason))))
    // Every message of the flood handled (relayed or dropped), and every relayed one arrived at the viewer.
    await flooder.settled()
    await viewer.settled()
    const relayed = viewer.messages.filter((x) => x.type === 'patch').length
    expect(relayed).toBeGreaterThanOrEqual(LIMITS.rateBurst - 5)
    expect(relayed).toBeLessThan(200)
    expect(logs.slice(linesBefore).filter((l) => /messages a second/.test(l))).toHaveLength(1)
    // After a pause the same client may speak again: it tries now and then until its move goes through.
    const heard = viewer.waitFor((m) => m.some((x) => x.type === 'patch' && (x.patch as { page?: number }).page === 21), 5000)
    const retry = setInterval(() => flooder.ws.send(JSON.stringify(move(21))), 50)
    await heard.finally(() => clearInterval(retry))
    for (let i = 0; i < 2500; i++) flooder.ws.send('{"type":"patch","patch":{"cursor":null}}')
    expect(await flooder.closed).toBe(1008)
    expect(logs.some((l) => /kept flooding/.test(l))).toBe(true)
    viewer.ws.close()
  })

  it('a reconnecting client resyncs to where the presenter is now', async () => {
    const presenter = await connect(guarded, 'secret')
    let viewer = await connect(guarded)
    presenter.ws.send(JSON.stringify(move(30)))
    await viewer.waitFor((m) => m.some((x) => x.type === 'patch' && (x.patch as { page: number }).page === 30))
    viewer.ws.close()
    await viewer.closed
    presenter.ws.send(JSON.stringify(move(31)))
    presenter.ws.send(JSON.stringify({ type: 'patch', patch: { timer: { status: 'running', elapsed: 0, since: 123 } } }))
    await presenter.settled()
    viewer = await connect(guarded)
    expect(viewer.welcome.state).toMatchObject({ page: 31, timer: { status: 'running', since: 123 } })
    presenter.ws.close()
    viewer.ws.close()
  })

  it('load: 200 viewers follow 100 slide changes and all end on the presenter slide', async () => {
    const viewers = await Promise.all(Array.from({ length: 200 }, () => connect(open)))
    const presenter = await connect(open)
    for (let page = 1; page <= 100; page++) {
      presenter.ws.send(JSON.stringify(move(page, 'loadpresenter')))
      // A presenter presses keys at human speed; 10 ms apart is still far faster.
      if (page % 10 === 0) await sleep(10)
    }
    const lastPage = (c: (typeof viewers)[number]) => {
      const patches = c.messages.filter((x) => x.type === 'patch')
      return (patches[patches.length - 1]?.patch as { page?: number } | undefined)?.page
    }
    await Promise.all(viewers.map((v) => v.waitFor(() => lastPage(v) === 100, 20000)))
    for (const v of viewers) {
      const pages = v.messages.filter((x) => x.type === 'patch').map((x) => (x.patch as { page: number }).page)
      expect(pages).toEqual(Array.from({ length: 100 }, (_, i) => i + 1))
    }
    expect(open.relay.state.page).toBe(100)
    for (const c of [...viewers, presenter]) c.ws.close()
  })
})

describe('command line', () => {
  it('reads flags and refuses nonsense with a clear message', () => {
    expect(parseArgs(['--port', '8080', '--host', '0.0.0.0', '--password', 'p', '--dir', 'out'])).toMatchObject({ port: 8080, host: '0.0.0.0', password: 'p', dir: 'out' })
    expect(parseArgs(['--port=9000'])).toMatchObject({ port: 9000, host: '127.0.0.1', password: null, dir: 'dist' })
    expect(() => parseArgs(['--port', 'abc'])).toThrow(/--port must be a whole number/)
    expect(() => parseArgs(['--port', '70000'])).toThrow(/--port must be/)
    expect(() => parseArgs(['--password'])).toThrow(/'--password <value>' argument missing/)
    expect(() => parseArgs(['--password', '--host'])).toThrow(/'--password' argument is ambiguous/)
    expect(() => parseArgs(['--open'])).toThrow(/Unknown option '--open'/)
  })
  it('refuses to start without a build', async () => {
    await expect(startServer({ dir: join(dir, 'nope'), port: 0, log: () => {} })).rejects.toThrow(/No built deck .* run npm run build/)
  })
})
