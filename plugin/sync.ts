// Presenter sync in the dev server: `npm run dev` relays the shared state over Vite's own HMR socket (same rules as
// `npm run serve`). The build's own file for the server (the password's hash) is written by plugin/deck/server-files.ts.
import type { Plugin, WebSocketClient } from 'vite'
import type { DeckState } from './deck/state.ts'
import { createRelay } from '../shared/sync-relay.ts'
import { sameSecret } from '../shared/sync-protocol.ts'
import { SOCKET_EVENTS } from '../shared/events.ts'


export default function deckSyncPlugin(state: DeckState): Plugin {
  // The deck's presenter password (`remote:`) as the deck is now: an edit to the headmatter applies without a restart.
  const password = () => state.deck?.config.remote ?? false
  return {
    name: 'deck-sync',
    configureServer(server) {
      const relay = createRelay({
        authorize: (given) => sameSecret(given, password()),
        required: () => password() !== false,
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
