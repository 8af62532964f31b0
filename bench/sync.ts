// How fast `reslide serve` fans a presenter's change out to a room, against the least any relay can do (a bare `ws`
// broadcast, bench/sync-server.ts --mode bare) measured by the same load generator, in alternating runs:
//   - 1,000 and 5,000 followers on one process (fan-out p50 / p99 of every delivery, the time until all have a change,
//     memory per follower);
//   - 2,000 followers over two processes sharing the talk through Redis, the presenter on one (skipped, with a line
//     saying so, when redis-server is not installed).
// Every follower must get every change, in order, the last one last.
// The servers run in their own processes (forked); this process is the load generator.
// Usage: tsx bench/sync.ts [--dist dist] [--sizes 1000,5000] [--changes 50] [--runs 3] [--redis-followers 2000] [--no-redis]
// The last line of output is one JSON object { name: { value, unit } } for bench/run.ts.
import { fork, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import WebSocket from 'ws'
import { SYNC_PATH } from '../server/socket'
import { TS_NODE_ARGS } from '../scripts/ts-node-args'
import { option } from './harness'
import { freePort } from '../scripts/free-port'

const sizes = (option('--sizes') ?? '1000,5000').split(',').map(Number).filter((n) => n > 0)
const changeCount = Number(option('--changes') ?? 50)
const runs = Number(option('--runs') ?? 3)
const redisFollowers = Number(option('--redis-followers') ?? 2000)
const withRedis = !process.argv.includes('--no-redis')
/** A presenter presses keys at most ~50 times a second; pacing keeps the bench inside the relay's rate limit. */
const MIN_INTERVAL_MS = 25
const here = fileURLToPath(new URL('.', import.meta.url))

// The relay does not need the deck; a built one is served if given, else a stub page.
const given = option('--dist')
const stub = given && existsSync(join(resolve(given), 'index.html')) ? null : mkdtempSync(join(tmpdir(), 'deck-sync-bench-'))
if (stub) writeFileSync(join(stub, 'index.html'), '<!doctype html><html><head></head><body></body></html>')
const dir = stub ?? resolve(given ?? 'dist')

const percentile = (sorted: ArrayLike<number>, p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? NaN
const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 0.5)
const round = (n: number) => Math.round(n * 100) / 100

interface ServerProcess {
  port: number
  child: ChildProcess
  memory: () => Promise<{ rss: number; heapUsed: number; external: number }>
  /** Starts, then reads, the server's event-loop busy time (ms). */
  busy: (what: 'start' | 'stop') => Promise<number>
  stop: () => Promise<void>
}

/** Forks one server (bench/sync-server.ts) and waits until it listens. */
function startProcess(mode: 'relay' | 'bare', redis?: string): Promise<ServerProcess> {
  const child = fork(join(here, 'sync-server.ts'), ['--mode', mode, '--dir', dir, ...(redis ? ['--redis', redis] : [])], { execArgv: [...TS_NODE_ARGS, '--expose-gc'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  const next = <T>(key: string) => new Promise<T>((done, fail) => {
    const onMessage = (message: Record<string, unknown>) => {
      if (!(key in message)) return
      child.off('message', onMessage)
      child.off('exit', onExit)
      done(message[key] as T)
    }
    const onExit = (code: number | null) => fail(new Error(`the ${mode} server exited (${code}) before answering`))
    child.on('message', onMessage)
    child.once('exit', onExit)
  })
  return next<number>('port').then((port) => ({
    port,
    child,
    memory: () => {
      const answer = next<{ rss: number; heapUsed: number; external: number }>('memory')
      child.send('memory')
      return answer
    },
    busy: (what: 'start' | 'stop') => {
      const answer = next<number>(what === 'start' ? 'busyStarted' : 'busy')
      child.send(`busy-${what}`)
      return answer
    },
    stop: () => new Promise<void>((done) => {
      if (child.exitCode !== null) return done()
      child.once('exit', () => done())
      child.send('stop')
      setTimeout(() => child.kill('SIGKILL'), 5000).unref()
    }),
  }))
}

interface RunResult {
  /** Every delivery (follower × change), ms from the presenter's send. */
  p50: number
  p99: number
  /** Per change, the time until the last follower had it. */
  allMedian: number
  allP99: number
  lost: number
  outOfOrder: number
  behind: number
  /** Bytes of server memory per follower (RSS and JS heap), from before the room filled to after. */
  rssPerFollower: number
  heapPerFollower: number
  /** The servers' event-loop busy time per change (ms): the relay's own work, whatever the load generator does. */
  busyPerChange: number
}

/** A room of `count` followers spread over `ports` (round robin), the presenter on the first; `changeCount` slide changes. */
async function runRoom(servers: ServerProcess[], count: number): Promise<RunResult> {
  const before = await Promise.all(servers.map((s) => s.memory()))
  const latencies = new Float64Array(count * changeCount)
  let deliveries = 0
  const lastPage = new Int32Array(count)
  const got = new Int32Array(count)
  let outOfOrder = 0
  let sentAt = 0
  let current = 0
  let received = 0
  let onAllReceived = () => {}
  const sockets: WebSocket[] = []
  const urlOf = (i: number) => `ws://127.0.0.1:${servers[i % servers.length]!.port}${SYNC_PATH}`
  const connect = (url: string, hello: string, onText: (text: string) => void) =>
    new Promise<WebSocket>((done, fail) => {
      const ws = new WebSocket(url, { perMessageDeflate: false })
      ws.on('error', fail)
      ws.on('open', () => ws.send(hello))
      ws.on('message', (data) => {
        const text = String(data)
        if (text.startsWith('{"type":"welcome"')) return done(ws)
        onText(text)
      })
    })
  const PAGE = /"page":(\d+)/
  const follower = (i: number) =>
    connect(urlOf(i), '{"type":"hello"}', (text) => {
      const m = PAGE.exec(text)
      if (!m) return
      const page = Number(m[1])
      if (page <= lastPage[i]!) outOfOrder++
      lastPage[i] = page
      got[i]!++
      if (page !== current) return
      latencies[deliveries++] = performance.now() - sentAt
      if (++received === count) onAllReceived()
    })
  try {
    // A room filling up: a hundred devices at a time.
    for (let i = 0; i < count; i += 100) sockets.push(...(await Promise.all(Array.from({ length: Math.min(100, count - i) }, (_, k) => follower(i + k)))))
    const presenter = await connect(urlOf(0), '{"type":"hello","password":"bench"}', () => {})
    sockets.push(presenter)
    // Followers on another process are told of the welcome before the presenter's first change can reach them.
    await new Promise((r) => setTimeout(r, 200))
    const after = await Promise.all(servers.map((s) => s.memory()))
    const perChange: number[] = []
    await Promise.all(servers.map((s) => s.busy('start')))
    for (let page = 1; page <= changeCount; page++) {
      const allReceived = new Promise<void>((done) => (onAllReceived = done))
      current = page
      received = 0
      sentAt = performance.now()
      presenter.send(JSON.stringify({ type: 'patch', patch: { page, clicks: 0, lastUpdate: { id: 'bench-presenter', type: 'presenter', time: Date.now() + page } } }))
      let timer: NodeJS.Timeout | undefined
      const timeout = new Promise((_, fail) => (timer = setTimeout(() => fail(new Error(`change ${page} did not reach all ${count} followers within 15 s (${received} did)`)), 15_000)))
      await Promise.race([allReceived, timeout]).finally(() => clearTimeout(timer))
      perChange.push(performance.now() - sentAt)
      const wait = MIN_INTERVAL_MS - (performance.now() - sentAt)
      if (wait > 0) await new Promise((r) => setTimeout(r, wait))
    }
    const busy = (await Promise.all(servers.map((s) => s.busy('stop')))).reduce((a, b) => a + b, 0)
    const sorted = latencies.slice(0, deliveries).sort()
    const changes = [...perChange].sort((a, b) => a - b)
    const sum = (list: { rss: number; heapUsed: number }[], key: 'rss' | 'heapUsed') => list.reduce((total, m) => total + m[key], 0)
    return {
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      allMedian: percentile(changes, 0.5),
      allP99: percentile(changes, 0.99),
      lost: count * changeCount - Array.from(got).reduce((a, b) => a + b, 0),
      outOfOrder,
      behind: Array.from(lastPage).filter((p) => p !== changeCount).length,
      rssPerFollower: (sum(after, 'rss') - sum(before, 'rss')) / count,
      heapPerFollower: (sum(after, 'heapUsed') - sum(before, 'heapUsed')) / count,
      busyPerChange: busy / changeCount,
    }
  } finally {
    for (const ws of sockets) ws.terminate()
    await new Promise((r) => setTimeout(r, 300))
  }
}

const describe = (r: RunResult) =>
  `p50 ${round(r.p50)} ms, p99 ${round(r.p99)} ms; server busy ${round(r.busyPerChange)} ms a change; all reached: median ${round(r.allMedian)} ms, p99 ${round(r.allP99)} ms; lost ${r.lost}, out of order ${r.outOfOrder}, behind ${r.behind}`

const metrics: Record<string, { value: number; unit: string }> = {}
let failed = false
const check = (label: string, r: RunResult) => {
  if (r.lost || r.outOfOrder || r.behind) {
    failed = true
    console.log(`  ${label}: followers missed changes (lost ${r.lost}, out of order ${r.outOfOrder}, not on the last slide ${r.behind})`)
  }
}


async function hasRedisServer(): Promise<boolean> {
  return await new Promise((done) => {
    const probe = spawn('redis-server', ['--version'], { stdio: 'ignore' })
    probe.on('error', () => done(false))
    probe.on('exit', (code) => done(code === 0))
  })
}

try {
  for (const size of sizes) {
    const relayRuns: RunResult[] = []
    const bareRuns: RunResult[] = []
    for (let run = 0; run < runs; run++) {
      // Alternating, and which goes first alternates too: load on a shared machine drifts between runs.
      const order: ('relay' | 'bare')[] = run % 2 === 0 ? ['relay', 'bare'] : ['bare', 'relay']
      for (const mode of order) {
        const server = await startProcess(mode)
        try {
          const result = await runRoom([server], size)
          console.log(`${size} followers, ${mode === 'relay' ? 'reslide serve' : 'bare ws broadcast'}, run ${run + 1}: ${describe(result)}`)
          if (mode === 'relay') check(`${size} followers, run ${run + 1}`, result)
          ;(mode === 'relay' ? relayRuns : bareRuns).push(result)
        } finally {
          await server.stop()
        }
      }
    }
    const relayP50 = median(relayRuns.map((r) => r.p50))
    const relayP99 = median(relayRuns.map((r) => r.p99))
    const bareP50 = median(bareRuns.map((r) => r.p50))
    const bareP99 = median(bareRuns.map((r) => r.p99))
    const rss = median(relayRuns.map((r) => r.rssPerFollower))
    const heap = median(relayRuns.map((r) => r.heapPerFollower))
    console.log(`${size} followers on one process, medians of ${runs} alternating runs × ${changeCount} changes:`)
    console.log(`  reslide serve: fan-out p50 ${round(relayP50)} ms, p99 ${round(relayP99)} ms`)
    console.log(`  bare ws:       fan-out p50 ${round(bareP50)} ms, p99 ${round(bareP99)} ms`)
    console.log(`  ratio:         p50 ${round(relayP50 / bareP50)}×, p99 ${round(relayP99 / bareP99)}× (target ≤ 1.2×)`)
    const relayBusy = median(relayRuns.map((r) => r.busyPerChange))
    const bareBusy = median(bareRuns.map((r) => r.busyPerChange))
    console.log(`  server busy a change: reslide serve ${round(relayBusy)} ms, bare ws ${round(bareBusy)} ms (${round(relayBusy / bareBusy)}×)`)
    console.log(`  memory per follower (server): ${Math.round(rss / 1024)} KiB RSS, ${round(heap / 1024)} KiB JS heap`)
    const k = `sync.${size}`
    metrics[`${k}.fanoutP50Ms`] = { value: round(relayP50), unit: `ms (median of ${runs} runs)` }
    metrics[`${k}.fanoutP99Ms`] = { value: round(relayP99), unit: `ms (median of ${runs} runs)` }
    metrics[`${k}.bareP50Ms`] = { value: round(bareP50), unit: 'ms (bare ws broadcast)' }
    metrics[`${k}.bareP99Ms`] = { value: round(bareP99), unit: 'ms (bare ws broadcast)' }
    metrics[`${k}.p50ToBare`] = { value: round(relayP50 / bareP50), unit: '× the bare ws broadcast' }
    metrics[`${k}.p99ToBare`] = { value: round(relayP99 / bareP99), unit: '× the bare ws broadcast' }
    metrics[`${k}.busyPerChangeMs`] = { value: round(relayBusy), unit: `ms of server event loop a change (bare ws: ${round(bareBusy)})` }
    metrics[`${k}.busyToBare`] = { value: round(relayBusy / bareBusy), unit: '× the bare ws broadcast (server work)' }
    metrics[`${k}.memoryPerFollowerKB`] = { value: round(rss / 1024), unit: 'KiB RSS per follower' }
    metrics[`${k}.followersBehind`] = { value: Math.max(...relayRuns.map((r) => r.behind + r.lost + r.outOfOrder)), unit: 'followers' }
  }

  if (withRedis && redisFollowers > 0) {
    if (!(await hasRedisServer())) console.log(`2 processes with Redis: skipped (redis-server is not installed)`)
    else {
      const port = await freePort()
      const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' })
      try {
        await new Promise((r) => setTimeout(r, 300))
        const url = `redis://127.0.0.1:${port}`
        const results: RunResult[] = []
        for (let run = 0; run < runs; run++) {
          const servers = [await startProcess('relay', url), await startProcess('relay', url)]
          try {
            const result = await runRoom(servers, redisFollowers)
            console.log(`${redisFollowers} followers over 2 processes with Redis, run ${run + 1}: ${describe(result)}`)
            check(`Redis, run ${run + 1}`, result)
            results.push(result)
          } finally {
            await Promise.all(servers.map((s) => s.stop()))
          }
        }
        const p50 = median(results.map((r) => r.p50))
        const p99 = median(results.map((r) => r.p99))
        console.log(`${redisFollowers} followers over 2 processes with Redis, presenter on one: fan-out p50 ${round(p50)} ms, p99 ${round(p99)} ms (medians of ${runs}; target p99 ≤ 100 ms)`)
        metrics['sync.redis2x.fanoutP50Ms'] = { value: round(p50), unit: `ms (${redisFollowers} followers, 2 processes)` }
        metrics['sync.redis2x.fanoutP99Ms'] = { value: round(p99), unit: `ms (${redisFollowers} followers, 2 processes)` }
        metrics['sync.redis2x.followersBehind'] = { value: Math.max(...results.map((r) => r.behind + r.lost + r.outOfOrder)), unit: 'followers' }
      } finally {
        redis.kill('SIGTERM')
      }
    }
  }
} finally {
  if (stub) rmSync(stub, { recursive: true, force: true })
}
if (failed) process.exitCode = 1
console.log(JSON.stringify(metrics))
