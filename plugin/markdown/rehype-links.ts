// Makes links safe and slide-aware: script schemes become about:blank, `/N` links move inside the deck.
import type { Root, Element } from 'hast'
import { visit } from 'unist-util-visit'
import type { VFile } from 'vfile'
import { isScriptUrl } from '../../shared/script-url.ts'

const URL_PROPERTIES = ['href', 'src', 'action', 'formAction', 'xLinkHref', 'poster', 'data', 'srcDoc'] as const

/** `/12`, `/12?clicks=1` or `12` inside the deck → 12, else null. */
export function slideTarget(href: string): number | null {
  const m = href.match(/^\/?(\d+)(?:\?.*)?$/)
  return m ? Number(m[1]) : null
}

/** A link to a slide by its number, where it is in the slide's text. */
export interface SlideLink {
  target: number
  line?: number
}

declare module 'vfile' {
  interface DataMap {
    /** The slide's links to slides by number, in the order they come. */
    slideLinks: SlideLink[]
  }
}

/** A link to a slide by number is noted (`file.data.slideLinks`): the deck checks it against its slide count. */
export default function rehypeLinks() {
  return (tree: Root, file: VFile) => {
    visit(tree, 'element', (node: Element) => {
      for (const key of URL_PROPERTIES) {
        const value = node.properties[key]
        if (typeof value === 'string' && isScriptUrl(value)) {
          node.properties[key] = 'about:blank'
          file.message(`A ${key} with a script scheme was replaced by about:blank`, node)
        }
      }
      for (const key of Object.keys(node.properties)) {
        // Event-handler attributes are strings in Markdown; React wants functions, and they would run author script anyway.
        if (/^on[A-Z]/.test(key) || /^on[a-z]+$/.test(key)) {
          delete node.properties[key]
          file.message(`The "${key}" attribute was dropped: event handlers are not supported in slides`, node)
        }
      }
      const isLink = node.tagName === 'a' || node.tagName === 'deck-link'
      if (!isLink) return
      const to = node.tagName === 'deck-link' ? String(node.properties.to ?? '') : String(node.properties.href ?? '')
      const target = slideTarget(to)
      if (target !== null) {
        file.data.slideLinks ??= []
        file.data.slideLinks.push({ target, ...(node.position ? { line: node.position.start.line } : {}) })
        node.tagName = 'deck-link'
        node.properties = { ...node.properties, to: String(target) }
        delete node.properties.href
      } else if (node.tagName === 'a' && typeof node.properties.href === 'string' && /^https?:/i.test(node.properties.href)) {
        node.properties.target ??= '_blank'
        node.properties.rel ??= ['noopener', 'noreferrer']
      } else if (node.tagName === 'deck-link' && to) {
        node.tagName = 'a'
        node.properties = { ...node.properties, href: isScriptUrl(to) ? 'about:blank' : to }
        delete node.properties.to
      }
    })
  }
}
