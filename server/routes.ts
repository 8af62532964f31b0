// What the server answers over HTTP: a slide's prerendered page (with the relay announced), the build's files, the
// presenter pages behind the password or a paired phone's cookie, pairing links, and the notes of a deck with a password.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { existsSync, readFileSync } from 'node:fs'
import { extname, join, resolve, sep } from 'node:path'
import { DEVICE_COOKIE, DEVICE_MAX_AGE_S, deviceLabel, readCookie, type Pairing } from './pairing.ts'
import { isPresenterPath, refusedPath } from '../shared/sync-protocol.ts'
import { NOTES_PATH, SERVER_FILES, serverFilesDir } from '../shared/server-files.ts'
import { BASE_HEADERS, deckFiles, generatedBody, notFound, refuseMethod, sendGenerated } from './static.ts'
import { announceGranted, announceRelay, pairRefusedPage, promptPage } from './pages.ts'

export interface RouteOptions {
  /** The build's folder, absolute. */
  root: string
  /** The presenter password's check, or null when anyone may present. */
  authorize: ((given: string | undefined) => boolean) | null
  pairing: Pairing
  log: (line: string) => void
}

/** The request handler, and how a request's paired phone is found (the socket asks too). */
export function createRoutes({ root, authorize, pairing, log }: RouteOptions) {
  const indexFile = join(root, 'index.html')
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

  /** Answers one request; an error inside is logged and answered 500. */
  async function answer(request: IncomingMessage, response: ServerResponse) {
    try {
      await handle(request, response)
    } catch (error) {
      log(`[serve] ${request.method} ${request.url}: ${error instanceof Error ? error.message : String(error)}`)
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
      response.end('Internal error')
    }
  }

  return { answer, deviceOf }
}
