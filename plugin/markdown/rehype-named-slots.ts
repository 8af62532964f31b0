// Vue's named slots in a component tag: `<template #name>…</template>` (or `v-slot:name`) becomes that prop of the
// component, `#default` its children. Runs right after the raw HTML is parsed, so the slot's content is an ordinary
// part of the tree for every transform after it (bindings, clicks, links, images).
import type { Root, Element, ElementContent, Parents } from 'hast'
import type { VFile } from 'vfile'

/** The element a named slot becomes; to-module hands its content to the component as the prop `name`. */
export const NAMED_SLOT_TAG = 'slidev-named-slot'

/** The slot a `<template>` fills: `#dark`, `v-slot:dark` → "dark"; a bare `v-slot` or `#default` → "default". */
export function templateSlotName(node: Element): string | null {
  if (node.tagName !== 'template') return null
  for (const key of Object.keys(node.properties)) {
    const name = key.match(/^(?:#|v-slot:)([\w-]+)$/)?.[1] ?? (key === 'v-slot' ? 'default' : undefined)
    if (name !== undefined) return name
  }
  return null
}

/** A template's content: parse5 keeps it apart, in `content`, out of reach of every visitor. */
function templateContent(node: Element): ElementContent[] {
  const content = (node as Element & { content?: Root }).content
  return [...((content?.children ?? []) as ElementContent[]), ...node.children]
}

const blank = (node: ElementContent): boolean => node.type === 'text' && !node.value.trim()

/** A paragraph Markdown made around templates written inline (`<template #title>Text</template>`): the templates come out of it. */
function hoistTemplates(paragraph: Element): ElementContent[] {
  if (paragraph.tagName !== 'p' || !paragraph.children.some((c) => c.type === 'element' && templateSlotName(c) !== null)) return [paragraph]
  const templates = paragraph.children.filter((c) => c.type === 'element' && templateSlotName(c) !== null)
  const rest = paragraph.children.filter((c) => !templates.includes(c))
  return rest.every(blank) ? templates : [...templates, { ...paragraph, children: rest }]
}

export default function rehypeNamedSlots() {
  return (tree: Root, file: VFile) => {
    const walk = (parent: Parents, inComponent: boolean) => {
      if (inComponent) parent.children = (parent.children as ElementContent[]).flatMap((child) => (child.type === 'element' ? hoistTemplates(child) : [child])) as typeof parent.children
      parent.children = (parent.children as ElementContent[]).flatMap((child): ElementContent[] => {
        if (child.type !== 'element') return [child]
        const name = templateSlotName(child)
        if (name === null) {
          // `<v-switch>` takes its steps as named slots, as a component does.
          walk(child, child.tagName.startsWith('deck-') || child.tagName === 'v-switch')
          return [child]
        }
        const content = templateContent(child)
        const slot: Element = { type: 'element', tagName: NAMED_SLOT_TAG, properties: { name }, children: content, position: child.position }
        walk(slot, false)
        if (inComponent) return [slot]
        // Outside a component there is no prop to fill: the content stays where it was written.
        file.message(`<template #${name}> is not directly inside a component tag; its content is shown in place`, child)
        return slot.children
      }) as typeof parent.children
    }
    walk(tree, false)
  }
}
