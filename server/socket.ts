// The sync socket: each WebSocket at /__deck/sync becomes one connection of the relay (shared/sync-relay.ts), which
// checks and fans out every message; a follower too slow to keep up is dropped rather than let memory grow.
import type { IncomingMessage, Server } from 'node:http'
import { WebSocketServer } from 'ws'
import type { Relay } from '../shared/sync-relay.ts'
import { LIMITS } from '../shared/sync-protocol.ts'

export const SYNC_PATH = '/__deck/sync'
/** A client whose socket buffers more than this is too slow to follow and is dropped rather than grow memory. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024

export interface SocketOptions {
  relay: Relay
  /** The paired phone a connection comes from (its cookie), or null. */
  deviceOf: (request: IncomingMessage) => { id: string } | null
  log: (line: string) => void
}

/** Takes the server's upgrades to SYNC_PATH; returns what closes every socket. */
export function attachSyncSocket(server: Server, { relay, deviceOf, log }: SocketOptions): { close: () => void } {
  // The relay's own limit applies first (drop with a reason, keep the connection); ws closes only far beyond it.
  const wss = new WebSocketServer({ noServer: true, maxPayload: LIMITS.maxMessageBytes * 4 })
  server.on('upgrade', (request, socket, head) => {
    const pathname = new URL(request.url ?? '/', 'http://deck').pathname
    if (pathname !== SYNC_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\n\r\n')
      return
    }
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request))
  })
  wss.on('connection', (ws, request) => {
    const label = request.socket.remoteAddress ?? 'unknown'
    const connection = relay.connect({
      label,
      device: deviceOf(request)?.id ?? null,
      send: (text) => {
        if (ws.readyState !== ws.OPEN) return
        if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
          log(`[sync] disconnected client #${connection.no} (${label}): too slow to keep up`)
          ws.terminate()
          return
        }
        ws.send(text)
      },
      close: (code, reason) => ws.close(code, reason),
    })
    ws.on('message', (data, isBinary) => connection.receive(isBinary ? data : data.toString('utf8')))
    ws.on('close', () => connection.disconnect())
    ws.on('error', (error) => log(`[sync] client #${connection.no} (${label}): ${error.message}`))
  })
  return {
    close() {
      for (const ws of wss.clients) ws.terminate()
      wss.close()
    },
  }
}
