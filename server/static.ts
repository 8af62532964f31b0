// Serves a built deck's files (sirv): the build's precompressed .br/.gz when the browser accepts them, hashed assets
// cached for a year, pages revalidated, /N answered with its prerendered page and any other route with the app (404.html).
// One static host for `npm run serve`, the export, the benches, check-slides and the browser tests.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { existsSync } from 'node:fs'
import { extname, join, resolve } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import sirv from 'sirv'

/** Files named by content hash: they never change under their name. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable'
/** Pages and other unhashed files: kept, but asked again before each use. */
export const REVALIDATE_CACHE = 'no-cache'

/** Headers every answer of a deck's server carries. */
export const BASE_HEADERS = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' } as const

export type Handler = (request: IncomingMessage, response: ServerResponse, next?: () => void) => void

/** sirv names text types without a charset; the deck's scripts and styles hold Chinese text. */
const WITH_CHARSET: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
}

/**
 * The files of a built deck as a request handler: calls `next` (or answers 404) when no file matches.
 * With `pages`, a route without a file extension gets its prerendered page (`/5` → 5/index.html) or, failing that,
 * 404.html (the app alone), as static hosts do; without it, only files answer.
 */
export function deckFiles(dir: string, { pages = true }: { pages?: boolean } = {}): Handler {
  const root = resolve(dir)
  const shell = existsSync(join(root, '404.html')) ? '404.html' : 'index.html'
  const files = sirv(root, {
    // The build wrote each compressible file's .br and .gz beside it (plugin/compress.ts).
    brotli: true,
    gzip: true,
    etag: true,
    dotfiles: false,
    single: pages ? shell : false,
    // `/5` → 5/index.html (and 404.html as the fallback) need the extension; without pages, a route matches nothing.
    extensions: pages ? ['html'] : [],
    setHeaders(response, pathname) {
      response.setHeader('cache-control', pathname.startsWith('/assets/') ? IMMUTABLE_CACHE : REVALIDATE_CACHE)
      for (const [name, value] of Object.entries(BASE_HEADERS)) response.setHeader(name, value)
      const type = WITH_CHARSET[extname(pathname).toLowerCase()]
      if (type) response.setHeader('content-type', type)
    },
  })
  return (request, response, next) => files(request, response, next ?? (() => notFound(response)))
}
/** An answer the server makes itself (a page with the relay announced): compressed once per encoding, on first ask. */
export function generatedBody(text: string): (acceptEncoding: string | undefined) => { body: Buffer; encoding: 'br' | 'gzip' | null } {
  const raw = Buffer.from(text, 'utf8')
  let br: Buffer | undefined
  let gz: Buffer | undefined
  return (accept = '') => {
    if (/\bbr\b/.test(accept)) return { body: (br ??= brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })), encoding: 'br' }
    if (/\bgzip\b/.test(accept)) return { body: (gz ??= gzipSync(raw, { level: 9 })), encoding: 'gzip' }
    return { body: raw, encoding: null }
  }
}

/** Sends a generated body with its encoding (HEAD: the headers alone). */
export function sendGenerated(request: IncomingMessage, response: ServerResponse, status: number, page: ReturnType<typeof generatedBody>, headers: Record<string, string>) {
  const { body, encoding } = page(request.headers['accept-encoding'])
  response.writeHead(status, { ...BASE_HEADERS, ...headers, vary: 'Accept-Encoding', 'content-length': String(body.length), ...(encoding ? { 'content-encoding': encoding } : {}) })
  response.end(request.method === 'HEAD' ? undefined : body)
}

/** A plain 404 (a missing asset must never be answered with the app: a script answered with HTML only hides the error). */
export function notFound(response: ServerResponse) {
  response.writeHead(404, { ...BASE_HEADERS, 'content-type': 'text/plain; charset=utf-8', 'cache-control': REVALIDATE_CACHE })
  response.end('Not found')
}

/** Answers only GET and HEAD; true when the request was refused. */
export function refuseMethod(request: IncomingMessage, response: ServerResponse): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return false
  response.writeHead(405, { ...BASE_HEADERS, allow: 'GET, HEAD' })
  response.end()
  return true
}

export interface StaticHost {
  /** `http://127.0.0.1:PORT` (no trailing slash). */
  url: string
  port: number
  close: () => Promise<void>
}

/** Listens with `handle` on `host:port` (port 0: a free one); close() ends open connections too. */
export function listen(handle: Handler, { port = 0, host = '127.0.0.1' }: { port?: number; host?: string } = {}): Promise<StaticHost & { server: ReturnType<typeof createServer> }> {
  const server = createServer((request, response) => handle(request, response))
  return new Promise((done, fail) => {
    server.once('error', fail)
    server.listen(port, host, () => {
      server.off('error', fail)
      const address = server.address() as AddressInfo
      const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address
      done({
        url: `http://${shown}:${address.port}`,
        port: address.port,
        server,
        close: () =>
          new Promise<void>((closed) => {
            server.close(() => closed())
            server.closeAllConnections?.()
          }),
      })
    })
  })
}

/**
 * A static host for a built deck, as any web host would serve it (no relay, no password): files compressed and cached
 * as above, prerendered pages, 404.html for other routes. For the export, the benches, check-slides and the tests.
 */
export async function serveStatic(dir: string, options: { port?: number; host?: string } = {}): Promise<StaticHost> {
  const root = resolve(dir)
  if (!existsSync(join(root, 'index.html'))) throw new Error(`No built deck in ${root}: run npm run build first.`)
  const files = deckFiles(root)
  const { url, port, close } = await listen((request, response) => {
    if (!refuseMethod(request, response)) files(request, response)
  }, options)
  return { url, port, close }
}
