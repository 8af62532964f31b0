// `reslide serve`: serves the built deck (dist/) with history routing, lets phones and projectors follow the presenter
// over a WebSocket relay, and enforces the presenter password on the presenter pages, on the notes of a deck with a
// password (/__deck/notes, from the server-only folder beside the build) and on every change to the state.
// The parts: routes.ts (HTTP), socket.ts (the relay's sockets), passwords.ts, pages.ts, pairing.ts, static.ts.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { createRelay, type Relay } from '../shared/sync-relay.ts'
import { createPairing, type Pairing, type PairingEvent } from './pairing.ts'
import { serverFilesDir } from '../shared/server-files.ts'
import { passwordCheck } from './passwords.ts'
import { lanAddress } from './address.ts'
import { createRoutes } from './routes.ts'
import { attachSyncSocket } from './socket.ts'
import { createRedisStore, shareTalk, type TalkStore } from './talk-store.ts'

export { SYNC_PATH } from './socket.ts'
export { lanAddress } from './address.ts'
export { passwordCheck } from './passwords.ts'

export interface ServeOptions {
  port?: number
  host?: string
  password?: string | null
  dir?: string
  log?: (line: string) => void
  /** The server's clock (pairing codes expire by it); tests move it forward. */
  now?: () => number
  /**
   * `redis://host:port`: share the talk with every other process given the same address (server/talk-store.ts), or a
   * store of one's own (tests). Without it the process keeps the talk alone, as before.
   */
  redis?: string | null
  store?: TalkStore | null
  /** The Redis keys' prefix (tests keep talks apart with it). */
  redisPrefix?: string
}

export interface RunningServer {
  url: string
  port: number
  relay: Relay
  pairing: Pairing
  /** Where the presenter password came from ('--password', 'the deck (remote:)') or null when there is none. */
  passwordSource: string | null
  close: () => Promise<void>
}

/** Starts the server. Resolves with its URL, the relay (for tests and the bench) and close(). */
export async function startServer({ port = 3030, host = '127.0.0.1', password = null, dir = 'dist', log = (line: string) => console.log(line), now = () => Date.now(), redis = null, store = null, redisPrefix }: ServeOptions = {}): Promise<RunningServer> {
  const root = resolve(dir)
  if (!existsSync(join(root, 'index.html'))) throw new Error(`No built deck in ${root}: run npm run build first (or pass --dir).`)
  const { authorize, source } = passwordCheck(serverFilesDir(root), password)
  const talkStore = store ?? (redis ? createRedisStore(redis, { prefix: redisPrefix }) : null)
  let sharePairing: (event: PairingEvent) => void = () => {}
  const pairing = createPairing({ now, onLocal: (event) => sharePairing(event) })
  let relay: Relay | null = null
  // With a store, the process reads where the talk is before it answers anyone (a restarted one rejoins the talk).
  const shared = talkStore ? await shareTalk({ store: talkStore, relay: () => relay, pairing, log }) : null
  if (shared) {
    sharePairing = shared.sharePairing
    if (talkStore!.up) log(`[sync] sharing the talk through ${talkStore!.label}${shared.state ? ` (rejoined it at slide ${shared.state.page || '-'})` : ''}`)
  }
  let origin = { origin: `http://${host}:${port}`, reachable: false }
  relay = createRelay({
    authorize,
    log,
    now,
    initialState: shared?.state ?? undefined,
    onLocalPatch: shared?.share,
    pairing: {
      issue: () => {
        const { token, expires } = pairing.issue()
        return { url: `${origin.origin}/presenter?pair=${encodeURIComponent(token)}`, expires, reachable: origin.reachable }
      },
      revoke: (id) => pairing.revoke(id),
      list: () => pairing.list(),
      isPaired: (id) => pairing.list().some((d) => d.id === id),
      onChange: (listener) => pairing.onChange(listener),
    },
  })
  const routes = createRoutes({ root, authorize, pairing, log })
  const server = createServer((request, response) => void routes.answer(request, response))
  const sockets = attachSyncSocket(server, { relay, deviceOf: routes.deviceOf, log })

  const running = relay
  await new Promise<void>((done, fail) => {
    server.once('error', fail)
    server.listen(port, host, () => {
      server.off('error', fail)
      done()
    })
  }).catch(async (error: unknown) => {
    await shared?.close()
    throw error
  })
  const address = server.address() as AddressInfo
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address
  const url = `http://${shownHost}:${address.port}`
  origin = lanAddress(host, address.port)
  return {
    url,
    port: address.port,
    relay: running,
    pairing,
    passwordSource: source,
    close: async () => {
      await new Promise<void>((done) => {
        sockets.close()
        server.close(() => done())
        server.closeAllConnections?.()
      })
      await shared?.close()
    },
  }
}
