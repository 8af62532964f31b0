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

export default function remarkComponentTags() {
  return (tree: Root) => {
    visit(tree, 'html', (node: Html) => {
      node.value = rewriteComponentTags(node.value)
    })
  }
}
