// Makes a slide's `<style>` apply to that slide only, as in Slidev (where every `<style>` in Markdown is scoped): each
// selector is prefixed with the slide's root class `.slidev-page-N`, so it matches inside that slide wherever it is drawn.
import postcss, { type AtRule, type Container, type Rule } from 'postcss'
import type { Root, Element, Text } from 'hast'
import { visit } from 'unist-util-visit'
import type { VFile } from 'vfile'

/** The class every drawing of slide `no` has on its root (play, presenter, overview, print, reader). */
export const slideScope = (no: number) => `.slidev-page-${no}`

/** Leading parts of a selector that sit above the slide (`html.dark h1`, `:root .x`): the scope goes after them. */
const ABOVE_SLIDE = /^((?:html|:root|body)(?:[.#[:][^\s>+~]*)?(?:\s*[>+~]?\s*(?:body)(?:[.#[:][^\s>+~]*)?)?)(\s*[>+~]?\s*|$)/i

/** One selector scoped to the slide. */
export function scopeSelector(selector: string, scope: string): string {
  const trimmed = selector.trim()
  if (!trimmed) return trimmed
  // Already scoped (a selector written for this slide, or an engine hook that names a slide) stays as written.
  if (trimmed.includes('.slidev-page-')) return trimmed
  const above = trimmed.match(ABOVE_SLIDE)
  if (above) {
    const rest = trimmed.slice(above[0].length)
    return rest ? `${above[1]} ${scope} ${rest}` : `${above[1]} ${scope}`
  }
  return `${scope} ${trimmed}`
}

/** At-rules whose inner rules are style rules to scope (others, such as @keyframes and @font-face, are global by nature). */
const SCOPED_AT_RULES = new Set(['media', 'supports', 'layer', 'container', 'scope', 'document'])

function scopeRules(container: Container, scope: string) {
  for (const node of container.nodes ?? []) {
    if (node.type === 'rule') {
      // Nested rules (CSS nesting) are relative to this one, so only the outer selector needs the scope.
      const rule = node as Rule
      rule.selectors = rule.selectors.map((selector) => scopeSelector(selector, scope))
    } else if (node.type === 'atrule' && SCOPED_AT_RULES.has((node as AtRule).name.toLowerCase())) {
      scopeRules(node as AtRule, scope)
    }
  }
}

/** A style sheet with every rule scoped to `scope`; CSS that does not parse is returned with the reason. */
export function scopeCss(css: string, scope: string): { css: string; error?: string } {
  try {
    const root = postcss.parse(css)
    scopeRules(root, scope)
    return { css: root.toString() }
  } catch (error) {
    const e = error as { reason?: string; line?: number; message?: string }
    return { css: '', error: e.reason ? `${e.reason}${e.line ? ` (line ${e.line} of the style)` : ''}` : String(e.message ?? error) }
  }
}

const styleText = (node: Element) => node.children.map((child) => (child.type === 'text' ? child.value : '')).join('')

/** Analysis: a `<style>` that is not valid CSS is a warning at its line (scoping by slide number comes with the module). */
export default function rehypeScopedStyle() {
  return (tree: Root, file: VFile) => {
    visit(tree, 'element', (node: Element) => {
      if (node.tagName !== 'style') return
      const { error } = scopeCss(styleText(node), slideScope(0))
      if (error) file.message(`This <style> is not valid CSS and is left out: ${error}`, node)
    })
  }
}

/** Every `<style>` of a slide's tree scoped to slide `no` (a copy is changed, the tree given is kept). */
export function scopeSlideStyles(tree: Root, no: number): Root {
  let copy: Root | null = null
  visit(tree, 'element', (node: Element) => {
    if (node.tagName === 'style') copy = structuredClone(tree)
  })
  if (!copy) return tree
  visit(copy as Root, 'element', (node: Element) => {
    if (node.tagName !== 'style') return
    const scoped = scopeCss(styleText(node), slideScope(no))
    // `scoped` is Slidev's word for what every slide style is here; `global` does not exist in Slidev either.
    const { scoped: _scoped, ...properties } = node.properties
    node.properties = properties
    node.children = [{ type: 'text', value: scoped.css } satisfies Text]
  })
  return copy
}
