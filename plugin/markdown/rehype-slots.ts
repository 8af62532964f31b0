// Splits a slide's content into layout slots at `::name::` lines (`::left::`, `::right::`, `::default::`).
import type { Root, Element, ElementContent, RootContent } from 'hast'

const SLOT = /^::([\w-]+)::$/

function slotName(node: RootContent): string | null {
  if (node.type !== 'element' || node.tagName !== 'p' || node.children.length !== 1) return null
  const only = node.children[0]
  return only?.type === 'text' ? only.value.trim().match(SLOT)?.[1] ?? null : null
}

/** Replaces the root's children by `deck-slot` elements, one per named slot, in order of first appearance. */
export default function rehypeSlots() {
  return (tree: Root) => {
    const slots = new Map<string, ElementContent[]>([['default', []]])
    let current = 'default'
    for (const node of tree.children) {
      const name = slotName(node)
      if (name) {
        current = name
        if (!slots.has(name)) slots.set(name, [])
        continue
      }
      if (node.type === 'doctype') continue
      slots.get(current)!.push(node as ElementContent)
    }
    tree.children = [...slots].map(
      ([name, children]): Element => ({ type: 'element', tagName: 'deck-slot', properties: { name }, children }),
    )
  }
}
