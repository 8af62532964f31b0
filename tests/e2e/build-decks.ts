// Builds the browser tests' decks (the table in tests/e2e/decks.ts) without running a test: the global setup does the
// same before every run (the second of its two lanes runs this file), each build skipped when it is newer than its
// sources.
// Usage: tsx tests/e2e/build-decks.ts [--quiet] [a deck's name or part of its path …]
import { DECKS, buildDeck, deckOut, type DeckName } from './decks'

const args = process.argv.slice(2)
const quiet = args.includes('--quiet')
const only = args.filter((arg) => arg !== '--quiet')
for (const name of Object.keys(DECKS) as DeckName[]) {
  const { entry } = DECKS[name]
  // A deck's name picks that deck alone ("fixture" is also part of most paths); anything else, the decks whose path holds it.
  if (only.length && !only.some((o) => (o in DECKS ? o === name : entry.includes(o)))) continue
  const at = Date.now()
  await buildDeck(entry, deckOut(name), { quiet })
  const took = Date.now() - at
  if (took > 2000) console.log(`built ${entry} → ${deckOut(name)} (${(took / 1000).toFixed(1)} s)`)
}
