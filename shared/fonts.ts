// The deck's Chinese serif as the build cuts it and the runtime loads it: the family's name (the PowerPoint export
// knows it is no font anyone has installed) and the per-slide keys pages carry.

/** The @font-face family of the Chinese serif slices the build cuts from Noto Serif SC. */
export const SUBSET_FAMILY = 'Deck Serif SC'

/** The id of the JSON script in every built page that holds the slides' font keys. */
export const FONT_KEYS_ID = 'deck-font-keys'

/**
 * Per weight ('400', '700'), per slide in deck order: one glyph of each slice the slide's text of that weight needs.
 * `document.fonts.load(font, key)` then loads exactly those slices' faces (each face's `unicode-range` is its slice).
 */
export type SlideFontKeys = Record<string, string[]>

/**
 * The attribute of a prerendered page's link to the deck's faces style sheet (every slice's rule). It is linked for
 * no medium (`media="not all"`): fetched at the lowest priority and never holding the first frame, its faces set up
 * only once the page's loader (src/boot/paint-first.ts) turns it on, before the app starts.
 */
export const LATER_FACES_ATTRIBUTE = 'data-deck-later-faces'
