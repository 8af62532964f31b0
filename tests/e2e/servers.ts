// Where the browser tests find each built deck (E2E_PORT shifts them so several runs can share a machine).
const port = Number(process.env.E2E_PORT || 4180)

/** The small fixture deck (tests/fixtures/basic.md): the default baseURL. */
export const fixtureURL = `http://127.0.0.1:${port}`
/** The real deck (slides.md or SLIDES_ENTRY). */
export const deckURL = `http://127.0.0.1:${port + 1}`
/** The rich-content fixture deck (tests/fixtures/rich.md): diagrams, code, images, embeds. */
export const richURL = `http://127.0.0.1:${port + 2}`
