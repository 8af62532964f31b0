// Where the browser tests find each built deck: the static hosts the global setup started (tests/e2e/global-setup.ts),
// one per deck of the table in tests/e2e/decks.ts.
import { deckHost } from './decks'

export { deckDist, deckHost, specPort } from './decks'

/** The small fixture deck (tests/fixtures/basic.md): the default baseURL. */
export const fixtureURL = deckHost('fixture')
/** The real deck (slides.md or SLIDES_ENTRY). */
export const deckURL = deckHost('deck')
/** The rich-content fixture deck (tests/fixtures/rich.md): diagrams, code, images, embeds. */
export const richURL = deckHost('rich')
