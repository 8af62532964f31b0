// A compiled slide's HTML as the browser gets it: content the compiler moved into a static-HTML property (highlighted
// code) is put back in place, so tests read the same markup a page shows.
import type { Element, Root, RootContent } from 'hast'
import { toHtml } from 'hast-util-to-html'
import { STATIC_HTML_PROPERTY } from '../../../plugin/markdown/to-module'

function inline<T extends Root | Element>(node: T): T {
  const children = node.children.map((child) => (child.type === 'element' ? inline(child) : child)) as RootContent[]
  if (node.type === 'element' && typeof node.properties[STATIC_HTML_PROPERTY] === 'string') {
    const { [STATIC_HTML_PROPERTY]: html, ...properties } = node.properties
    return { ...node, properties, children: [{ type: 'raw', value: String(html) }] } as unknown as T
  }
  return { ...node, children } as T
}

export function slideHtml(tree: Root): string {
  return toHtml(inline(tree), { allowDangerousHtml: true })
}
