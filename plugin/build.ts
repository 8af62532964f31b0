// Builds a deck: Vite's whole app build over deck() (the browser build, the Node build and the prerendered pages),
// the static-host files, and a record of which deck the folder holds; and "build if stale" for the export and the
// tests, with one list of what a build reads. Vite and the deck's plugins load only when a build runs: an export of
// a build that is up to date never needs them (importing them took 1.8 s and 290 MB, a third of a first export).
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import type { LogLevel } from 'vite'
import { ENGINE_DIR, resolveDeckOptions, type DeckOptions } from './options.ts'

/** The engine's files a build reads (under its folder). */
const ENGINE_SOURCES = ['shared', 'src', 'plugin', 'themes', 'index.html', 'package.json']
/** The deck's folders a build reads (beside the deck file). */
const DECK_FOLDERS = ['setup', 'components', 'public', 'themes', 'snippets']

/** Newest modification time (ms) of a file or of the files under a folder (dot folders and node_modules skipped). */
export function newestTime(path: string) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let time = 0
  for (const name of readdirSync(path)) {
    if (name === 'node_modules' || name.startsWith('.')) continue
    time = Math.max(time, newestTime(join(path, name)))
  }
  return time
}

/** The deck's own files: the entry, Markdown beside it (imported slides), and its folders. */
function deckSourceTime(entry: string) {
  const dir = dirname(entry)
  let time = Math.max(newestTime(entry), ...DECK_FOLDERS.map((name) => newestTime(join(dir, name))))
  for (const name of readdirSync(dir)) if (name.endsWith('.md') && name !== 'README.md') time = Math.max(time, newestTime(join(dir, name)))
  return time
}

/** Remembers which deck each output folder was built from (kept outside the folder, which gets deployed). */
function stampFile(root: string) {
  return join(root, 'node_modules', '.cache', 'deck-export', 'builds.json')
}

function readStamps(root: string) {
  try {
    return JSON.parse(readFileSync(stampFile(root), 'utf8'))
  } catch {
    return {}
  }
}

/** Records that `dist` now holds a build of `entry`. */
export function writeBuildStamp(root: string, dist: string, entry: string) {
  const stamps = readStamps(root)
  stamps[resolve(dist)] = { entry: resolve(entry), at: Date.now() }
  mkdirSync(dirname(stampFile(root)), { recursive: true })
  writeFileSync(stampFile(root), JSON.stringify(stamps, null, 2))
}

/**
 * Why `dist` must be (re)built for `entry`, or null when it is up to date. A folder with no record of its
 * deck is trusted only for the default deck (slides.md), so another deck never prints from a stale build.
 */
export function buildReason(root: string, entry: string, dist: string) {
  const marker = join(dist, 'index.html')
  if (!existsSync(marker) || !existsSync(join(dist, 'deck-manifest.json'))) return `${dist} has no built deck`
  const stamp = readStamps(root)[resolve(dist)]
  if (stamp && stamp.entry !== resolve(entry)) return `${dist} holds a build of ${stamp.entry}`
  if (!stamp && resolve(entry) !== resolve(root, 'slides.md')) return `${dist} has no record of which deck it holds`
  const built = statSync(marker).mtimeMs
  const sources = Math.max(deckSourceTime(entry), ...ENGINE_SOURCES.map((p) => newestTime(join(root, p))))
  return sources > built ? 'sources changed since the last build' : null
}

/** History routing on any static host: a 404.html copy of the app and a Netlify-style rewrite. */
export function addStaticHostFiles(dist: string) {
  // The build writes 404.html as the app without a prerendered page in it (plugin/prerender.ts); index.html is slide 1.
  if (!existsSync(join(dist, '404.html'))) copyFileSync(join(dist, 'index.html'), join(dist, '404.html'))
  writeFileSync(join(dist, '_redirects'), '/* /404.html 200\n')
}

/** Builds `entry` into `dist` when `buildReason` finds it missing or stale, saying why on `say`; the ms it took (0: none). */
export async function buildIfStale(entry: string, dist: string, say: (line: string) => void, options: Omit<BuildOptions, 'entry' | 'outDir'> = {}): Promise<number> {
  const reason = buildReason(ENGINE_DIR, entry, dist)
  if (!reason) return 0
  const started = Date.now()
  say(`Building ${relative(process.cwd(), entry) || entry} (${reason})…`)
  await buildDeck({ ...options, entry, outDir: dist })
  return Date.now() - started
}

export interface BuildOptions extends DeckOptions {
  /** What Vite prints (default: warnings and errors). */
  logLevel?: LogLevel
}

/** A failed build: one message naming file, slide and line for each of the deck's problems (no bundler stack). */
export class BuildError extends Error {
  constructor(messages: string[], cause: unknown) {
    super(`Build failed:\n${messages.join('\n')}`, { cause })
    this.name = 'BuildError'
  }
}

/** Builds the deck into its folder (default dist/ beside it), then adds the static-host files and the stamp. */
export async function buildDeck(options: BuildOptions = {}): Promise<{ outDir: string; entry: string }> {
  const resolved = resolveDeckOptions(options)
  // Vite's build sets NODE_ENV=production for the process; a caller that goes on (the tests' setup, which then starts
  // dev servers, or the export) keeps the environment it had.
  const nodeEnv = process.env.NODE_ENV
  try {
    const [{ createBuilder }, { default: react }, { default: deck }] = await Promise.all([import('vite'), import('@vitejs/plugin-react'), import('./index.ts')])
    const builder = await createBuilder({ configFile: false, logLevel: options.logLevel ?? 'warn', plugins: [react(), deck(options)], build: { outDir: resolved.outDir, emptyOutDir: true } })
    await builder.buildApp()
  } catch (error) {
    const e = error as Error & { errors?: Error[] }
    throw new BuildError(e.errors?.length ? e.errors.map((inner) => inner.message) : [e.message], error)
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = nodeEnv
  }
  // The one-file build is inlined by the export: it has no pages for a host to route to.
  if (!resolved.singleFile) addStaticHostFiles(resolved.outDir)
  writeBuildStamp(ENGINE_DIR, resolved.outDir, resolved.entry)
  return { outDir: resolved.outDir, entry: resolved.entry }
}
