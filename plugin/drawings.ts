// Dev-only endpoint that keeps drawings as SVG files beside the deck (`.deck-drawings/<deck>/N.svg`) when `drawings.persist`
// is on: loopback only, one folder only, atomic writes. Never part of a build.
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { basename, dirname, extname, join, resolve, sep } from 'node:path'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Plugin } from 'vite'
import type { DeckState } from './deck/state.ts'
import { writeAtomically } from './write-whole.ts'
import { defaultConfig } from '../shared/config.ts'
import { HttpError, isLocalRequest, parseSlideNo, readBody, type Next } from './dev-requests.ts'

export const DRAWINGS_DIR = '.deck-drawings'
const ROUTE = /^(?:\/[^?#]*)?\/@deck\/drawings(?:\/([^/?#]*))?\/?(?:[?#].*)?$/
const MAX_BYTES = 1_000_000
const SVG_OPEN = /^<svg\b[^>]*>/
const SVG_CLOSE = /<\/svg>\s*$/

export interface DrawingsEndpointOptions {
  /** The deck file; drawings go to `.deck-drawings/` in its folder. */
  deckFile: () => string
  canvas: () => { width: number; height: number }
}


/** `N.svg` ↔ slide N; anything else in the folder is not ours and is left alone. */
export function slideOfFile(name: string): number | null {
  const match = /^([1-9]\d{0,4})\.svg$/.exec(name)
  return match ? Number(match[1]) : null
}





/** `.deck-drawings/<deck name>/` beside the deck (decks sharing a folder keep apart); links are refused. */
function folderOf(deckFile: string, create: boolean): string | null {
  const top = resolve(dirname(deckFile), DRAWINGS_DIR)
  const folder = join(top, basename(deckFile, extname(deckFile)).replace(/[^\w.-]/g, '_'))
  for (const path of [top, folder]) {
    if (existsSync(path) || isLink(path)) {
      if (!lstatSync(path).isDirectory()) throw new HttpError(500, `${path} is not a plain folder (a file or a link); drawings are not saved there.`)
      continue
    }
    if (!create) return null
    mkdirSync(path)
  }
  return folder
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink()
  } catch {
    return false
  }
}

function fileOf(folder: string, no: number): string {
  const file = join(folder, `${no}.svg`)
  if (!resolve(file).startsWith(folder + sep)) throw new HttpError(400, 'Outside the drawings folder.')
  return file
}

/** A file viewable on its own: the drawing wrapped in an <svg> with the slide's viewBox. */
export function toSvgFile(markup: string, canvas: { width: number; height: number }): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${canvas.width} ${canvas.height}">${markup}</svg>\n`
}

export function fromSvgFile(text: string): string {
  const trimmed = text.trim()
  if (!SVG_OPEN.test(trimmed) || !SVG_CLOSE.test(trimmed)) return ''
  return trimmed.replace(SVG_OPEN, '').replace(SVG_CLOSE, '')
}

function send(res: ServerResponse, status: number, body: string, type = 'text/plain; charset=utf-8') {
  res.statusCode = status
  res.setHeader('content-type', type)
  res.setHeader('cache-control', 'no-store')
  res.end(body)
}

/** The middleware: GET all, PUT one (empty body = delete), DELETE all. */
export function createDrawingsMiddleware(options: DrawingsEndpointOptions) {
  return (req: IncomingMessage, res: ServerResponse, next: Next) => {
    const match = ROUTE.exec(req.url ?? '')
    if (!match) return next()
    handle(req, res, match[1], options).catch((error: unknown) => {
      if (error instanceof HttpError) send(res, error.status, error.message)
      else send(res, 500, `Could not access the drawings: ${error instanceof Error ? error.message : String(error)}`)
    })
  }
}

async function handle(req: IncomingMessage, res: ServerResponse, slide: string | undefined, options: DrawingsEndpointOptions) {
  if (!isLocalRequest(req)) throw new HttpError(403, 'The drawings endpoint answers only this machine.')
  // A custom header cannot be sent cross-site without a preflight this server never grants.
  if (req.headers['x-deck-drawings'] !== '1') throw new HttpError(403, 'Missing the x-deck-drawings header.')
  const method = req.method ?? 'GET'
  const deckFile = options.deckFile()

  if (slide === undefined || slide === '') {
    if (method === 'GET') {
      const folder = folderOf(deckFile, false)
      const drawings: Record<number, string> = {}
      if (folder)
        for (const name of readdirSync(folder)) {
          const no = slideOfFile(name)
          if (no === null) continue
          const markup = fromSvgFile(readFileSync(join(folder, name), 'utf8'))
          if (markup) drawings[no] = markup
        }
      return send(res, 200, JSON.stringify(drawings), 'application/json; charset=utf-8')
    }
    if (method === 'DELETE') {
      const folder = folderOf(deckFile, false)
      if (folder) for (const name of readdirSync(folder)) if (slideOfFile(name) !== null) rmSync(join(folder, name), { force: true })
      return send(res, 204, '')
    }
    throw new HttpError(405, `${method} is not allowed here: GET or DELETE.`)
  }

  const no = parseSlideNo(slide)
  if (method !== 'PUT') throw new HttpError(405, `${method} is not allowed here: PUT.`)
  const markup = (await readBody(req, MAX_BYTES, 'A drawing')).toString('utf8')
  if (/<\/?svg\b/i.test(markup)) throw new HttpError(400, 'Send the drawing without its <svg> wrapper.')
  if (!markup.trim()) {
    const folder = folderOf(deckFile, false)
    if (folder) rmSync(fileOf(folder, no), { force: true })
    return send(res, 204, '')
  }
  const folder = folderOf(deckFile, true)!
  await writeAtomically(fileOf(folder, no), toSvgFile(markup, options.canvas()), { durable: true })
  return send(res, 204, '')
}

/** The Vite plugin: registers the endpoint on the dev server only; the canvas size is the deck's as it is now. */
export default function drawingsPlugin(state: DeckState): Plugin {
  const canvas = () => {
    const config = state.deck?.config ?? defaultConfig
    return { width: config.canvasWidth, height: config.canvasHeight }
  }
  return {
    name: 'deck:drawings',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use(createDrawingsMiddleware({ deckFile: () => state.entry, canvas }))
    },
  }
}
