// Keeps the built deck the export prints up to date: builds it when missing, stale, or built from another deck.
import { execFileSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

/** What a build reads besides the deck file itself. */
const SOURCES = ['shared', 'src', 'plugin', 'themes', 'public', 'index.html', 'vite.config.ts', 'package.json']

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

/** The deck's own files: the entry, Markdown beside it (imported slides), and its setup/ folder. */
function deckSourceTime(entry: string) {
  const dir = dirname(entry)
  let time = Math.max(newestTime(entry), newestTime(join(dir, 'setup')))
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
  const sources = Math.max(deckSourceTime(entry), ...SOURCES.map((p) => newestTime(join(root, p))))
  return sources > built ? 'sources changed since the last build' : null
}

/** History routing on any static host: a 404.html copy of the app and a Netlify-style rewrite. */
export function addStaticHostFiles(dist: string) {
  // The build writes 404.html as the app without a prerendered page in it (plugin/prerender.ts); index.html is slide 1.
  if (!existsSync(join(dist, '404.html'))) copyFileSync(join(dist, 'index.html'), join(dist, '404.html'))
  writeFileSync(join(dist, '_redirects'), '/* /404.html 200\n')
}

/** Builds `entry` into `dist` when `buildReason` finds it missing or stale, saying why on `say`; the ms it took (0: none). */
export function buildIfStale(root: string, entry: string, dist: string, say: (line: string) => void): number {
  const reason = buildReason(root, entry, dist)
  if (!reason) return 0
  const started = Date.now()
  say(`Building ${relative(root, entry) || entry} (${reason})…`)
  buildDeck(root, entry, dist)
  return Date.now() - started
}

/** Runs `vite build` for `entry` into `dist`, then adds the static-host files and the stamp. */
export function buildDeck(root: string, entry: string, dist: string) {
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js')
  execFileSync(process.execPath, [vite, 'build', '--outDir', resolve(dist), '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, SLIDES_ENTRY: resolve(entry) },
  })
  addStaticHostFiles(dist)
  writeBuildStamp(root, dist, entry)
}
