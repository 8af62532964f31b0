// Builds the fixture deck and the real deck for the browser tests (skipped when a build is newer than its sources).
// Usage: tsx tests/e2e/build-decks.ts [part of a deck's path …]
import { buildDeck } from './decks'

const dir = process.env.E2E_DIR || '.e2e'
const decks: [entry: string, outDir: string][] = [
  ['tests/fixtures/basic.md', `${dir}/fixture-dist`],
  ['tests/fixtures/rich.md', `${dir}/rich-dist`],
  ['tests/fixtures/slidev.md', `${dir}/slidev-dist`],
  ['tests/fixtures/parity.md', `${dir}/parity-dist`],
  [process.env.SLIDES_ENTRY || 'slides.md', `${dir}/deck-dist`],
]
const only = process.argv.slice(2)
for (const [entry, outDir] of decks) if (!only.length || only.some((o) => entry.includes(o))) buildDeck(entry, outDir)
