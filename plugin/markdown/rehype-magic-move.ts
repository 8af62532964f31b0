// Tokenizes each magic-move block's steps at build time (shiki, the deck's two code themes), keyed for morphing by
// shiki-magic-move: the slide's module carries the tokens and no highlighter runs in the browser.
import type { Root, Element } from 'hast'
import { visit } from 'unist-util-visit'
import type { BundledLanguage } from 'shiki'
import { codeToKeyedTokens } from 'shiki-magic-move/core'
import type { KeyedTokensInfo } from 'shiki-magic-move/types'
import { codeLanguage } from './rehype-shiki.ts'
import { CODE_THEMES, getHighlighter } from './highlighter.ts'
import { MAGIC_MOVE_PROPERTY, MAGIC_MOVE_TAG, type MagicMoveBlock } from './remark-magic-move.ts'
import { BOUND_PREFIX } from './to-module.ts'

/** What a step's tokens keep: enough to render and to match them with the next step's. */
function slim(info: KeyedTokensInfo): KeyedTokensInfo {
  const tokens = info.tokens.map(({ key, content, offset, color, htmlStyle, htmlClass, fontStyle }) => ({ key, content, offset, color, htmlStyle, htmlClass, fontStyle }))
  return { ...info, tokens }
}

const bound = (value: unknown) => BOUND_PREFIX + JSON.stringify(value)

export interface RehypeMagicMoveOptions {
  lineNumbers?: boolean
  /** The copy button: on every step (true, 'always'), on the last only ('final'), or none (false, or `codeCopy` off). */
  copy?: boolean | 'always' | 'final'
  /** The deck's `magicMoveDuration` (a block's `{duration}` wins). */
  duration?: number
}

export default function rehypeMagicMove(options: RehypeMagicMoveOptions = {}) {
  const copy = options.copy === undefined || options.copy === true ? 'always' : options.copy
  return async (tree: Root) => {
    const blocks: Element[] = []
    visit(tree, 'element', (node: Element) => {
      if (node.tagName === MAGIC_MOVE_TAG && typeof node.properties[MAGIC_MOVE_PROPERTY] === 'string') blocks.push(node)
    })
    if (!blocks.length) return
    const shiki = await getHighlighter()
    for (const node of blocks) {
      const block = JSON.parse(String(node.properties[MAGIC_MOVE_PROPERTY])) as MagicMoveBlock & { since?: number }
      const steps: KeyedTokensInfo[] = []
      for (const step of block.steps) {
        const lang = codeLanguage(step.lang)
        if (lang !== 'text' && !shiki.getLoadedLanguages().includes(lang)) await shiki.loadLanguage(lang as BundledLanguage)
        const info = codeToKeyedTokens(shiki, step.code, { lang: lang as BundledLanguage, themes: CODE_THEMES, defaultColor: 'light', tokenizeTimeLimit: 0 }, step.lines ?? options.lineNumbers ?? false)
        steps.push(slim(info))
      }
      // The component's props, written into the module as literals.
      node.properties = {
        steps: bound(steps),
        ranges: bound(block.steps.map((s) => s.ranges)),
        since: bound(block.since ?? 1),
        ...(block.title ? { title: block.title } : {}),
        duration: bound(block.duration ?? options.duration ?? 800),
        ...(copy ? { copy } : {}),
      }
    }
  }
}
