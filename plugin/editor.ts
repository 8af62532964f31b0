// Makes authoring in the browser possible in dev: read a slide, write it back without losing anything (revision check,
// atomic write, one write per file at a time), and open the author's editor at a slide. Registered by configureServer
// only, so it exists under `npm run dev` and never in a build or `npm run serve`.
import { createHash } from 'node:crypto'
import { spawn } from 'node:child_process'
import { existsSync, promises as fs, readFileSync } from 'node:fs'
import { basename, isAbsolute, relative, resolve, sep } from 'node:path'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Deck, DeckError } from '../shared/parser/parse.ts'
import { lineEndingOf, readSlideText, spliceSlide, SpliceRefusal } from '../shared/parser/write-back.ts'
import type { SlideSource, SlideWrite } from '../shared/slide-source.ts'
import { writeAtomically } from './write-whole.ts'
import { HttpError, isLocalRequest, parseSlideNo, readBody, type Next } from './dev-requests.ts'

export { HttpError, isLocalRequest } from './dev-requests.ts'

const SLIDE_ROUTE = /^(?:\/[^?#]*)?\/__deck\/slide\/([^/?#]*)\/?(?:\?.*)?$/
const OPEN_ROUTE = /^(?:\/[^?#]*)?\/__open-in-editor\/?(?:\?(.*))?$/
export const MAX_BODY_BYTES = 1_000_000
export interface EditorEndpointOptions {
  root: string
  /** The deck file and its `src:` imports: the only files these endpoints read, write or open. The deck comes first. */
  getAllowedFiles: () => string[]
  /** The deck file itself; defaults to the first allowed file. */
  entry?: () => string
  /** The deck as its files on disk hold it now (the deck state's parsedNow). */
  deckOnDisk: () => { deck: Deck | null; errors: DeckError[] }
  /** Opens the author's editor at a file's line; resolves with the editor's name (tests pass a fake). */
  launch?: (file: string, line: number, column: number) => Promise<string>
  maxBodyBytes?: number
}

/** Content hash of a file's bytes: what a write must name to prove it saw the file as it is. */
export function revisionOf(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 20)
}

/** Runs tasks one after another per key (a file): two writes to one file never interleave. */
export function createFileQueue() {
  const tails = new Map<string, Promise<void>>()
  return function enqueue<T>(key: string, task: () => Promise<T>): Promise<T> {
    const result = (tails.get(key) ?? Promise.resolve()).then(task)
    const tail = result.then(
      () => {},
      () => {},
    )
    tails.set(key, tail)
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key)
    })
    return result
  }
}


/**
 * The absolute path of a deck file named relative to the project, or a 403: absolute paths, NUL bytes, backslashes
 * and anything that is not the deck or one of its `src:` imports (so `../`, encoded or not, never reaches the disk).
 */
export function resolveDeckPath(root: string, allowed: string[], requested: unknown): string {
  if (typeof requested !== 'string' || requested === '') throw new HttpError(400, 'Name the deck file (relative to the project), e.g. slides.md.')
  const shown = JSON.stringify(requested.slice(0, 120))
  if (requested.includes('\0') || requested.includes('\\')) throw new HttpError(403, `Refused ${shown}: the path holds a NUL byte or a backslash.`)
  if (isAbsolute(requested) || /^[a-zA-Z]:/.test(requested))
    throw new HttpError(403, `Refused ${shown}: absolute paths are not accepted; name the deck file relative to the project.`)
  const base = resolve(root)
  const full = resolve(base, requested)
  if (allowed.some((file) => resolve(file) === full)) return full
  if (full !== base && !full.startsWith(base + sep)) throw new HttpError(403, `Refused ${shown}: it leads outside the project.`)
  throw new HttpError(403, `Refused ${shown}: only the deck file and its src: imports can be read, written or opened here.`)
}

/** The path as the slide list names it: relative to the project, `/`-separated. */
const shownPath = (root: string, file: string) => relative(root, file).split(sep).join('/')

function send(res: ServerResponse, status: number, body: unknown) {
  res.statusCode = status
  res.setHeader('content-type', 'application/json; charset=utf-8')
  res.setHeader('cache-control', 'no-store')
  res.end(JSON.stringify(body))
}

function sendError(res: ServerResponse, error: unknown) {
  if (error instanceof HttpError) return send(res, error.status, { error: error.message, ...error.detail })
  if (error instanceof SpliceRefusal) return send(res, 422, { error: error.message, reason: error.reason })
  send(res, 500, { error: `The dev server could not do that: ${error instanceof Error ? error.message : String(error)}` })
}


function parseWrite(body: Buffer): SlideWrite {
  let value: unknown
  try {
    value = JSON.parse(body.toString('utf8'))
  } catch {
    throw new HttpError(400, 'The body is not JSON: send {"file", "start", "revision", "frontmatter", "content", "note"}.')
  }
  const write = value as Record<string, unknown> | null
  if (!write || typeof write !== 'object') throw new HttpError(400, 'The body must be a JSON object.')
  for (const key of ['file', 'revision', 'frontmatter', 'content', 'note'])
    if (typeof write[key] !== 'string') throw new HttpError(400, `"${key}" must be a string.`)
  if (!Number.isInteger(write.start) || (write.start as number) < 0) throw new HttpError(400, '"start" must be the 0-based line the slide starts at.')
  return write as unknown as SlideWrite
}

interface Located {
  no: number
  total: number
  file: string
  start: number
  end: number
  contentStart: number
  isEntry: boolean
}

/** 0-based line of the slide's first non-blank content line (where an editor should put the cursor). */
function firstTextLine(bytes: Buffer, at: Located): number {
  const lines = bytes.toString('utf8').split('\n')
  for (let i = at.contentStart; i < at.end && i < lines.length; i++) if (lines[i]?.trim()) return i
  return Math.min(at.contentStart, Math.max(at.start, at.end - 1))
}

const readIfThere = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : undefined)

/** The editor endpoints as one connect middleware. */
export function createEditorMiddleware(options: EditorEndpointOptions) {
  const root = resolve(options.root)
  const maxBody = options.maxBodyBytes ?? MAX_BODY_BYTES
  const entryFile = () => resolve(options.entry?.() ?? options.getAllowedFiles()[0] ?? resolve(root, 'slides.md'))
  const launch = options.launch ?? launchEditor
  const enqueue = createFileQueue()

  /** Where slide `no` lives now, from the files on disk (never a cached parse: the disk is what a write changes). */
  const locate = (no: number): Located => {
    const entry = entryFile()
    if (!existsSync(entry)) throw new HttpError(404, `The deck file ${shownPath(root, entry)} does not exist.`)
    const { deck, errors } = options.deckOnDisk()
    if (!deck) throw new HttpError(409, `The deck cannot be read: ${errors[0]?.message ?? 'unknown error'}`)
    const slide = deck.slides[no - 1]
    if (!slide) throw new HttpError(404, `There is no slide ${no}: the deck has ${deck.slides.length} slides.`)
    const file = resolve(slide.filepath ?? entry)
    return { no, total: deck.slides.length, file, start: slide.start, end: slide.end, contentStart: slide.contentStart, isEntry: file === entry }
  }

  const sourceOf = (at: Located, bytes: Buffer): SlideSource => ({
    no: at.no,
    total: at.total,
    file: shownPath(root, at.file),
    start: at.start,
    line: firstTextLine(bytes, at) + 1,
    revision: revisionOf(bytes),
    eol: lineEndingOf(bytes) === '\r\n' ? 'crlf' : 'lf',
    ...readSlideText(bytes, at),
  })

  const allowedOrRefuse = (file: string) => {
    if (!options.getAllowedFiles().some((allowed) => resolve(allowed) === file))
      throw new HttpError(403, `Refused ${shownPath(root, file)}: it is not among the deck's files known to the dev server.`)
  }

  const readSlide = async (no: number): Promise<SlideSource> => {
    const at = locate(no)
    allowedOrRefuse(at.file)
    return sourceOf(at, await fs.readFile(at.file))
  }

  const writeSlide = async (no: number, write: SlideWrite): Promise<{ saved: boolean; slide: SlideSource }> => {
    const file = resolveDeckPath(root, options.getAllowedFiles(), write.file)
    return enqueue(file, async () => {
      const at = locate(no)
      allowedOrRefuse(at.file)
      const bytes = await fs.readFile(at.file)
      const current = sourceOf(at, bytes)
      if (at.file !== file || at.start !== write.start)
        throw new HttpError(409, `Slide ${no} is no longer the slide you were editing: it now starts at ${current.file}:${at.start + 1}. Your text is kept in the editor.`, {
          conflict: 'moved',
          current,
        })
      if (current.revision !== write.revision)
        throw new HttpError(409, `${current.file} changed on disk since this slide was loaded (another editor, or git). Nothing was written; your text is kept in the editor.`, {
          conflict: 'changed',
          current,
        })
      const result = spliceSlide(bytes, at, write, { filepath: at.file, root, readFile: readIfThere, entry: at.isEntry })
      if (!result.changed) return { saved: false, slide: current }
      await writeAtomically(at.file, result.bytes, { durable: true })
      return { saved: true, slide: sourceOf(locate(no), result.bytes) }
    })
  }

  const openInEditor = async (query: string): Promise<string> => {
    const param = new URLSearchParams(query).get('file')
    if (!param) throw new HttpError(400, 'Name the file to open: /__open-in-editor?file=slides.md:12')
    const match = /^(.*?)(?::(\d+))?(?::(\d+))?$/.exec(param)!
    const file = resolveDeckPath(root, options.getAllowedFiles(), match[1])
    const line = Math.max(1, Number(match[2] ?? 1))
    const column = Math.max(1, Number(match[3] ?? 1))
    const editor = await launch(file, line, column)
    return `Opened ${shownPath(root, file)}:${line} in ${editor}.`
  }

  return (req: IncomingMessage, res: ServerResponse, next: Next) => {
    const url = req.url ?? ''
    const slide = SLIDE_ROUTE.exec(url)
    const open = slide ? null : OPEN_ROUTE.exec(url)
    if (!slide && !open) return next()
    const handle = async () => {
      if (!isLocalRequest(req)) throw new HttpError(403, 'The editor endpoints answer only pages of this dev server on this machine (loopback).')
      const method = req.method ?? 'GET'
      if (open) {
        if (method !== 'GET') throw new HttpError(405, `${method} is not allowed here: GET.`)
        return send(res, 200, { message: await openInEditor(open[1] ?? '') })
      }
      const no = parseSlideNo(slide?.[1] ?? '')
      if (method === 'GET') return send(res, 200, await readSlide(no))
      if (method !== 'POST') throw new HttpError(405, `${method} is not allowed here: GET or POST.`)
      // A JSON content type cannot be sent cross-site without a preflight this server never grants.
      if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) throw new HttpError(415, 'Send the slide as JSON (content-type: application/json).')
      const write = parseWrite(await readBody(req, maxBody, 'The slide text'))
      send(res, 200, await writeSlide(no, write))
    }
    handle().catch((error: unknown) => sendError(res, error))
  }
}

// Editors that need a terminal: started from the dev server they would have none.
const TERMINAL_EDITORS = new Set(['vi', 'vim', 'nvim', 'nano', 'pico', 'emacs', 'micro', 'hx', 'helix', 'kak', 'joe', 'ne', 'ed', 'mg'])

/**
 * The command that opens `file` at `line`: LAUNCH_EDITOR (Vite's variable), else VISUAL, else EDITOR, else `code`.
 * `{file}`, `{line}` and `{column}` in the variable place the arguments for editors not known here.
 */
export function editorCommand(env: Record<string, string | undefined>, file: string, line: number, column: number): { command: string; args: string[]; name: string } {
  const spec = (env.LAUNCH_EDITOR || env.VISUAL || env.EDITOR || 'code').trim()
  const [command = 'code', ...given] = spec.split(/\s+/)
  const name = basename(command).toLowerCase().replace(/\.(exe|cmd|bat)$/, '')
  if (given.some((word) => /\{(?:file|line|column)\}/.test(word))) {
    const args = given.map((word) => word.replace(/\{file\}/g, file).replace(/\{line\}/g, String(line)).replace(/\{column\}/g, String(column)))
    return { command, args, name }
  }
  if (TERMINAL_EDITORS.has(name))
    throw new HttpError(501, `"${spec}" runs in a terminal, which the dev server does not have. Set LAUNCH_EDITOR to a windowed editor, e.g. LAUNCH_EDITOR=code.`)
  if (/^(?:code|code-insiders|codium|vscodium|cursor|windsurf)$/.test(name)) return { command, args: [...given, '-g', `${file}:${line}:${column}`], name }
  if (/^(?:subl|sublime_text|zed|atom)$/.test(name)) return { command, args: [...given, `${file}:${line}:${column}`], name }
  if (/^(?:idea|webstorm|phpstorm|pycharm|goland|rider|clion|rubymine|studio)(?:64)?$/.test(name)) return { command, args: [...given, '--line', String(line), file], name }
  if (/^(?:gedit|pluma|xed|mousepad|gnome-text-editor)$/.test(name)) return { command, args: [...given, `+${line}`, file], name }
  // An editor not known here gets the file alone (it might take "file:12" for a new file's name).
  return { command, args: [...given, file], name }
}

/** Starts the author's editor, detached; fails with a clear message when there is none. */
export function launchEditor(file: string, line: number, column: number): Promise<string> {
  const { command, args, name } = editorCommand(process.env, file, line, column)
  return new Promise((done, fail) => {
    const child = spawn(command, args, { detached: true, stdio: 'ignore', windowsHide: true })
    child.once('error', (error) =>
      fail(new HttpError(500, `Could not start the editor "${command}" (${error.message}). Set LAUNCH_EDITOR to your editor's command, e.g. LAUNCH_EDITOR=code.`)),
    )
    child.once('spawn', () => {
      child.unref()
      done(name)
    })
  })
}
