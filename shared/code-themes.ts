// The deck's code colours: the build highlights code blocks with these shiki themes, and the browser's Monaco
// editor colours its code with the same two, so an editor reads like the block it replaces.

/** The two themes: light colours go inline, dark ones into `--shiki-dark` for `html.dark` (base.css). */
export const CODE_THEMES = { light: 'vitesse-light', dark: 'vitesse-dark' } as const
