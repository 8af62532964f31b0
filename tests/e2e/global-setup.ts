// Playwright's global setup: builds every deck of the table in tests/e2e/decks.ts (each skipped when its build is newer
// than its sources) and serves each with the one static host (server/static.ts) on its own port; the function it
// returns closes them after the last test. The specs only read: no spec builds a deck or starts a static host.
import { DECKS, buildDeck, deckDist, deckOut, basePort, type DeckName } from './decks'
import { serveStatic, type StaticHost } from '../../server/static'

export default async function globalSetup() {
  const started = Date.now()
  // E2E_DECKS=parity,rich builds and serves only those (a run of one spec file need not build every deck).
  const only = (process.env.E2E_DECKS ?? '').split(',').map((name) => name.trim()).filter(Boolean)
  const names = (Object.keys(DECKS) as DeckName[]).filter((name) => !only.length || only.includes(name))
  // One after another: on two cores a build keeps both busy (Rolldown's threads, the prerender's browser, the
  // compression), and two at once took as long as one after the other.
  for (const name of names) {
    const at = Date.now()
    await buildDeck(DECKS[name].entry, deckOut(name), { quiet: true })
    const took = Date.now() - at
    if (took > 2000) console.log(`built ${DECKS[name].entry} → ${deckOut(name)} (${(took / 1000).toFixed(1)} s)`)
  }
  const hosts: StaticHost[] = []
  try {
    for (const name of names) hosts.push(await serveStatic(deckDist(name), { port: basePort + DECKS[name].port, host: '127.0.0.1' }))
  } catch (error) {
    await Promise.all(hosts.map((host) => host.close()))
    throw new Error(`Could not serve the test decks on ports from ${basePort} (another run on the same E2E_PORT?): ${(error as Error).message}`, { cause: error })
  }
  console.log(`global setup: ${names.length} decks built and served in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  return async () => {
    await Promise.all(hosts.map((host) => host.close()))
  }
}
