// Gives component tags their props as a component expects them (`min-depth` → `minDepth`, as Vue does), and warns,
// naming the line, about a component tag nothing answers: neither built in nor a file in the deck's components/.
import type { Root, Element } from 'hast'
import { visit } from 'unist-util-visit'
import type { VFile } from 'vfile'

/** `min-depth` → `minDepth`. */
const camel = (name: string): string => name.replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase())

/** `deck-slide-current-no` → `SlideCurrentNo`, the tag as the author wrote it. */
export const authorTag = (tag: string): string => camel(`-${tag.replace(/^deck-/, '')}`)

// Attributes the engine reads itself (click directives, data-*, aria-*) keep their names.
const KEEPS_NAME = /^(v-|data|aria)/

export default function rehypeComponents(options: { known: ReadonlySet<string> }) {
  return (tree: Root, file: VFile) => {
    const warned = new Set<string>()
    visit(tree, 'element', (node: Element) => {
      if (!node.tagName.startsWith('deck-')) return
      if (!options.known.has(node.tagName)) {
        if (warned.has(node.tagName)) return
        warned.add(node.tagName)
        const name = authorTag(node.tagName)
        file.message(`<${name}> is not a component: none is built in by that name, and there is no components/${name}.tsx beside the deck`, node)
        return
      }
      for (const key of Object.keys(node.properties)) {
        if (!key.includes('-') || KEEPS_NAME.test(key)) continue
        node.properties[camel(key)] = node.properties[key]
        delete node.properties[key]
      }
    })
  }
}
