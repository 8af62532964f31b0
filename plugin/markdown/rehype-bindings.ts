// Resolves Slidev's (Vue's) bindings: `:attr="$slidev.configs.key"` to the headmatter's value and `:attr="0.5"` (any
// JavaScript literal) to that value at build time, `v-bind="{ x1: 10, y1: 20 }"` to one attribute per key. Any other
// expression (`:title="'Slide ' + $page"`, `{{ $clicks }}`, `v-if`/`v-else-if`/`v-else`, `v-show`) over the slide's
// context is compiled (expressions.ts) into the slide's module, re-evaluated at each click; one reaching outside that
// context is dropped with a warning naming its line. A component receives values as they are, an HTML element as
// attributes.
import type { Root, Element, ElementContent, Parents, Properties, Text } from 'hast'
import { SKIP, visit } from 'unist-util-visit'
import type { VFile } from 'vfile'
import JSON5 from 'json5'
import { BOUND_PREFIX, LIVE_BIND_PROPERTY, LIVE_BRANCH_TAG, LIVE_CHOICE_TAG, LIVE_EXPRESSION_PROPERTY, LIVE_SHOW_PROPERTY, LIVE_TEXT_TAG } from './to-module.ts'
import { compileExpression } from './expressions.ts'
import { DERIVED_CONFIGS } from '../../shared/config.ts'

const CONFIG_BINDING = /^\$slidev\.configs\.([A-Za-z_$][\w$]*)$/

type Bound = { value: unknown } | { code: string } | { problem: string; unset?: boolean }

function evaluate(expression: string, configs: Record<string, unknown>): Bound {
  const name = expression.match(CONFIG_BINDING)?.[1]
  if (name !== undefined) {
    const value = configs[name]
    if (typeof value === 'string' || typeof value === 'number') return { value }
    const derived = DERIVED_CONFIGS[name]
    return { problem: derived ? `needs the headmatter keys ${derived}` : `names the headmatter key "${name}", which is not set (or not a text)`, unset: true }
  }
  try {
    return { value: JSON5.parse(expression) }
  } catch {
    const compiled = compileExpression(expression, { configs })
    return 'code' in compiled ? { code: compiled.code } : { problem: `was dropped: the expression ${compiled.problem}` }
  }
}

/** `min-depth` → `minDepth`: a component's prop. */
const camel = (name: string): string => name.replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase())

/** HTML attribute names React spells otherwise (the rest: dashes to camelCase, data-* and aria-* kept). */
const REACT_NAMES: Record<string, string> = { class: 'className', for: 'htmlFor', readonly: 'readOnly', tabindex: 'tabIndex', colspan: 'colSpan', rowspan: 'rowSpan', autoplay: 'autoPlay', playsinline: 'playsInline', allowfullscreen: 'allowFullScreen', maxlength: 'maxLength', viewbox: 'viewBox', crossorigin: 'crossOrigin', srcset: 'srcSet' }
const reactName = (name: string): string => REACT_NAMES[name] ?? (/^(data|aria)-/.test(name) ? name : camel(name))

/** Notes an expression on the element for the slide's module: its prop name (as the element takes it) and code. */
function bindLive(node: Element, key: string, code: string, file: VFile): void {
  if (/^on/i.test(key)) {
    file.message(`":${key}" was dropped: event handlers are not supported in slides`, node)
    return
  }
  const name = node.tagName.startsWith('deck-') ? camel(key) : reactName(key)
  const bound = JSON.parse(String(node.properties[LIVE_BIND_PROPERTY] ?? '{}')) as Record<string, string>
  node.properties[LIVE_BIND_PROPERTY] = JSON.stringify({ ...bound, [name]: code })
}

/** Text that is no place for `{{ }}`: code, styles, and what the author wrote to be shown as it is. */
const VERBATIM = new Set(['code', 'pre', 'script', 'style', 'textarea', 'kbd', 'samp'])
const MUSTACHE = /\{\{([\s\S]*?)\}\}/g

/** A text's `{{ … }}` as live text elements; a refused one stays as written, with a warning. */
function interpolate(text: Text, file: VFile, configs: Record<string, unknown>): ElementContent[] {
  if (!text.value.includes('{{')) return [text]
  const parts: ElementContent[] = []
  let last = 0
  for (const match of text.value.matchAll(MUSTACHE)) {
    const compiled = compileExpression(match[1] ?? '', { configs })
    if ('problem' in compiled) {
      file.message(`"{{${match[1]}}}" was left as text: the expression ${compiled.problem}`, text)
      continue
    }
    if (match.index > last) parts.push({ type: 'text', value: text.value.slice(last, match.index) })
    parts.push({ type: 'element', tagName: LIVE_TEXT_TAG, properties: { [LIVE_EXPRESSION_PROPERTY]: compiled.code }, children: [] })
    last = match.index + match[0].length
  }
  if (!parts.length) return [text]
  if (last < text.value.length) parts.push({ type: 'text', value: text.value.slice(last) })
  return parts
}

const CONDITIONS = ['v-if', 'v-else-if', 'v-else'] as const
const conditionOf = (node: ElementContent): (typeof CONDITIONS)[number] | null => (node.type === 'element' ? (CONDITIONS.find((c) => c in node.properties) ?? null) : null)

/** The element a branch shows: a `<template v-if>`'s content, else the element without its directive. */
function branchOf(node: Element, expression: string | null): Element {
  for (const c of CONDITIONS) delete node.properties[c]
  const content = node.tagName === 'template' && Object.keys(node.properties).length === 0 ? [...(((node as Element & { content?: Root }).content?.children ?? []) as ElementContent[]), ...node.children] : [node]
  return { type: 'element', tagName: LIVE_BRANCH_TAG, properties: expression === null ? {} : { [LIVE_EXPRESSION_PROPERTY]: expression }, children: content, position: node.position }
}

/**
 * A parent's `v-if` / `v-else-if` / `v-else` siblings as one live choice each, and its texts' `{{ }}` as live text.
 * A condition that cannot be compiled is dropped (the element always shown), with a warning.
 */
function conditionsAndText(parent: Parents, file: VFile, configs: Record<string, unknown>): void {
  const children: ElementContent[] = []
  let chain: Element | null = null
  for (const child of parent.children as ElementContent[]) {
    if (child.type === 'text' && !VERBATIM.has(parent.type === 'element' ? parent.tagName : '')) {
      if (chain && !child.value.trim()) continue
      children.push(...interpolate(child, file, configs))
      chain = null
      continue
    }
    if (child.type === 'comment' && chain) continue
    const condition = conditionOf(child)
    if (!condition || child.type !== 'element') {
      children.push(child)
      chain = null
      continue
    }
    const raw = String(child.properties[condition] ?? '').trim()
    if (condition !== 'v-if' && !chain) {
      file.message(`"${condition}" has no "v-if" before it; the element is always shown`, child)
      for (const c of CONDITIONS) delete child.properties[c]
      children.push(child)
      continue
    }
    let expression: string | null = null
    if (condition !== 'v-else') {
      const compiled = compileExpression(raw, { configs })
      if ('problem' in compiled) {
        file.message(`"${condition}" was dropped: the expression ${compiled.problem}`, child)
      } else expression = compiled.code
    }
    const branch = branchOf(child, condition !== 'v-else' && expression === null ? 'true' : expression)
    if (condition === 'v-if') {
      chain = { type: 'element', tagName: LIVE_CHOICE_TAG, properties: {}, children: [branch], position: child.position }
      children.push(chain)
    } else {
      chain!.children.push(branch)
      if (condition === 'v-else') chain = null
    }
  }
  parent.children = children as typeof parent.children
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
    const walk = (parent: Parents) => {
      if (parent.type === 'element' && VERBATIM.has(parent.tagName)) return
      conditionsAndText(parent, file, configs)
      for (const child of parent.children) if (child.type === 'element') walk(child)
    }
    walk(tree)
    visit(tree, 'element', (node: Element, index, parent) => {
      if ('v-show' in node.properties) {
        const compiled = compileExpression(String(node.properties['v-show'] ?? ''), { configs })
        delete node.properties['v-show']
        if ('problem' in compiled) file.message(`"v-show" was dropped: the expression ${compiled.problem}`, node)
        else node.properties[LIVE_SHOW_PROPERTY] = compiled.code
      }
      for (const key of Object.keys(node.properties)) {
        const spread = key === 'v-bind' || key === 'vBind'
        if (!key.startsWith(':') && !spread) continue
        const expression = String(node.properties[key] ?? '').trim()
        delete node.properties[key]
        const bound = evaluate(expression, configs)
        const shown = spread ? 'v-bind' : key
        // A link to an address the deck does not set goes nowhere: it is left out, not shown as dead text.
        if ('problem' in bound && bound.unset && key === ':href' && node.tagName === 'a' && parent && index !== undefined) {
          file.message(`"${shown}" ${bound.problem}: the link is left out`, node)
          parent.children.splice(index, 1)
          return [SKIP, index]
        }
        if ('problem' in bound) file.message(`"${shown}" ${bound.problem}`, node)
        else if ('code' in bound) {
          if (spread) file.message('"v-bind" was dropped: it takes an object literal ({ x1: 10, y1: 20 })', node)
          else bindLive(node, key.slice(1), bound.code, file)
        } else if (!spread) bind(node, key.slice(1), bound.value, file)
        else if (bound.value && typeof bound.value === 'object' && !Array.isArray(bound.value)) for (const [k, v] of Object.entries(bound.value)) bind(node, k, v, file)
        else file.message('"v-bind" was dropped: it takes an object ({ x1: 10, y1: 20 })', node)
      }
    })
  }
}
