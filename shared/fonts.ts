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
 * The attribute of a prerendered page's link to the deck's faces style sheet (every slice's rule). It is linked
 * `disabled`: not fetched at all before the first paint, its faces set up only once the page's loader
 * (src/boot/paint-first.ts) turns it on, before the app starts.
 */
export const LATER_FACES_ATTRIBUTE = 'data-deck-later-faces'

/**
 * Marks a prerendered page's font preload once it has arrived (or failed): set by the link's own handler from the
 * moment the parser makes it, so the page's loader (src/boot/paint-first.ts) counts a face that arrived before the
 * loader ran (a cached face, on a busy machine) instead of waiting for a load event that has already fired.
 */
export const FACE_ARRIVED_ATTRIBUTE = 'data-arrived'
/** The handlers a prerendered page's font preload carries (see FACE_ARRIVED_ATTRIBUTE). */
export const FACE_ARRIVAL_ATTRIBUTES = `onload="this.setAttribute('${FACE_ARRIVED_ATTRIBUTE}','load')" onerror="this.setAttribute('${FACE_ARRIVED_ATTRIBUTE}','error')"`
