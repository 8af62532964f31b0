// Builds the fixture deck and the real deck for the browser tests (skipped when a build is newer than its sources).
import { execFileSync } from 'node:child_process'
import { existsSync, statSync, readdirSync } from 'node:fs'
import { resolve, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

function newest(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let time = 0
  for (const entry of readdirSync(path)) if (entry !== 'node_modules' && !entry.startsWith('.')) time = Math.max(time, newest(resolve(path, entry)))
  return time
}

function build(entry, outDir) {
  if (!existsSync(resolve(root, entry))) throw new Error(`Deck for the browser tests not found: ${entry}`)
  const marker = resolve(root, outDir, 'index.html')
  const sources = Math.max(...['src', 'plugin', 'themes', 'public', 'index.html', 'vite.config.ts', entry].map((p) => newest(resolve(root, p))))
  if (existsSync(marker) && statSync(marker).mtimeMs > sources) return
  console.log(`building ${entry} → ${outDir}`)
  execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, SLIDES_ENTRY: entry, DECK_EXPORTING: '1' },
  })
}

const dir = process.env.E2E_DIR || '.e2e'
const decks = [
  ['tests/fixtures/basic.md', `${dir}/fixture-dist`],
  ['tests/fixtures/rich.md', `${dir}/rich-dist`],
  [process.env.SLIDES_ENTRY || 'slides.md', `${dir}/deck-dist`],
]
const only = process.argv.slice(2)
for (const [entry, outDir] of decks) if (!only.length || only.some((o) => entry.includes(o))) build(entry, outDir)
