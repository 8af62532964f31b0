// Where the browser tests find each built deck (E2E_PORT shifts them so several runs can share a machine), and the
// static host for the decks a spec builds itself.
import { serveStatic } from '../../server/static'

const port = Number(process.env.E2E_PORT || 4180)

/** The small fixture deck (tests/fixtures/basic.md): the default baseURL. */
export const fixtureURL = `http://127.0.0.1:${port}`
/** The real deck (slides.md or SLIDES_ENTRY). */
export const deckURL = `http://127.0.0.1:${port + 1}`
/** The rich-content fixture deck (tests/fixtures/rich.md): diagrams, code, images, embeds. */
export const richURL = `http://127.0.0.1:${port + 2}`

/**
 * A plain static host for a deck built here (server/static.ts, as any web host would serve it: no relay, no
 * password check on the server). Port 0: a free one.
 */
export function startStaticHost(dir: string, port = 0) {
  return serveStatic(dir, { port })
}
