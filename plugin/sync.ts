// Presenter sync in the dev server: `npm run dev` relays the shared state over Vite's own HMR socket (same rules as
// `npm run serve`). The build's own file for the server (the password's hash) is written by plugin/deck/server-files.ts.
import { existsSync, readFileSync } from 'node:fs'
import type { Plugin, WebSocketClient } from 'vite'
import { parseDeck } from './parser.ts'
import { deckEntry } from './deck/entry.ts'
import { createRelay } from '../shared/sync-relay.ts'
import { sameSecret } from '../shared/sync-protocol.ts'
import { SOCKET_EVENTS } from '../shared/events.ts'


/** The deck's presenter password (`remote:`), read fresh so an edit to the headmatter applies without a restart. */
function deckPassword(root: string): string | false {
  const entry = deckEntry(root)
  if (!existsSync(entry)) return false
  const readFile = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : undefined)
  return parseDeck(readFileSync(entry, 'utf8'), { filepath: entry, root, readFile }).config.remote
}

export default function deckSyncPlugin(): Plugin {
  let root = process.cwd()
  return {
    name: 'deck-sync',
    configResolved(config) {
      root = config.root
    },
    configureServer(server) {
      const relay = createRelay({
        authorize: (given) => sameSecret(given, deckPassword(root)),
        required: () => deckPassword(root) !== false,
        log: (line) => server.config.logger.warn(line, { timestamp: true }),
      })
      const connections = new Map<WebSocketClient, ReturnType<typeof relay.connect>>()
      server.ws.on(SOCKET_EVENTS.sync, (data: unknown, client: WebSocketClient) => {
        let connection = connections.get(client)
        if (!connection) {
          connection = relay.connect({
            label: 'dev',
            send: (_text, message) => client.send(SOCKET_EVENTS.sync, message),
            close: () => {
              connections.delete(client)
              client.socket.close()
            },
          })
          connections.set(client, connection)
        }
        connection.receive(data)
      })
      server.ws.on('vite:client:disconnect', (_data: unknown, client: WebSocketClient) => {
        connections.get(client)?.disconnect()
        connections.delete(client)
      })
    },
  }
}
