// Builds the browser tests' decks (the table in tests/e2e/decks.ts) without running a test: the global setup does the
// same before every run, each build skipped when it is newer than its sources.
// Usage: tsx tests/e2e/build-decks.ts [part of a deck's path …]
import { DECKS, buildDeck, deckOut, type DeckName } from './decks'

const only = process.argv.slice(2)
for (const name of Object.keys(DECKS) as DeckName[]) {
  const { entry } = DECKS[name]
  if (!only.length || only.some((o) => entry.includes(o))) await buildDeck(entry, deckOut(name))
}
