// Measures how fast `npm run serve` fans a presenter's slide change out to a room of devices: 200 viewers follow 100
// changes on loopback; fails when any viewer does not end on the presenter's slide.
// Usage: tsx bench/sync.ts [--dist dist] [--viewers 200] [--changes 100]
// The last line of output is one JSON object { name: { value, unit } } for bench/run.ts.
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import WebSocket from 'ws'
import { startServer, SYNC_PATH } from '../server/index'
import { option } from './harness'

const viewerCount = Number(option('--viewers') ?? 200)
const changeCount = Number(option('--changes') ?? 100)
/** A presenter presses keys at most ~50 times a second; pacing keeps the bench inside the relay's rate limit. */
const MIN_INTERVAL_MS = 20

// The relay does not need the deck; a built one is served if given, else a stub page.
const given = option('--dist')
const stub = given && existsSync(join(resolve(given), 'index.html')) ? null : mkdtempSync(join(tmpdir(), 'deck-sync-bench-'))
if (stub) writeFileSync(join(stub, 'index.html'), '<!doctype html><html><head></head><body></body></html>')
const dir = stub ?? resolve(given ?? 'dist')

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? NaN
}
const round = (n: number) => Math.round(n * 100) / 100

/** Opens a socket, says hello, resolves once welcomed; `onPage` hears every page the relay passes on. */
function connect(url: string, password: string | null, onPage: (page: number) => void) {
  return new Promise<WebSocket>((resolveConnection, reject) => {
    const ws = new WebSocket(url)
    ws.on('error', reject)
    ws.on('open', () => ws.send(JSON.stringify(password ? { type: 'hello', password } : { type: 'hello' })))
    ws.on('message', (data) => {
      const message = JSON.parse(String(data))
      if (message.type === 'welcome') resolveConnection(ws)
      else if (message.type === 'patch' && typeof message.patch.page === 'number') onPage(message.patch.page)
    })
  })
}

const server = await startServer({ dir, port: 0, password: 'bench', log: () => {} })
const url = server.url.replace('http', 'ws') + SYNC_PATH
const lastPage = new Array(viewerCount).fill(0)
/** Per change: when it was sent, and how many viewers have it. */
let sentAt = 0
let current = 0
let received = 0
let onAllReceived = () => {}
const perViewer: number[] = []
const perChange: number[] = []

try {
  const connecting = performance.now()
  const viewers: WebSocket[] = []
  const viewer = (i: number) =>
    connect(url, null, (page: number) => {
      lastPage[i] = page
      if (page !== current) return
      perViewer.push(performance.now() - sentAt)
      if (++received === viewerCount) onAllReceived()
    })
  // A room filling up: fifty devices at a time.
  for (let i = 0; i < viewerCount; i += 50) viewers.push(...(await Promise.all(Array.from({ length: Math.min(50, viewerCount - i) }, (_, k) => viewer(i + k)))))
  const presenter = await connect(url, 'bench', () => {})
  console.log(`${viewerCount} viewers connected in ${Math.round(performance.now() - connecting)} ms`)
  const started = performance.now()
  for (let page = 1; page <= changeCount; page++) {
    const allReceived = new Promise<void>((done) => (onAllReceived = done))
    current = page
    received = 0
    sentAt = performance.now()
    presenter.send(JSON.stringify({ type: 'patch', patch: { page, clicks: 0, lastUpdate: { id: 'bench-presenter', type: 'presenter', time: Date.now() + page } } }))
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise((_, fail) => (timer = setTimeout(() => fail(new Error(`change ${page} did not reach all ${viewerCount} viewers within 10 s (${received} did)`)), 10_000)))
    await Promise.race([allReceived, timeout]).finally(() => clearTimeout(timer))
    perChange.push(performance.now() - sentAt)
    const wait = MIN_INTERVAL_MS - (performance.now() - sentAt)
    if (wait > 0) await new Promise((r) => setTimeout(r, wait))
  }
  const total = performance.now() - started
  const behind = lastPage.filter((p) => p !== changeCount).length
  for (const ws of [...viewers, presenter]) ws.terminate()
  console.log(`${viewerCount} viewers × ${changeCount} slide changes over ${server.url} in ${Math.round(total)} ms`)
  console.log(`  every viewer reached by a change: median ${round(percentile(perChange, 0.5))} ms, p95 ${round(percentile(perChange, 0.95))} ms, max ${round(Math.max(...perChange))} ms`)
  console.log(`  one viewer reached: median ${round(percentile(perViewer, 0.5))} ms, p95 ${round(percentile(perViewer, 0.95))} ms`)
  console.log(`  viewers not on the presenter's slide at the end: ${behind}; relay dropped ${server.relay.stats.dropped} messages`)
  if (behind || server.relay.stats.dropped) process.exitCode = 1
  console.log(
    JSON.stringify({
      'sync.fanoutAllMedianMs': { value: round(percentile(perChange, 0.5)), unit: 'ms' },
      'sync.fanoutAllP95Ms': { value: round(percentile(perChange, 0.95)), unit: 'ms' },
      'sync.fanoutViewerMedianMs': { value: round(percentile(perViewer, 0.5)), unit: 'ms' },
      'sync.viewersBehind': { value: behind, unit: 'viewers' },
    }),
  )
} finally {
  await server.close()
  if (stub) rmSync(stub, { recursive: true, force: true })
}
