// Every deck the browser tests use, in one table, and how one is built (once, and again only when the engine or the
// deck changed since). Playwright's global setup (tests/e2e/global-setup.ts) builds them all and serves each on its
// own port with the one static host (server/static.ts); no spec builds a deck.
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildIfStale } from '../../plugin/build'

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/**
 * Builds `entry` (a deck file, relative to the repository) into `outDir` with the engine's own build function
 * (plugin/build.ts: what `reslide build` runs), unless the build there is newer than the engine and the deck's files.
 * Returns the absolute output folder.
 */
export async function buildDeck(entry: string, outDir: string, options: { quiet?: boolean } = {}): Promise<string> {
  const out = resolve(root, outDir)
  await buildIfStale(resolve(root, entry), out, (line) => !options.quiet && console.log(line), { logLevel: options.quiet ? 'error' : 'warn' })
  return out
}

/** Builds the named decks one after another, printing each build that took a while (a skipped one takes none). */
export async function buildDecks(names: DeckName[], options: { quiet?: boolean } = {}): Promise<void> {
  for (const name of names) {
    const at = Date.now()
    await buildDeck(DECKS[name].entry, deckOut(name), options)
    const took = Date.now() - at
    if (took > 2000) console.log(`built ${DECKS[name].entry} → ${deckOut(name)} (${(took / 1000).toFixed(1)} s)`)
  }
}

const dir = process.env.E2E_DIR || '.e2e'
/** The first of the ports the browser tests use (E2E_PORT lets several people run them at once on one machine). */
export const basePort = Number(process.env.E2E_PORT || 4180)

/**
 * The decks, each with its static host's port (an offset from E2E_PORT) and about how long its first build takes on
 * two busy cores (seconds: the global setup shares the builds out between its two lanes by it). Offset 10 is left
 * out: 4180 + 10 = 4190 is a port the Fetch standard blocks ("bad port"), so neither fetch nor Chromium would reach it.
 */
export const DECKS = {
  /** tests/fixtures/basic.md: the default baseURL. */
  fixture: { entry: 'tests/fixtures/basic.md', port: 0, seconds: 3 },
  /** The real deck (slides.md or SLIDES_ENTRY, 107 slides). */
  deck: { entry: process.env.SLIDES_ENTRY || 'slides.md', port: 1, seconds: 7.5 },
  /** Diagrams, code, images, embeds. */
  rich: { entry: 'tests/fixtures/rich.md', port: 2, seconds: 3.8 },
  /** The Slidev dialect. */
  slidev: { entry: 'tests/fixtures/slidev.md', port: 3, seconds: 2.5 },
  /** The presenter's console: 107 slides, `duration: 10min`, `remote: secret`, widgets, setup/shortcuts.ts. */
  console: { entry: 'tests/fixtures/console/slides.md', port: 4, seconds: 3.2 },
  /** `remote: secret`. */
  password: { entry: 'tests/fixtures/password.md', port: 5, seconds: 1.5 },
  /** `record: true`. */
  recording: { entry: 'tests/fixtures/recording.md', port: 6, seconds: 1.5 },
  drawingBasic: { entry: 'tests/fixtures/drawing-basic.md', port: 7, seconds: 1.5 },
  drawingPresenter: { entry: 'tests/fixtures/drawing-presenter.md', port: 8, seconds: 1.5 },
  drawingPersist: { entry: 'tests/fixtures/drawing-persist.md', port: 9, seconds: 1.5 },
  /** colorSchema: dark, English UI, info with hostile HTML. */
  forcedDark: { entry: 'tests/fixtures/forced-dark.md', port: 11, seconds: 1.5 },
  /** 23 slides, setup/shortcuts.ts. */
  viewer: { entry: 'tests/fixtures/viewer/slides.md', port: 12, seconds: 2.6 },
  /** Slidev's dialect, second part: named slots, expressions, built-ins, marks, snippets. */
  parity: { entry: 'tests/fixtures/parity.md', port: 13, seconds: 10.8 },
  /** Slidev's v-drag: places in frontmatter dragPos and written inline. */
  drag: { entry: 'tests/fixtures/drag.md', port: 14, seconds: 1.5 },
} as const satisfies Record<string, { entry: string; port: number; seconds: number }>

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
  dragDev: 55,
  consoleServe: 60,
  checkSlides: 70,
  parityServe: 75,
  packageDev: 90,
  packageServe: 91,
} as const

export const specPort = (name: keyof typeof SPEC_PORTS) => basePort + SPEC_PORTS[name]
