// Builds a deck for the browser tests once, and again only when the engine or the deck changed since.
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
