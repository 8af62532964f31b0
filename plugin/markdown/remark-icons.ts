// Turns Slidev's icon tags (`<carbon:arrow-right />`, `<mdi-home class="text-red" />`) into inline SVG from the installed
// Iconify sets, at build time; an unknown icon or set is a warning and leaves nothing behind.
import type { Root, Html, Link, Parent, RootContent, Text } from 'mdast'
import { visit, SKIP } from 'unist-util-visit'
import type { VFile } from 'vfile'
import { iconSetsFor, iconSvg, type IconSets } from './icon-sets.ts'

export interface RemarkIconsOptions {
  /** The deck file's folder: icon sets are looked for from there (then beside the engine). */
  deckDir: string
}

const NAME = '[a-z][a-z0-9]*(?:-[a-z0-9]+)*'
const ATTRIBUTES = `(?:\\s+[^\\s<>/="']+(?:\\s*=\\s*(?:"[^"]*"|'[^']*'|[^\\s"'<>/]+))?)*`
/** `<collection:name …/>`, `<collection-name …/>`, or either with an empty closing tag. */
const ICON_TAG = new RegExp(`<(${NAME})(?::(${NAME}))?(${ATTRIBUTES})\\s*(\\/>|>\\s*<\\/\\1(?::\\2)?\\s*>)`, 'g')
const ATTRIBUTE = /([^\s<>/="']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'<>/]+)))?/g
/** Dash-form tags the engine and Slidev use for themselves, never icons. */
const NOT_ICONS = /^(v|deck|slidev)-/
/** `<carbon:arrow-right/>` without a space is a Markdown autolink to `carbon:arrow-right/`. */
const AUTOLINK_ICON = new RegExp(`^(${NAME}):(${NAME})/$`)

type Warn = (message: string, offsetInNode: number) => void

const escapeAttribute = (value: string) => value.replace(/&(?![#\w]+;)/g, '&amp;').replace(/"/g, '&quot;')

/** The tag's attributes with `class` merged into the icon's own; Vue bindings (`:x`, `@x`) are warned about and dropped. */
function attributesOf(source: string, warn: (message: string) => void): [string, string][] {
  const attributes: [string, string][] = []
  for (const [, name, double, single, bare] of source.matchAll(ATTRIBUTE)) {
    if (name!.startsWith(':') || name!.startsWith('@')) {
      warn(`The icon's ${name} is a Vue binding, which this engine does not evaluate: write a plain attribute`)
      continue
    }
    attributes.push([name!, double ?? single ?? bare ?? ''])
  }
  return attributes
}

/** The SVG markup for one icon tag, '' for an unknown icon (after a warning), or null when the tag is no icon at all. */
export function iconTagToSvg(tag: RegExpMatchArray, sets: IconSets, warn: (message: string) => void): string | null {
  const [written, first, colonName, attributeSource = '', ending] = tag
  let collection: string
  let name: string
  if (colonName) {
    collection = first!
    name = colonName
  } else {
    if (!first!.includes('-') || NOT_ICONS.test(first!)) return null
    const installed = sets.collections().find((c) => first!.startsWith(`${c}-`))
    // `<my-widget></my-widget>` is a custom element; only a self-closing tag (which HTML would not close) is taken for an icon.
    if (!installed && !ending!.startsWith('/')) return null
    collection = installed ?? first!.slice(0, first!.indexOf('-'))
    name = first!.slice(collection.length + 1)
  }
  const set = sets.set(collection)
  if (!set) {
    const known = sets.collections()
    warn(`${written!.trim()}: no icon set "${collection}" is installed (installed: ${known.length ? [...known].sort().join(', ') : 'none'}); add it with npm install -D @iconify-json/${collection}`)
    return ''
  }
  const svg = iconSvg(set, name)
  if (!svg) {
    warn(`${written!.trim()}: the "${collection}" icon set has no icon "${name}"`)
    return ''
  }
  const classes = ['slidev-icon']
  const rest: [string, string][] = []
  for (const [key, value] of attributesOf(attributeSource, warn)) {
    if (key === 'class') classes.push(value)
    else if (!(key in svg.attributes)) rest.push([key, value])
    else svg.attributes[key] = value
  }
  const labelled = rest.some(([key]) => key === 'aria-label' || key === 'title')
  const attributes: [string, string][] = [
    ...Object.entries(svg.attributes),
    ['class', classes.filter(Boolean).join(' ')],
    // An icon is decoration unless the author names it.
    labelled ? ['role', 'img'] : ['aria-hidden', 'true'],
    ...rest,
  ]
  return `<svg xmlns="http://www.w3.org/2000/svg" ${attributes.map(([k, v]) => `${k}="${escapeAttribute(v)}"`).join(' ')}>${svg.body}</svg>`
}

/** Every icon tag in an HTML or text string replaced by its SVG. */
export function replaceIconTags(value: string, sets: IconSets, warn: Warn): string {
  return value.replace(ICON_TAG, (...match) => {
    const offset = match[match.length - 2] as number
    const tag = Object.assign(match.slice(0, 5) as string[], { index: offset }) as unknown as RegExpMatchArray
    return iconTagToSvg(tag, sets, (message) => warn(message, offset)) ?? match[0]
  })
}

/** The 1-based line of a place inside a node, counting the node's own line breaks before it. */
function lineAt(node: RootContent, value: string, offset: number): number | undefined {
  const start = node.position?.start.line
  return start === undefined ? undefined : start + (value.slice(0, offset).match(/\n/g)?.length ?? 0)
}

export default function remarkIcons(options: RemarkIconsOptions) {
  return (tree: Root, file: VFile) => {
    const sets = iconSetsFor(options.deckDir)
    const warnFor = (node: RootContent, value: string): Warn => (message, offset) =>
      file.message(message, { place: { line: lineAt(node, value, offset) ?? 1, column: 1 } })
    visit(tree, (node, index, parent: Parent | undefined) => {
      if (node.type === 'html') {
        const html = node as Html
        html.value = replaceIconTags(html.value, sets, warnFor(html, html.value))
        return
      }
      if (!parent || index === undefined) return
      if (node.type === 'link') {
        // An autolink `<carbon:arrow-right/>`: written with `<` and naming an icon, not an address.
        const link = node as Link
        const match = link.url.match(AUTOLINK_ICON)
        const start = link.position?.start.offset
        if (!match || start === undefined || String(file.value)[start] !== '<') return
        const svg = iconTagToSvg(Object.assign([`<${match[1]}:${match[2]}/>`, match[1], match[2], '', '/>'], { index: 0 }) as unknown as RegExpMatchArray, sets, (message) =>
          file.message(message, link),
        )
        if (svg === null) return
        parent.children.splice(index, 1, { type: 'html', value: svg, position: link.position })
        return [SKIP, index + 1]
      }
      if (node.type !== 'text') return
      // In text only the colon form appears (`<carbon:x />` is not an HTML tag to Markdown); cut the text around each icon.
      const text = node as Text
      const pieces: RootContent[] = []
      let last = 0
      for (const match of text.value.matchAll(ICON_TAG)) {
        if (!match[2]) continue
        const svg = iconTagToSvg(match, sets, (message) => warnFor(text, text.value)(message, match.index!))
        if (svg === null) continue
        if (match.index! > last) pieces.push({ type: 'text', value: text.value.slice(last, match.index) })
        if (svg) pieces.push({ type: 'html', value: svg, position: text.position })
        last = match.index! + match[0].length
      }
      if (!pieces.length && last === 0) return
      if (last < text.value.length) pieces.push({ type: 'text', value: text.value.slice(last) })
      parent.children.splice(index, 1, ...(pieces as typeof parent.children))
      return [SKIP, index + pieces.length]
    })
  }
}
