// One server process of the sync bench (bench/sync.ts forks it, so the load generator never shares its event loop):
// `--mode relay` is `reslide serve` (server/index.ts startServer, `--redis url` to share the talk through Redis);
// `--mode bare` is the least any relay can do: a bare `ws` broadcast of each message as received to every other socket.
// It tells its parent { port } once listening; answers 'memory' with its memory use; exits on 'stop'.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'
import { WebSocketServer, type WebSocket } from 'ws'
import { startServer, SYNC_PATH } from '../server/index'
import { option } from './harness'

const mode = option('--mode') ?? 'relay'
const dir = option('--dir') ?? 'dist'
const redis = option('--redis')
const send = (message: unknown) => process.send?.(message)

const memory = () => {
  globalThis.gc?.()
  const m = process.memoryUsage()
  return { rss: m.rss, heapUsed: m.heapUsed, external: m.external + m.arrayBuffers }
}

let close: () => Promise<void>
if (mode === 'bare') {
  const server = createServer((_req, res) => res.end())
  const wss = new WebSocketServer({ server, path: SYNC_PATH, perMessageDeflate: false })
  const clients = new Set<WebSocket>()
  wss.on('connection', (ws) => {
    clients.add(ws)
    ws.on('close', () => clients.delete(ws))
    ws.on('message', (data, isBinary) => {
      // The load generator's hello gets the one answer it waits for; everything else goes to everyone else as received.
      if ((data as Buffer).toString('utf8', 0, 15) === '{"type":"hello"') return void ws.send('{"type":"welcome"}')
      for (const other of clients) if (other !== ws) other.send(data, { binary: isBinary })
    })
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  send({ port: (server.address() as AddressInfo).port })
  close = () => new Promise((done) => {
    for (const ws of clients) ws.terminate()
    server.close(() => done())
  })
} else {
  const server = await startServer({ dir, port: 0, password: 'bench', log: (line) => (/redis/i.test(line) ? console.error(line) : undefined), ...(redis ? { redis } : {}) })
  send({ port: server.port })
  close = () => server.close()
}

// The server's own work during the changes: event-loop busy time (the load generator's work is not in it).
let elu = performance.eventLoopUtilization()
process.on('message', async (message) => {
  if (message === 'memory') send({ memory: memory() })
  if (message === 'busy-start') {
    elu = performance.eventLoopUtilization()
    send({ busyStarted: true })
  }
  if (message === 'busy-stop') send({ busy: performance.eventLoopUtilization(elu).active })
  if (message === 'stop') {
    await close()
    process.exit(0)
  }
})
