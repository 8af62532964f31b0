// Highlights code blocks at build time with shiki (light colours inline, dark ones in --shiki-dark), adds line
// numbers when the deck asks and a copy button when `codeCopy` is on; no highlighter ships to the browser. A block
// remark-twoslash marked takes twoslash's output (types, queries, errors: plugin/markdown/twoslash.ts) instead.
import type { Root, Element, ElementContent } from 'hast'
import { visit } from 'unist-util-visit'
import { highlightStepsOfLines, isHighlightedAt, parseLineSteps } from '../../shared/line-steps.ts'
import { bundledLanguages, type BundledLanguage } from 'shiki'
import { toHtml } from 'hast-util-to-html'
import { STATIC_HTML_PROPERTY } from './to-module.ts'
import { CODE_THEMES, getHighlighter } from './highlighter.ts'
import type { TwoslashBlock } from './twoslash.ts'

export interface RehypeShikiOptions {
  lineNumbers?: boolean
  codeCopy?: boolean
}


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
  /** What remark-block-meta and rehype-clicks wrote on the fence's <code> (title, line steps, options). */
  meta: Element['properties']
}

/** Marks each `.line` with the steps that highlight it and its class at the first step. */
function markLines(pre: Element, steps: string) {
  const lines: Element[] = []
  visit(pre, 'element', (node: Element) => {
    const classes: unknown = node.properties.className ?? node.properties.class
    const list = Array.isArray(classes) ? classes.map(String) : typeof classes === 'string' ? classes.split(/\s+/) : []
    // Twoslash's popups and the lines it adds (an error, a query) are not the block's lines, nor hold any.
    if (list.includes('twoslash-popup-container') || list.includes('twoslash-meta-line')) return 'skip'
    if (!list.includes('line')) return
    lines.push(node)
    return 'skip'
  })
  const perLine = highlightStepsOfLines(parseLineSteps(steps), lines.length)
  lines.forEach((line, i) => {
    const classes: unknown = line.properties.className ?? line.properties.class
    delete line.properties.class
    const list = Array.isArray(classes) ? classes.map(String) : typeof classes === 'string' ? classes.split(/\s+/) : []
    line.properties.className = [...list, isHighlightedAt(perLine[i + 1] ?? '', 0) ? 'highlighted' : 'dishonored']
    line.properties.dataHighlightSteps = perLine[i + 1]
  })
}

/** A CSS length from an option (`200` → `200px`); anything that is not a plain length becomes `none`. */
function cssLength(value: string): string {
  if (/^\d+(\.\d+)?$/.test(value)) return `${value}px`
  return /^\d+(\.\d+)?(px|em|rem|%|vh|cqh)$/.test(value) ? value : 'none'
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
      blocks.push({ parent: parent as Element | Root, index, code: textOf(code).replace(/\n$/, ''), lang: codeLanguage(languageOf(code)), meta: code.properties })
      return 'skip'
    })
    if (!blocks.length) return
    const shiki = await getHighlighter()
    for (const block of blocks) {
      if (block.lang !== 'text' && !shiki.getLoadedLanguages().includes(block.lang)) await shiki.loadLanguage(block.lang as BundledLanguage)
      // Loaded only for a ```ts twoslash block (remark-twoslash started it; the result is shared).
      const twoslash: TwoslashBlock | undefined = block.meta.dataTwoslash === undefined ? undefined : await (await import('./twoslash.ts')).renderTwoslash(block.code, block.lang)
      const code = twoslash?.shown ?? block.code
      // No time limit: on a busy machine the first line (compiling the grammar) can exceed shiki's 500 ms, and the
      // rest of the block would then be coloured as if that line never ended.
      const root = twoslash?.hast ? structuredClone(twoslash.hast) : shiki.codeToHast(code, { lang: block.lang, themes: CODE_THEMES, defaultColor: 'light', tokenizeTimeLimit: 0 })
      const pre = root.children.find((c): c is Element => c.type === 'element' && c.tagName === 'pre')
      if (!pre) continue
      // shiki writes `class`; the rest of the pipeline (and rehype-react) reads `className`.
      const classes: unknown = pre.properties.className ?? pre.properties.class
      delete pre.properties.class
      const list = Array.isArray(classes) ? classes.map(String) : typeof classes === 'string' ? classes.split(/\s+/) : []
      const { dataTitle, dataLineSteps, dataStepsCount, dataStepsSince, dataLines, dataStartLine, dataMaxHeight } = block.meta
      const numbered = dataLines === undefined ? options.lineNumbers : String(dataLines) === 'true'
      pre.properties.className = [...list, ...(numbered ? ['line-numbers'] : [])]
      const inner = pre.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code')
      // Numbers count on from `startLine` (the counter is incremented before each line shows it).
      const start = Number(dataStartLine ?? 1)
      if (inner && numbered && Number.isFinite(start) && start !== 1) inner.properties.style = `counter-reset: deck-code-line ${Math.trunc(start) - 1}`
      if (dataLineSteps !== undefined) {
        markLines(pre, String(dataLineSteps))
        pre.properties.dataStepsSince = String(dataStepsSince ?? 0)
        pre.properties.dataStepsCount = String(dataStepsCount ?? 1)
      }
      // The coloured lines go into the slide's module as one HTML string (see STATIC_HTML_PROPERTY): a block's
      // hundreds of spans are then one element to React, and a slide change mounts them in a fraction of the time.
      if (inner) {
        inner.properties[STATIC_HTML_PROPERTY] = toHtml(inner.children)
        inner.children = []
      }
      // The theme's code background stays; only the text colours come from shiki.
      pre.properties.style = String(pre.properties.style ?? '')
        .split(';')
        .filter((rule) => rule.trim() && !/^\s*(background-color|--shiki-dark-bg)\s*:/.test(rule))
        .join(';')
      pre.properties.dataLanguage = block.lang
      // Lines are separated by "\n" text nodes, which a copy of the selection keeps.
      const children: ElementContent[] = [pre]
      if (options.codeCopy) children.push({ type: 'element', tagName: 'deck-code-copy', properties: { code }, children: [] })
      if (dataMaxHeight !== undefined) pre.properties.style = `${String(pre.properties.style ?? '')};max-height:${cssLength(String(dataMaxHeight))};overflow-y:auto`
      if (dataTitle !== undefined) children.unshift({ type: 'element', tagName: 'div', properties: { className: ['deck-code-title'] }, children: [{ type: 'text', value: String(dataTitle) }] })
      const wrapper: Element = { type: 'element', tagName: 'div', properties: { className: ['deck-code', ...(dataTitle !== undefined ? ['has-title'] : [])] }, children }
      ;(block.parent.children as ElementContent[])[block.index] = wrapper
    }
  }
}
