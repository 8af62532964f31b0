// Makes PascalCase component tags (<Link to="2">, <ReserveRatioSimulator />) survive HTML parsing as `deck-*` elements.
import type { Root, Html } from 'mdast'
import { visit } from 'unist-util-visit'

/** `ReserveRatioSimulator` → `reserve-ratio-simulator`. */
export function kebab(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').replace(/([A-Z])([A-Z][a-z])/g, '$1-$2').toLowerCase()
}

const SELF_CLOSING = /<([A-Z][A-Za-z0-9]*)(\s[^<>]*?)?\s*\/>/g
const OPEN_OR_CLOSE = /<(\/?)([A-Z][A-Za-z0-9]*)(?=[\s>/])/g

/** Rewrites component tags in an HTML string; HTML would otherwise lowercase them and treat `<Link>` as void. */
export function rewriteComponentTags(html: string): string {
  return html
    .replace(SELF_CLOSING, (_m, name: string, attrs = '') => `<deck-${kebab(name)}${attrs}></deck-${kebab(name)}>`)
    .replace(OPEN_OR_CLOSE, (_m, slash: string, name: string) => `<${slash}deck-${kebab(name)}`)
}

export default function remarkComponentTags() {
  return (tree: Root) => {
    visit(tree, 'html', (node: Html) => {
      node.value = rewriteComponentTags(node.value)
    })
  }
}
