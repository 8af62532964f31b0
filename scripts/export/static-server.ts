// Serves a built deck (dist/) on loopback for the export: files as they are, any route falls back to index.html.
import { createServer } from 'node:http'
import { readFileSync, statSync } from 'node:fs'
import { extname, join, normalize, resolve, sep } from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
}

/** The file under `root` a URL path names, or null when it is outside `root` or not a file. */
export function fileFor(root: string, urlPath: string): string | null {
  let path
  try {
    path = decodeURIComponent(urlPath.replace(/[?#].*$/s, ''))
  } catch {
    return null
  }
  if (path.includes('\0')) return null
  const file = normalize(join(root, path))
  if (file !== root && !file.startsWith(root.endsWith(sep) ? root : root + sep)) return null
  try {
    return statSync(file).isFile() ? file : null
  } catch {
    return null
  }
}

/**
 * Starts the server on 127.0.0.1 at a free port. Paths with a file extension that do not exist are 404
 * (a missing image fails fast); every other path is a route of the deck and gets index.html.
 */
export function serveStatic(dir: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const root = resolve(dir)
  const index = join(root, 'index.html')
  // The export asks for each of a hundred-odd small files once or twice: keep them in memory after the first read.
  const cache = new Map<string, Buffer>()
  const read = (file: string) => {
    let body = cache.get(file)
    if (!body) cache.set(file, (body = readFileSync(file)))
    return body
  }
  const server = createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end()
      return
    }
    const urlPath = req.url || '/'
    let file = fileFor(root, urlPath)
    if (!file) {
      const hasExtension = extname(urlPath.replace(/[?#].*$/s, '')) !== ''
      if (hasExtension) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found')
        return
      }
      file = index
    }
    const type = TYPES[extname(file).toLowerCase()] || 'application/octet-stream'
    let body
    try {
      body = read(file)
    } catch {
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('unreadable')
      return
    }
    res.writeHead(200, { 'content-type': type, 'content-length': body.length, 'cache-control': 'no-store' })
    res.end(req.method === 'HEAD' ? undefined : body)
  })
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      resolvePromise({
        origin: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections?.()
            server.close(() => done())
          }),
      })
    })
  })
}
