// Playwright's global setup: builds every deck of the table in tests/e2e/decks.ts (each skipped when its build is newer
// than its sources) and serves each with the one static host (server/static.ts) on its own port; the function it
// returns closes them after the last test. The specs only read: no spec builds a deck or starts a static host.
import { spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { DECKS, buildDecks, deckDist, basePort, root, type DeckName } from './decks'
import { serveStatic, type StaticHost } from '../../server/static'

/**
 * The decks shared out between two lanes of about the same length (longest first, each to the shorter lane). A build
 * keeps two cores busy only part of its time (its page rendering, font cutting and compression run on one), so two at
 * once, each in its own process, finish the set sooner (the fourteen first builds in 43–45 s against 47–49 s in CI).
 */
function lanes(names: DeckName[]): [DeckName[], DeckName[]] {
  const shared: [DeckName[], DeckName[]] = [[], []]
  const length = [0, 0]
  for (const name of [...names].sort((a, b) => DECKS[b].seconds - DECKS[a].seconds)) {
    const lane = length[0]! <= length[1]! ? 0 : 1
    shared[lane].push(name)
    length[lane]! += DECKS[name].seconds
  }
  return shared
}

/** Builds the decks in a second Node process (tests/e2e/build-decks.ts), its output passed on; fails with its own. */
function buildApart(names: DeckName[]): Promise<void> {
  if (!names.length) return Promise.resolve()
  const script = resolve(root, 'tests/e2e/build-decks.ts')
  const child = spawn(process.execPath, [resolve(root, 'node_modules/tsx/dist/cli.mjs'), script, '--quiet', ...names], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
  let errors = ''
  child.stdout.on('data', (chunk: Buffer) => process.stdout.write(chunk))
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()))
  return new Promise((done, fail) => {
    child.on('error', (error) => fail(new Error(`Could not start the second lane of deck builds: ${error.message}`, { cause: error })))
    child.on('close', (code) => (code === 0 ? done() : fail(new Error(`Building ${names.join(', ')} failed (exit ${code}):\n${errors.trim()}`))))
  })
}

export default async function globalSetup() {
  const started = Date.now()
  // E2E_DECKS=parity,rich builds and serves only those (a run of one spec file need not build every deck).
  const only = (process.env.E2E_DECKS ?? '').split(',').map((name) => name.trim()).filter(Boolean)
  const names = (Object.keys(DECKS) as DeckName[]).filter((name) => !only.length || only.includes(name))
  const [here, apart] = lanes(names)
  // Both lanes run to their end before a failure is reported: a half-written build is never left behind a process.
  const built = await Promise.allSettled([buildDecks(here, { quiet: true }), buildApart(apart)])
  for (const lane of built) if (lane.status === 'rejected') throw lane.reason
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
