// The one shiki highlighter of a build or dev server (languages load on first use), and the deck's two code themes.
import { createHighlighter, type Highlighter } from 'shiki'
import { CODE_THEMES } from '../../shared/code-themes.ts'

export { CODE_THEMES }

let highlighter: Promise<Highlighter> | undefined
export const getHighlighter = (): Promise<Highlighter> => (highlighter ??= createHighlighter({ themes: [CODE_THEMES.light, CODE_THEMES.dark], langs: [] }))
