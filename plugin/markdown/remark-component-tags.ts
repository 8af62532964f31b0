// Makes PascalCase component tags (<Link to="2">, <Toc minDepth="2" />) survive HTML parsing as `deck-*` elements,
// their camelCase attributes as kebab-case ones (HTML would lowercase them; rehype-components turns them back).
import type { Root, Html } from 'mdast'
import { visit } from 'unist-util-visit'

/** `SlideCurrentNo` → `slide-current-no`. */
export function kebab(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').replace(/([A-Z])([A-Z][a-z])/g, '$1-$2').toLowerCase()
}

/** One attribute with its value, whole, so a value's text is never taken for a name. */
const ATTRIBUTE = /(\s+)([^\s"'=<>/]+)(\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?/g
const ATTRIBUTES = String.raw`((?:\s+[^\s"'=<>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>` + '`' + String.raw`]+))?)*)`
const OPEN_TAG = new RegExp(String.raw`<([A-Z][A-Za-z0-9]*)` + ATTRIBUTES + String.raw`\s*(/?)>`, 'g')
const OPEN_OR_CLOSE = /<(\/?)([A-Z][A-Za-z0-9]*)(?=[\s>/])/g

const kebabAttributes = (attributes: string): string => attributes.replace(ATTRIBUTE, (_m, space: string, name: string, value = '') => `${space}${kebab(name)}${value}`)

/** Rewrites component tags in an HTML string; HTML would otherwise lowercase them and treat `<Link>` as void. */
export function rewriteComponentTags(html: string): string {
  return html
    .replace(OPEN_TAG, (_m, name: string, attributes: string, selfClosing: string) => {
      const tag = `deck-${kebab(name)}`
      return `<${tag}${kebabAttributes(attributes)}>${selfClosing ? `</${tag}>` : ''}`
    })
    .replace(OPEN_OR_CLOSE, (_m, slash: string, name: string) => `<${slash}deck-${kebab(name)}`)
}

/** `<template #name>`: Markdown takes it for text (`#` may not start an attribute's name), Vue for a named slot. */
const SLOT_TEMPLATE = /<template(\s+)#([\w-]+)(?=[\s>])/g
const FENCE = /^ {0,3}(`{3,}|~{3,})/

/**
 * The slide's Markdown with each `<template #name>` written `<template v-slot:name>`, which Markdown reads as HTML
 * (a block when alone on its line). Code (fenced blocks, backtick spans) keeps what the author wrote.
 */
export function slotTemplatesAsHtml(markdown: string): string {
  if (!markdown.includes('<template')) return markdown
  let fence: string | null = null
  return markdown
    .split('\n')
    .map((line) => {
      const marker = line.match(FENCE)?.[1]
      if (marker && (fence === null || (marker[0] === fence[0] && marker.length >= fence.length))) {
        fence = fence === null ? marker : null
        return line
      }
      if (fence !== null) return line
      // Inside a backtick span when an odd number of backticks comes before it on the line.
      return line.replace(SLOT_TEMPLATE, (match, space: string, name: string, offset: number) => ((line.slice(0, offset).match(/`/g)?.length ?? 0) % 2 ? match : `<template${space}v-slot:${name}`))
    })
    .join('\n')
}

export default function remarkComponentTags() {
  return (tree: Root) => {
    visit(tree, 'html', (node: Html) => {
      node.value = rewriteComponentTags(node.value)
    })
  }
}
