// What the dev server's own endpoints (the editor's, the drawings') share: answers only for this machine's pages, a
// request body read up to a limit, a slide number from the path, and an error that carries its HTTP status.
import type { IncomingMessage } from 'node:http'

const LOOPBACK_ADDRESS = /^(?:127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/
const LOOPBACK_HOST = /^(?:localhost|[\w-]+\.localhost|127\.\d+\.\d+\.\d+|\[::1\])(?::\d+)?$/i

export type Next = (error?: unknown) => void

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly detail?: Record<string, unknown>,
  ) {
    super(message)
  }
}

/** Only this machine, through a loopback name, from this server's own pages (no cross-site requests). */
export function isLocalRequest(req: IncomingMessage): boolean {
  if (!LOOPBACK_ADDRESS.test(req.socket?.remoteAddress ?? '')) return false
  const host = req.headers.host ?? ''
  // The Host header guards against DNS rebinding (a foreign name resolving to 127.0.0.1).
  if (!LOOPBACK_HOST.test(host)) return false
  if (req.headers['sec-fetch-site'] === 'cross-site') return false
  const origin = req.headers.origin
  if (origin && origin !== 'null') {
    try {
      if (new URL(origin).host.toLowerCase() !== host.toLowerCase()) return false
    } catch {
      return false
    }
  } else if (origin === 'null') return false
  return true
}

/** The body, up to `max` bytes; more is a 413 (the rest is drained, not kept). */
export function readBody(req: IncomingMessage, max: number, what: string): Promise<Buffer> {
  const tooLarge = () => new HttpError(413, `${what} is too large: at most ${max} bytes may be sent at once.`)
  return new Promise((done, fail) => {
    if (Number(req.headers['content-length']) > max) {
      req.resume()
      fail(tooLarge())
      return
    }
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= max) chunks.push(chunk)
      // A client that keeps sending far past the limit is cut off.
      else if (size > max * 16) req.destroy()
    })
    req.on('end', () => (size > max ? fail(tooLarge()) : done(Buffer.concat(chunks))))
    req.on('error', fail)
    req.on('close', () => {
      if (!req.complete) fail(tooLarge())
    })
  })
}

export function parseSlideNo(raw: string): number {
  let text = raw
  try {
    text = decodeURIComponent(raw)
  } catch {
    // Left as sent; the check below refuses it.
  }
  if (!/^[1-9]\d{0,5}$/.test(text)) throw new HttpError(400, `Not a slide number: ${JSON.stringify(text.slice(0, 40))}.`)
  return Number(text)
}
