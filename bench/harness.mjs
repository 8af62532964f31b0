// What every bench shares: a loopback server for a built deck, a build of any deck, and Chromium's launch settings.
import { spawn } from 'node:child_process'
import { createServer } from 'node:http'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { extname, join, normalize, resolve } from 'node:path'

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.woff2': 'font/woff2', '.woff': 'font/woff', '.pdf': 'application/pdf', '.ttf': 'font/ttf' }

/** Starts a server on a free loopback port; resolves with its URL and a close function. */
export function startStaticServer(dist) {
  const root = resolve(dist)
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname))
    let file = join(root, path)
    if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory()) file = join(root, 'index.html')
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
    response.end(readFileSync(file))
  })
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done({ url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => server.close(r)) })))
}

export const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
export const launchArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage']
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

/** Builds `entry` (a deck file) into `outDir` with the project's Vite config; rejects with Vite's output. */
export function buildDeck(root, entry, outDir) {
  return new Promise((done, fail) => {
    const child = spawn('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
      cwd: root,
      env: { ...process.env, SLIDES_ENTRY: entry, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
    })
    let err = ''
    child.stderr.on('data', (d) => (err += d))
    child.on('close', (code) => (code === 0 ? done() : fail(new Error(`Building ${entry} failed:\n${err}`))))
  })
}
