// Makes a slide's plain `<iframe>` an Embed: sandboxed, lazy, with a fallback panel when the page cannot be reached.
import type { Root, Element } from 'hast'
import { visit } from 'unist-util-visit'
import type { VFile } from 'vfile'

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined)

export default function rehypeEmbeds() {
  return (tree: Root, file: VFile) => {
    visit(tree, 'element', (node: Element) => {
      if (node.tagName !== 'iframe') return
      const url = text(node.properties.src) ?? ''
      const title = text(node.properties.title)
      if (!url) file.message('An <iframe> has no src; it shows an empty fallback panel', node)
      if (!title) file.message(`The <iframe> of ${JSON.stringify(url)} has no title: screen readers announce the title, and the fallback panel shows it`, node)
      const classes = node.properties.className
      node.tagName = 'deck-embed'
      node.properties = {
        url,
        title: title ?? url,
        fallback: text(node.properties.dataFallback),
        width: text(node.properties.width),
        height: text(node.properties.height),
        className: Array.isArray(classes) ? classes.map(String) : undefined,
        style: text(node.properties.style),
      }
      node.children = []
    })
  }
}
