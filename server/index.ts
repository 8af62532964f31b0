// `npm run serve`: serves the built deck (dist/) with history routing, lets phones and projectors follow the presenter
// over a WebSocket relay, and enforces the presenter password on the presenter pages, on the notes of a deck with a
// password (/__deck/notes, from the server-only folder beside the build) and on every change to the state.
// Usage: tsx server/index.ts [--port 3030] [--host 127.0.0.1] [--password P] [--dir dist]
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createHash, timingSafeEqual } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { networkInterfaces } from 'node:os'
import { extname, join, resolve, sep } from 'node:path'
import { pathToFileURL } from 'node:url'
import { WebSocketServer } from 'ws'
import { createRelay, type Relay } from '../shared/sync-relay'
import { DEVICE_COOKIE, DEVICE_MAX_AGE_S, createPairing, deviceLabel, readCookie, type Pairing } from './pairing'
import { LIMITS, isPresenterPath, refusedPath } from '../shared/sync-protocol'
import { NOTES_PATH, SERVER_FILES, serverFilesDir } from '../shared/server-files'
import { BASE_HEADERS, deckFiles, generatedBody, notFound, refuseMethod, sendGenerated } from './static'

export const SYNC_PATH = '/__deck/sync'
/** A client whose socket buffers more than this is too slow to follow and is dropped rather than grow memory. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024

const USAGE = `Usage: npm run serve -- [--port 3030] [--host 127.0.0.1] [--password P] [--dir dist]
  --port      port to listen on (default 3030)
  --host      address to bind (default 127.0.0.1: this machine only; 0.0.0.0 lets phones on the network connect)
  --password  presenter password (default: the deck's "remote:" setting, if any)
  --dir       the built deck to serve (default dist/)`

/** Parses the command line; throws with a clear message on anything it does not understand. */
export function parseArgs(argv: string[]) {
  const options: ServeArgs = { port: 3030, host: '127.0.0.1', password: null, dir: 'dist', help: false }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? ''
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined]
    const value = () => {
      const v = inline ?? argv[++i]
      if (v === undefined || (inline === undefined && v.startsWith('--'))) throw new Error(`${flag} needs a value.\n${USAGE}`)
      return v
    }
    if (flag === '--help' || flag === '-h') options.help = true
    else if (flag === '--port') {
      const v = value()
      if (!/^\d+$/.test(v) || Number(v) > 65535) throw new Error(`--port must be a whole number from 0 to 65535, got "${v}".`)
      options.port = Number(v)
    } else if (flag === '--host') options.host = value()
    else if (flag === '--password') {
      const v = value()
      if (!v || v.length > LIMITS.maxPasswordLength) throw new Error(`--password must be 1 to ${LIMITS.maxPasswordLength} characters.`)
      options.password = v
    } else if (flag === '--dir') options.dir = value()
    else throw new Error(`Unknown option "${arg}".\n${USAGE}`)
  }
  return options
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest()

/**
 * The password check: `--password` wins, else the hash the build wrote for the deck's `remote:` (in the server-only
 * folder beside the build, shared/server-files.ts); null when neither exists (then anyone may present: fine on
 * 127.0.0.1, said loudly otherwise).
 */
export function passwordCheck(serverDir: string, password: string | null): { authorize: ((given: string | undefined) => boolean) | null; source: string | null } {
  let expected: Buffer | null = password ? sha256(password) : null
  let source: string | null = password ? '--password' : null
  if (!expected) {
    const file = join(serverDir, SERVER_FILES.sync)
    if (existsSync(file)) {
      try {
        const hex = JSON.parse(readFileSync(file, 'utf8')).passwordSha256
        if (typeof hex === 'string' && /^[0-9a-f]{64}$/.test(hex)) {
          expected = Buffer.from(hex, 'hex')
          source = 'the deck (remote:)'
        }
      } catch {
        throw new Error(`${file} is not valid JSON: rebuild the deck with npm run build.`)
      }
    }
  }
  if (!expected) return { authorize: null, source: null }
  const digest = expected
  return { authorize: (given: string | undefined) => typeof given === 'string' && given !== '' && timingSafeEqual(sha256(given), digest), source }
}

/** The built index.html with the relay announced, so the app knows a relay is here (static hosts have none). */
function announceRelay(html: string) {
  return html.replace('</head>', `<meta name="deck-sync" content="${SYNC_PATH}">\n</head>`)
}

/** A presenter page the server already let in (password or paired phone): the app's own prompt stands aside. */
function announceGranted(html: string) {
  return html.replace('</head>', `<meta name="deck-presenter-access" content="granted">\n</head>`)
}

const isLoopback = (host: string) => /^(127\.|localhost$|::1$|\[::1\]$)/.test(host)

/** The address phones on the network reach this server at: the LAN IPv4 when bound to every interface. */
export function lanAddress(host: string, port: number, interfaces: Record<string, { family: string; address: string; internal: boolean }[] | undefined> = networkInterfaces()): { origin: string; reachable: boolean } {
  let address = host
  if (host === '0.0.0.0' || host === '::' || host === '') {
    const lan = Object.values(interfaces).flat().find((i) => i && i.family === 'IPv4' && !i.internal)
    address = lan?.address ?? '127.0.0.1'
  }
  const shown = address.includes(':') && !address.startsWith('[') ? `[${address}]` : address
  return { origin: `http://${shown}:${port}`, reachable: !isLoopback(address) }
}

/** Why a pairing link did not work, for the phone's screen. */
const PAIR_REFUSALS: Record<'unknown' | 'used' | 'expired', string> = {
  unknown: '这个配对二维码无效。请让演讲者生成新的二维码。 · This pairing code is not valid: ask the presenter for a new one.',
  used: '这个配对二维码已经用过了（每个二维码只能用一次）。请让演讲者生成新的二维码。 · This pairing code has been used already (each works once): ask the presenter for a new one.',
  expired: '这个配对二维码已过期（10 分钟有效）。请让演讲者生成新的二维码。 · This pairing code has expired (codes last 10 minutes): ask the presenter for a new one.',
}

function pairRefusedPage(reason: keyof typeof PAIR_REFUSALS, pathname: string) {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>配对失败 · Pairing failed</title>
<style>body{font:18px/1.5 system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;background:#1b1d22;color:#eee}
main{max-width:min(90vw,28rem);padding:28px;border-radius:12px;background:#2a2d34}a{color:#9cf}</style></head>
<body><main><h1>配对失败 · Pairing failed</h1><p data-reason="${reason}">${escapeHtml(PAIR_REFUSALS[reason])}</p>
<p><a href="${escapeHtml(refusedPath(pathname))}">观众视图 · Audience view</a></p></main></body></html>`
}

function escapeHtml(text: string) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** The server's own password prompt for presenter pages (works without the app's JavaScript). */
function promptPage(pathname: string) {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>演讲者密码 · Presenter password</title>
<style>body{font:18px/1.5 system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;background:#1b1d22;color:#eee}
form{display:grid;gap:12px;padding:28px;border-radius:12px;background:#2a2d34;min-width:min(90vw,22rem)}
input,button{font:inherit;padding:10px 12px;border-radius:8px;border:1px solid #666}button{background:#3d6fd6;color:#fff;border:0;cursor:pointer}
:focus-visible{outline:3px solid #ffd166;outline-offset:2px}</style></head>
<body><form method="get" action="${escapeHtml(pathname)}"><label for="password">演讲者密码 · Presenter password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required autofocus>
<button type="submit">进入 · Enter</button><a href="${escapeHtml(refusedPath(pathname))}" style="color:#9cf">返回观众视图 · Back to the audience view</a></form></body></html>`
}

export interface ServeArgs {
  port: number
  host: string
  password: string | null
  dir: string
  help: boolean
}

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
  const indexFile = join(root, 'index.html')
  if (!existsSync(indexFile)) throw new Error(`No built deck in ${root}: run npm run build first (or pass --dir).`)
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
  // A prerendered slide is answered with its own page (N/index.html); every other route with the app alone (404.html).
  // Pages carry the relay's announcement, so the server makes them (compressed once) instead of sending the files.
  const shellFile = existsSync(join(root, '404.html')) ? join(root, '404.html') : indexFile
  const pages = new Map<string, ReturnType<typeof generatedBody>>()
  const pageOf = (pathname: string) => {
    const dir = resolve(root, '.' + pathname)
    const own = join(dir, 'index.html')
    const file = pathname === '/' || pathname === '/index.html' ? indexFile : dir.startsWith(root + sep) && existsSync(own) ? own : shellFile
    let page = pages.get(file)
    if (!page) pages.set(file, (page = generatedBody(announceRelay(readFileSync(file, 'utf8')))))
    return page
  }
  const grantedPage = generatedBody(announceGranted(announceRelay(readFileSync(shellFile, 'utf8'))))
  const files = deckFiles(root, { pages: false })
  // The notes of a deck with a presenter password: built beside dist/, handed out only past the check below.
  const notesFile = join(serverFilesDir(root), SERVER_FILES.notes)
  const notes = existsSync(notesFile) ? generatedBody(readFileSync(notesFile, 'utf8')) : null

  /** The paired phone a request comes from (its cookie), or null. */
  const deviceOf = (request: IncomingMessage) => pairing.deviceOf(readCookie(request.headers.cookie, DEVICE_COOKIE))

  /**
   * Who may see presenter pages (and so the notes): 'open' without a password, else 'granted' for the right password
   * or a paired phone, 'prompt' when nothing was given, 'denied' for a wrong password.
   */
  const presenterAccessOf = (request: IncomingMessage, url: URL) => {
    if (!authorize) return 'open'
    const given = url.searchParams.get('password')
    if (given !== null && given !== '') return authorize(given) ? 'granted' : 'denied'
    return deviceOf(request) ? 'granted' : 'prompt'
  }

  const server = createServer(async (request, response) => {
    try {
      await handle(request, response)
    } catch (error) {
      log(`[serve] ${request.method} ${request.url}: ${error instanceof Error ? error.message : String(error)}`)
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
      response.end('Internal error')
    }
  })

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const headers = BASE_HEADERS
    if (refuseMethod(request, response)) return
    let url
    let pathname
    try {
      url = new URL(request.url ?? '/', 'http://deck')
      pathname = decodeURIComponent(url.pathname)
    } catch {
      response.writeHead(400, headers)
      return response.end('Bad request')
    }
    // A path that climbs out of the build (`/..%2f..%2fetc`) names no page and no file.
    const target = resolve(root, '.' + pathname)
    if (pathname.includes('\0') || (target !== root && !target.startsWith(root + sep))) return notFound(response)
    if (pathname === NOTES_PATH) return answerNotes(request, response, url)
    // A file (it has an extension): as the build wrote it, compressed, or a 404, never the app.
    if (extname(pathname) && pathname !== '/index.html') return files(request, response)
    if (isPresenterPath(pathname) && url.searchParams.has('pair')) {
      // A phone scanned the presenter's QR code: the token is spent here and becomes this phone's cookie.
      const redeemed = pairing.redeem(url.searchParams.get('pair'), deviceLabel(request.headers['user-agent']))
      if (!redeemed.ok) {
        log(`[serve] pairing refused for ${request.socket.remoteAddress ?? 'unknown'}: ${redeemed.reason} code`)
        response.writeHead(403, { ...headers, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
        return response.end(request.method === 'HEAD' ? undefined : pairRefusedPage(redeemed.reason, pathname))
      }
      log(`[serve] paired ${redeemed.device.label} (${redeemed.device.id})`)
      const cookie = `${DEVICE_COOKIE}=${redeemed.secret}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${DEVICE_MAX_AGE_S}`
      response.writeHead(302, { ...headers, location: pathname, 'set-cookie': cookie, 'cache-control': 'no-store' })
      return response.end()
    }
    if (isPresenterPath(pathname)) {
      const access = presenterAccessOf(request, url)
      if (access === 'prompt') {
        response.writeHead(401, { ...headers, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
        return response.end(request.method === 'HEAD' ? undefined : promptPage(pathname))
      }
      if (access === 'denied') {
        log(`[serve] wrong presenter password for ${pathname}: sent to ${refusedPath(pathname)}`)
        response.writeHead(302, { ...headers, location: refusedPath(pathname), 'cache-control': 'no-store' })
        return response.end()
      }
      if (access === 'granted') return sendGenerated(request, response, 200, grantedPage, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
    }
    sendGenerated(request, response, 200, pageOf(pathname), { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' })
  }

  /** The speaker notes, for a presenter only (the password, or a paired phone's cookie); never cached. */
  function answerNotes(request: IncomingMessage, response: ServerResponse, url: URL) {
    const json = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }
    if (!notes) {
      response.writeHead(404, { ...BASE_HEADERS, ...json })
      return response.end(JSON.stringify({ error: 'This build keeps its notes in its scripts: no notes to hand out here.' }))
    }
    const access = presenterAccessOf(request, url)
    if (access === 'prompt' || access === 'denied') {
      if (access === 'denied') log(`[serve] wrong presenter password for the notes`)
      response.writeHead(401, { ...BASE_HEADERS, ...json })
      return response.end(JSON.stringify({ error: access === 'denied' ? 'Wrong presenter password.' : 'The notes need the presenter password.' }))
    }
    sendGenerated(request, response, 200, notes, json)
  }

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
        for (const ws of wss.clients) ws.terminate()
        wss.close()
        server.close(() => done())
        server.closeAllConnections?.()
      }),
  }
}

async function main() {
  let options
  try {
    options = parseArgs(process.argv.slice(2))
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error))
    process.exit(2)
  }
  if (options.help) {
    console.log(USAGE)
    return
  }
  const dir = resolve(process.cwd(), options.dir)
  try {
    const server = await startServer({ ...options, dir })
    const local = server.url.replace('127.0.0.1', 'localhost')
    console.log(`Serving ${dir} on ${local}`)
    console.log(`  audience:  ${local}/1`)
    console.log(`  presenter: ${local}/presenter/1${server.passwordSource ? '?password=…' : ''}`)
    if (server.passwordSource) console.log(`  presenter password from ${server.passwordSource}: only connections that give it may drive the deck`)
    else if (options.host !== '127.0.0.1' && options.host !== 'localhost' && options.host !== '::1')
      console.log(`  warning: no presenter password and the server is open to the network: anyone who can reach it can drive the deck (use --password)`)
    const stop = () => server.close().then(() => process.exit(0))
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    console.error(/EADDRINUSE/.test(message) ? `Port ${options.port} is in use: pick another with --port.` : message)
    process.exit(1)
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main()
