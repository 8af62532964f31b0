// The sync socket: each WebSocket at /__deck/sync becomes one connection of the relay (shared/sync-relay.ts), which
// checks and fans out every message; a follower too slow to keep up is dropped rather than let memory grow.
import type { IncomingMessage, Server } from 'node:http'
import WebSocket, { WebSocketServer } from 'ws'
import type { Outgoing, Relay } from '../shared/sync-relay.ts'
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

/** ws's own state for a sender with nothing queued (no compression under way): a whole frame may go straight out. */
const SENDER_IDLE = 0

/** What ws keeps private and a broadcast writes to directly: the socket and the sender's queue state. */
interface WsInternals {
  _socket?: { write: (chunk: Buffer) => boolean } | null
  _sender?: { _state?: number } | null
}

/** The text as one finished WebSocket frame (RFC 6455 §5.2: FIN + text opcode, unmasked as a server's are), header and payload in one buffer: built once per broadcast. */
export function textFrame(text: string): Buffer {
  const payload = Buffer.from(text, 'utf8')
  const length = payload.length
  const headerLength = length < 126 ? 2 : length < 65536 ? 4 : 10
  const frame = Buffer.allocUnsafe(headerLength + length)
  frame[0] = 0x81
  if (length < 126) frame[1] = length
  else if (length < 65536) {
    frame[1] = 126
    frame.writeUInt16BE(length, 2)
  } else {
    frame[1] = 127
    frame.writeBigUInt64BE(BigInt(length), 2)
  }
  payload.copy(frame, headerLength)
  return frame
}

/**
 * Sends a broadcast to one socket: the frame encoded once for every client is written as is when ws has nothing of its
 * own queued (per-message compression is off), else ws frames it (ws.send) as for any message.
 */
export function sendShared(ws: WebSocket, text: string, shared?: Outgoing): void {
  const internals = ws as unknown as WsInternals
  if (shared && internals._socket && internals._sender?._state === SENDER_IDLE) {
    const frame = (shared.encoded ??= textFrame(text)) as Buffer
    internals._socket.write(frame)
    return
  }
  ws.send(text)
}

/** Takes the server's upgrades to SYNC_PATH; returns what closes every socket. */
export function attachSyncSocket(server: Server, { relay, deviceOf, log }: SocketOptions): { close: () => void } {
  // The relay's own limit applies first (drop with a reason, keep the connection); ws closes only far beyond it.
  // No per-message compression: a broadcast is framed once for everyone (sendShared), and slide changes are tiny.
  const wss = new WebSocketServer({ noServer: true, maxPayload: LIMITS.maxMessageBytes * 4, perMessageDeflate: false })
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
      send: (text, _message, shared) => {
        if (ws.readyState !== ws.OPEN) return
        if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
          log(`[sync] disconnected client #${connection.no} (${label}): too slow to keep up`)
          ws.terminate()
          return
        }
        sendShared(ws, text, shared)
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
