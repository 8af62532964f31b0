// What a deck build or dev server is asked for, resolved once: the deck file, the folders beside it, the engine's own
// folder, and the build's mode. The command line (cli/) and vite.config.ts make these; nothing else reads argv or env.
import { existsSync } from 'node:fs'
import { dirname, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { isInside } from './folders.ts'

export interface DeckOptions {
  /** The deck's Markdown file (default: `SLIDES_ENTRY`, else slides.md in the current folder). */
  entry?: string
  /**
   * The one-file build the HTML export inlines: hash routes (no server answers /N), no chunks, every asset inlined,
   * relative paths, drawings never kept.
   */
  singleFile?: boolean
  /** Routes as `/N` (default; a static host serves the prerendered pages) or `#/N` (no server needed). */
  routerMode?: 'history' | 'hash'
  /** The build's folder (default dist/ beside the deck). */
  outDir?: string
  /** Where Vite keeps its pre-bundled dependencies (default node_modules/.vite; `DECK_VITE_CACHE` for side-by-side dev servers). */
  viteCacheDir?: string
}

export interface ResolvedDeckOptions {
  /** The deck file, absolute. */
  entry: string
  /** The deck's folder: components/, public/, setup/, snippets/, themes/ are looked for here. */
  deckDir: string
  /** The engine's own folder (this package): index.html, src/, themes/. Vite's root. */
  engineDir: string
  singleFile: boolean
  routerMode: 'history' | 'hash' | undefined
  outDir: string
  viteCacheDir: string | undefined
}

/** The engine's folder: the one above plugin/. */
export const ENGINE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..')

export function resolveDeckOptions(options: DeckOptions = {}, cwd = process.cwd()): ResolvedDeckOptions {
  const entry = resolve(cwd, options.entry || process.env.SLIDES_ENTRY || 'slides.md')
  const deckDir = dirname(entry)
  return {
    entry,
    deckDir,
    engineDir: ENGINE_DIR,
    singleFile: Boolean(options.singleFile),
    routerMode: options.singleFile ? 'hash' : options.routerMode,
    outDir: resolve(deckDir, options.outDir ?? 'dist'),
    viteCacheDir: options.viteCacheDir ?? process.env.DECK_VITE_CACHE,
  }
}

/** A folder of the deck's (public/, themes/…) when it has one, else the engine's. */
export function deckOrEngineDir(options: Pick<ResolvedDeckOptions, 'deckDir' | 'engineDir'>, name: string): string {
  const own = resolve(options.deckDir, name)
  return existsSync(own) ? own : resolve(options.engineDir, name)
}

/**
 * The engine's folders the dev server never serves: its own tooling (the command, the static server, benches, tests,
 * docs) and the work folders its tests and benches leave (.bench, .e2e…: tens of thousands of files). Vite watches its
 * root, the engine's folder; walking and watching those held a first start up by 2–3 s on the development machine.
 */
const UNSERVED_FOLDERS = new Set(['bench', 'bin', 'cli', 'docs', 'scripts', 'server', 'tests', 'dist', 'playwright-report'])

/**
 * What the dev server's watcher leaves alone inside the engine's folder: what is hidden there (`.bench/`, `.e2e/`…)
 * and the folders above. Never the deck's own files: the deck file itself, and a deck kept in one of those folders (a
 * test's fixture deck) with everything beside it, are watched as usual.
 */
export function unwatchedByDev(options: Pick<ResolvedDeckOptions, 'entry' | 'deckDir' | 'engineDir'>): (path: string) => boolean {
  const deckApart = options.deckDir !== options.engineDir
  return (path) => {
    if (!isInside(options.engineDir, path) || path === options.entry || (deckApart && isInside(options.deckDir, path))) return false
    const [first = ''] = relative(options.engineDir, path).split(sep)
    return first.startsWith('.') || UNSERVED_FOLDERS.has(first)
  }
}
