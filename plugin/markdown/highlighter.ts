// The one shiki highlighter of a build or dev server (languages load on first use), and the deck's two code themes.
import { createHighlighter, type Highlighter } from 'shiki'

/** The two themes: light colours go inline, dark ones into `--shiki-dark` for `html.dark` (base.css). */
export const CODE_THEMES = { light: 'vitesse-light', dark: 'vitesse-dark' } as const

let highlighter: Promise<Highlighter> | undefined
export const getHighlighter = (): Promise<Highlighter> => (highlighter ??= createHighlighter({ themes: [CODE_THEMES.light, CODE_THEMES.dark], langs: [] }))
