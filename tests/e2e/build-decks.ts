// Builds the browser tests' decks (the table in tests/e2e/decks.ts) without running a test: the global setup does the
// same before every run (the second of its two lanes runs this file), each build skipped when it is newer than its
// sources.
// Usage: tsx tests/e2e/build-decks.ts [--quiet] [a deck's name or part of its path …]
import { DECKS, buildDecks, type DeckName } from './decks'

const args = process.argv.slice(2)
const only = args.filter((arg) => arg !== '--quiet')
// A deck's name picks that deck alone ("fixture" is also part of most paths); anything else, the decks whose path holds it.
const picked = (Object.keys(DECKS) as DeckName[]).filter((name) => !only.length || only.some((o) => (Object.hasOwn(DECKS, o) ? o === name : DECKS[name].entry.includes(o))))
await buildDecks(picked, { quiet: args.includes('--quiet') })
