// The name the build gives the deck's Chinese glyph subset: the build declares it, the PowerPoint export knows it is
// no font anyone has installed.

/** The @font-face family of the Chinese serif subset the build cuts from Noto Serif SC. */
export const SUBSET_FAMILY = 'Deck Serif SC'
