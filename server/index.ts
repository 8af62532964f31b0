// `reslide serve`: serves the built deck (dist/) with history routing, lets phones and projectors follow the presenter
// over a WebSocket relay, and enforces the presenter password on the presenter pages, on the notes of a deck with a
// password (/__deck/notes, from the server-only folder beside the build) and on every change to the state.
// The parts: routes.ts (HTTP), socket.ts (the relay's sockets), passwords.ts, pages.ts, pairing.ts, static.ts.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { createRelay, type Relay } from '../shared/sync-relay.ts'
import { createPairing, type Pairing } from './pairing.ts'
import { serverFilesDir } from '../shared/server-files.ts'
import { passwordCheck } from './passwords.ts'
import { lanAddress } from './address.ts'
import { createRoutes } from './routes.ts'
import { attachSyncSocket } from './socket.ts'

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
export async function startServer({ port = 3030, host = '127.0.0.1', password = null, dir = 'dist', log = (line: string) => console.log(line), now = () => Date.now() }: ServeOptions = {}): Promise<RunningServer> {
  const root = resolve(dir)
  if (!existsSync(join(root, 'index.html'))) throw new Error(`No built deck in ${root}: run npm run build first (or pass --dir).`)
  const { authorize, source } = passwordCheck(serverFilesDir(root), password)
  const pairing = createPairing({ now })
  let origin = { origin: `http://${host}:${port}`, reachable: false }
  const relay = createRelay({
    authorize,
    log,
    now,
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

  await new Promise<void>((done, fail) => {
    server.once('error', fail)
    server.listen(port, host, () => {
      server.off('error', fail)
      done()
    })
  })
  const address = server.address() as AddressInfo
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address
  const url = `http://${shownHost}:${address.port}`
  origin = lanAddress(host, address.port)
  return {
    url,
    port: address.port,
    relay,
    pairing,
    passwordSource: source,
    close: () =>
      new Promise<void>((done) => {
        sockets.close()
        server.close(() => done())
        server.closeAllConnections?.()
      }),
  }
}
