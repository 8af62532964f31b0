// Every deck the browser tests use, in one table, and how one is built (once, and again only when the engine or the
// deck changed since). Playwright's global setup (tests/e2e/global-setup.ts) builds them all and serves each on its
// own port with the one static host (server/static.ts); no spec builds a deck.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/** The newest modification time under a path (folders walked, node_modules and dot-entries skipped). */
function newest(path: string) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let time = 0
  for (const entry of readdirSync(path)) if (entry !== 'node_modules' && !entry.startsWith('.')) time = Math.max(time, newest(join(path, entry)))
  return time
}

/**
 * Builds `entry` (a deck file, relative to the repository) into `outDir` with `vite build`, unless a build there is
 * newer than the engine, the public files, the deck and its `setup/` and `components/` folders (and the real deck's
 * components, which fixture decks re-export).
 * Returns the absolute output folder.
 */
export function buildDeck(entry: string, outDir: string, options: { quiet?: boolean; env?: Record<string, string> } = {}): string {
  const deck = resolve(root, entry)
  if (!existsSync(deck)) throw new Error(`Deck for the browser tests not found: ${entry}`)
  const out = resolve(root, outDir)
  const marker = join(out, 'index.html')
  const inputs = ['shared', 'src', 'plugin', 'themes', 'public', 'components', 'index.html', 'vite.config.ts'].map((p) => resolve(root, p))
  const sources = Math.max(...[...inputs, deck, join(dirname(deck), 'setup'), join(dirname(deck), 'components')].map(newest))
  if (existsSync(marker) && statSync(marker).mtimeMs > sources) return out
  if (!options.quiet) console.log(`building ${entry} → ${outDir}`)
  execFileSync('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir', '--logLevel', options.quiet ? 'error' : 'warn'], {
    cwd: root,
    stdio: options.quiet ? 'pipe' : 'inherit',
    env: { ...process.env, SLIDES_ENTRY: entry, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true', ...options.env },
  })
  return out
}

const dir = process.env.E2E_DIR || '.e2e'
/** The first of the ports the browser tests use (E2E_PORT lets several people run them at once on one machine). */
export const basePort = Number(process.env.E2E_PORT || 4180)

/**
 * The decks, each with its static host's port (an offset from E2E_PORT). Offset 10 is left out: 4180 + 10 = 4190 is
 * a port the Fetch standard blocks ("bad port"), so neither fetch nor Chromium would reach it.
 */
export const DECKS = {
  /** tests/fixtures/basic.md: the default baseURL. */
  fixture: { entry: 'tests/fixtures/basic.md', port: 0 },
  /** The real deck (slides.md or SLIDES_ENTRY, 107 slides). */
  deck: { entry: process.env.SLIDES_ENTRY || 'slides.md', port: 1 },
  /** Diagrams, code, images, embeds. */
  rich: { entry: 'tests/fixtures/rich.md', port: 2 },
  /** The Slidev dialect. */
  slidev: { entry: 'tests/fixtures/slidev.md', port: 3 },
  /** The presenter's console: 107 slides, `duration: 10min`, `remote: secret`, widgets, setup/shortcuts.ts. */
  console: { entry: 'tests/fixtures/console/slides.md', port: 4 },
  /** `remote: secret`. */
  password: { entry: 'tests/fixtures/password.md', port: 5 },
  /** `record: true`. */
  recording: { entry: 'tests/fixtures/recording.md', port: 6 },
  drawingBasic: { entry: 'tests/fixtures/drawing-basic.md', port: 7 },
  drawingPresenter: { entry: 'tests/fixtures/drawing-presenter.md', port: 8 },
  drawingPersist: { entry: 'tests/fixtures/drawing-persist.md', port: 9 },
  /** colorSchema: dark, English UI, info with hostile HTML. */
  forcedDark: { entry: 'tests/fixtures/forced-dark.md', port: 11 },
  /** 23 slides, setup/shortcuts.ts. */
  viewer: { entry: 'tests/fixtures/viewer/slides.md', port: 12 },
} as const satisfies Record<string, { entry: string; port: number }>

export type DeckName = keyof typeof DECKS

/** Where a deck is built (relative to the repository). */
export const deckOut = (name: DeckName) => `${dir}/${name}-dist`
/** A deck's built folder, absolute. */
export const deckDist = (name: DeckName) => resolve(root, deckOut(name))
/** The address of a deck's static host (no trailing slash). */
export const deckHost = (name: DeckName) => `http://127.0.0.1:${basePort + DECKS[name].port}`

/**
 * Ports of the servers the specs start themselves: the dev server (what the HMR, editor, drawing and dev-relay tests
 * test) and `npm run serve` (the relay, the password and pairing), as offsets from E2E_PORT. One table, so that two
 * specs running at once never take the same one.
 */
export const SPEC_PORTS = {
  hmrDev: 20,
  editorDev: 30,
  editorServe: 31,
  presenterServe: 40,
  presenterDev: 41,
  drawingDev: 50,
  consoleServe: 60,
} as const

export const specPort = (name: keyof typeof SPEC_PORTS) => basePort + SPEC_PORTS[name]
