// Resolves Slidev's (Vue's) bindings at build time: `:attr="$slidev.configs.key"` to the headmatter's value,
// `:attr="0.5"` (any JavaScript literal: number, string, boolean, array, object) to that value, and
// `v-bind="{ x1: 10, y1: 20 }"` to one attribute per key. A component receives the value itself (a number stays a
// number); an HTML element receives it as an attribute. Anything that would need script at run time is dropped.
import type { Root, Element, Properties } from 'hast'
import { SKIP, visit } from 'unist-util-visit'
import type { VFile } from 'vfile'
import JSON5 from 'json5'
import { BOUND_PREFIX } from './to-module.ts'
import { DERIVED_CONFIGS } from '../../shared/config.ts'

const CONFIG_BINDING = /^\$slidev\.configs\.([A-Za-z_$][\w$]*)$/

type Bound = { value: unknown } | { problem: string; unset?: boolean }

function evaluate(expression: string, configs: Record<string, unknown>): Bound {
  const name = expression.match(CONFIG_BINDING)?.[1]
  if (name !== undefined) {
    const value = configs[name]
    if (typeof value === 'string' || typeof value === 'number') return { value }
    const derived = DERIVED_CONFIGS[name]
    return { problem: derived ? `needs the headmatter keys ${derived} (the link is left out)` : `names the headmatter key "${name}", which is not set (or not a text)`, unset: true }
  }
  try {
    return { value: JSON5.parse(expression) }
  } catch {
    return { problem: 'was dropped: only literals (0.5, \'text\', true, [1, 2], { a: 1 }) and $slidev.configs.<key> are bound, at build time' }
  }
}

/** A bound value as an HTML attribute: text and numbers as text, `true` present, a class list joined, a style object as CSS. */
function asAttribute(key: string, value: unknown): Properties[string] | undefined {
  if (typeof value === 'string' || typeof value === 'number') return String(value)
  if (typeof value === 'boolean') return value || undefined
  if (key === 'class' && Array.isArray(value)) return value.filter((v) => typeof v === 'string').join(' ')
  if (key === 'style' && value && typeof value === 'object')
    return Object.entries(value)
      .map(([k, v]) => `${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${String(v)}`)
      .join(';')
  return undefined
}

function bind(node: Element, key: string, value: unknown, file: VFile): void {
  // Components take the value as it is: to-module writes it into the slide's code as a literal (text stays text,
  // so the link and URL checks that follow still see it).
  if (node.tagName.startsWith('deck-')) {
    node.properties[key] = typeof value === 'string' ? value : BOUND_PREFIX + JSON.stringify(value)
    return
  }
  const attribute = asAttribute(key, value)
  if (attribute === undefined && typeof value !== 'boolean') file.message(`":${key}" was dropped: an HTML attribute takes text, a number or true`, node)
  else if (key === 'class') node.properties.className = String(attribute ?? '').split(/\s+/).filter(Boolean)
  else node.properties[key] = attribute
}

export default function rehypeBindings(options: { configs?: Record<string, unknown> } = {}) {
  const configs = options.configs ?? {}
  return (tree: Root, file: VFile) => {
    visit(tree, 'element', (node: Element, index, parent) => {
      for (const key of Object.keys(node.properties)) {
        const spread = key === 'v-bind' || key === 'vBind'
        if (!key.startsWith(':') && !spread) continue
        const expression = String(node.properties[key] ?? '').trim()
        delete node.properties[key]
        const bound = evaluate(expression, configs)
        const shown = spread ? 'v-bind' : key
        // A link to an address the deck does not set goes nowhere: it is left out, not shown as dead text.
        if ('problem' in bound && bound.unset && key === ':href' && node.tagName === 'a' && parent && index !== undefined) {
          file.message(`"${shown}" ${bound.problem.replace(' (the link is left out)', '')}: the link is left out`, node)
          parent.children.splice(index, 1)
          return [SKIP, index]
        }
        if ('problem' in bound) file.message(`"${shown}" ${bound.problem}`, node)
        else if (!spread) bind(node, key.slice(1), bound.value, file)
        else if (bound.value && typeof bound.value === 'object' && !Array.isArray(bound.value)) for (const [k, v] of Object.entries(bound.value)) bind(node, k, v, file)
        else file.message('"v-bind" was dropped: it takes an object ({ x1: 10, y1: 20 })', node)
      }
    })
  }
}
