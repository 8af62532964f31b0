// Highlights code blocks at build time with shiki (light colours inline, dark ones in --shiki-dark), adds line
// numbers when the deck asks and a copy button when `codeCopy` is on; no highlighter ships to the browser.
import type { Root, Element, ElementContent } from 'hast'
import { visit } from 'unist-util-visit'
import { bundledLanguages, createHighlighter, type BundledLanguage, type Highlighter } from 'shiki'

export interface RehypeShikiOptions {
  lineNumbers?: boolean
  codeCopy?: boolean
}

/** The two themes: light colours go inline, dark ones into `--shiki-dark` for `html.dark` (base.css). */
export const CODE_THEMES = { light: 'vitesse-light', dark: 'vitesse-dark' } as const

// One highlighter per build/dev server; languages load on first use.
let highlighter: Promise<Highlighter> | undefined
const getHighlighter = () => (highlighter ??= createHighlighter({ themes: [CODE_THEMES.light, CODE_THEMES.dark], langs: [] }))

const PLAIN = new Set(['', 'text', 'txt', 'plain', 'plaintext'])

/** The shiki language for a fence's language, or 'text' when shiki does not know it. */
export function codeLanguage(lang: string | undefined): string {
  const name = (lang ?? '').toLowerCase()
  if (PLAIN.has(name)) return 'text'
  return name in bundledLanguages ? name : 'text'
}

function textOf(node: ElementContent): string {
  if (node.type === 'text') return node.value
  if (node.type === 'element') return node.children.map(textOf).join('')
  return ''
}

function languageOf(code: Element): string | undefined {
  const classes: unknown = code.properties.className
  const list = Array.isArray(classes) ? classes.map(String) : typeof classes === 'string' ? classes.split(/\s+/) : []
  return list.find((c) => c.startsWith('language-'))?.slice('language-'.length)
}

interface Block {
  parent: Element | Root
  index: number
  code: string
  lang: string
}

export default function rehypeShiki(options: RehypeShikiOptions = {}) {
  return async (tree: Root) => {
    const blocks: Block[] = []
    visit(tree, 'element', (node: Element, index, parent) => {
      if (node.tagName !== 'pre' || !parent || index === undefined) return
      const only = node.children.filter((c) => !(c.type === 'text' && !c.value.trim()))
      const [first] = only
      const code = only.length === 1 && first?.type === 'element' && first.tagName === 'code' ? first : null
      if (!code) return
      blocks.push({ parent: parent as Element | Root, index, code: textOf(code).replace(/\n$/, ''), lang: codeLanguage(languageOf(code)) })
      return 'skip'
    })
    if (!blocks.length) return
    const shiki = await getHighlighter()
    for (const block of blocks) {
      if (block.lang !== 'text' && !shiki.getLoadedLanguages().includes(block.lang)) await shiki.loadLanguage(block.lang as BundledLanguage)
      // No time limit: on a busy machine the first line (compiling the grammar) can exceed shiki's 500 ms, and the
      // rest of the block would then be coloured as if that line never ended.
      const root = shiki.codeToHast(block.code, { lang: block.lang, themes: CODE_THEMES, defaultColor: 'light', tokenizeTimeLimit: 0 })
      const pre = root.children.find((c): c is Element => c.type === 'element' && c.tagName === 'pre')
      if (!pre) continue
      // shiki writes `class`; the rest of the pipeline (and rehype-react) reads `className`.
      const classes: unknown = pre.properties.className ?? pre.properties.class
      delete pre.properties.class
      const list = Array.isArray(classes) ? classes.map(String) : typeof classes === 'string' ? classes.split(/\s+/) : []
      pre.properties.className = [...list, ...(options.lineNumbers ? ['line-numbers'] : [])]
      // The theme's code background stays; only the text colours come from shiki.
      pre.properties.style = String(pre.properties.style ?? '')
        .split(';')
        .filter((rule) => rule.trim() && !/^\s*(background-color|--shiki-dark-bg)\s*:/.test(rule))
        .join(';')
      pre.properties.dataLanguage = block.lang
      // Lines are separated by "\n" text nodes, which a copy of the selection keeps.
      const children: ElementContent[] = [pre]
      if (options.codeCopy) children.push({ type: 'element', tagName: 'deck-code-copy', properties: { code: block.code }, children: [] })
      const wrapper: Element = { type: 'element', tagName: 'div', properties: { className: ['deck-code'] }, children }
      ;(block.parent.children as ElementContent[])[block.index] = wrapper
    }
  }
}
