// Writes a slide's HAST as the code of a React module: rehype-react runs at build time with a runtime that emits code.
import { unified } from 'unified'
import rehypeReact from 'rehype-react'
import type { Root, Element } from 'hast'
import { HOT_EVENTS } from '../../shared/events.ts'
import { NAMED_SLOT_TAG } from './rehype-named-slots.ts'

/** A runtime component a `deck-*` element maps to, and where the browser imports it from. */
export interface ComponentRef {
  name: string
  /** The module whose default export it is. */
  from: string
}

const builtin = (name: string): ComponentRef => ({ name, from: `/src/components/builtin/${name}.tsx` })

/** Slidev's built-in components an author writes as tags, keyed by their HAST tag name; a deck's own may replace them. */
export const builtinComponents: Record<string, ComponentRef> = {
  'deck-link': { name: 'SlideLink', from: '/src/components/SlideLink.tsx' },
  'deck-toc': builtin('Toc'),
  'deck-arrow': builtin('Arrow'),
  'deck-transform': builtin('Transform'),
  'deck-slide-current-no': builtin('SlideCurrentNo'),
  'deck-slides-total': builtin('SlidesTotal'),
  'deck-youtube': builtin('Youtube'),
  'deck-light-or-dark': builtin('LightOrDark'),
  'deck-render-when': builtin('RenderWhen'),
  'deck-auto-fit-text': builtin('AutoFitText'),
  'deck-tweet': builtin('Tweet'),
  'deck-slidev-video': builtin('SlidevVideo'),
}

/** Components the compiler puts in for Markdown (diagram fences, code blocks, iframes): never replaced. */
export const compilerComponents: Record<string, ComponentRef> = {
  'deck-mermaid': { name: 'Mermaid', from: '/src/components/Mermaid.tsx' },
  'deck-code-copy': { name: 'CodeCopy', from: '/src/components/CodeCopy.tsx' },
  'deck-embed': { name: 'Embed', from: '/src/components/Embed.tsx' },
  'deck-magic-move': { name: 'MagicMove', from: '/src/components/MagicMove.tsx' },
  'deck-monaco': { name: 'Monaco', from: '/src/components/Monaco.tsx' },
}

/** Every component a slide can use: the built-in ones, the deck's own (components/, by file name), the compiler's. */
export function slideComponents(deckComponents: Record<string, ComponentRef> = {}): Record<string, ComponentRef> {
  return { ...builtinComponents, ...deckComponents, ...compilerComponents }
}

/** Marks a property value that is a file for Vite to bundle (rehype-images): the module imports it and uses its URL. */
export const ASSET_PREFIX = '\u0000deck-asset:'
/** Marks a component's bound value (rehype-bindings), JSON after the prefix: the module writes it as a literal. */
export const BOUND_PREFIX = '\u0000deck-bound:'

/**
 * A HAST property holding an element's whole content as HTML made at build time (escaped text and plain markup, such
 * as highlighted code): the module renders it with `dangerouslySetInnerHTML`, one element instead of many.
 */
export const STATIC_HTML_PROPERTY = 'dataDeckStaticHtml'
/** The same property as rehype-react hands it to the module's jsx (React's attribute case). */
const STATIC_HTML_PROP = 'data-deck-static-html'

/**
 * Expressions (rehype-bindings), each the source of a function body of the slide's context: `{{ … }}` is a
 * LIVE_TEXT_TAG element, `v-if`/`v-else` a LIVE_CHOICE_TAG of LIVE_BRANCH_TAG elements, `:attr` and `v-show` these
 * properties of the element they are on. The module hands them to the Live component, imported only when used.
 */
export const LIVE_TEXT_TAG = 'slidev-live-text'
export const LIVE_CHOICE_TAG = 'slidev-live-choice'
export const LIVE_BRANCH_TAG = 'slidev-live-branch'
/** The expression of a LIVE_TEXT_TAG or a LIVE_BRANCH_TAG (none on `v-else`). */
export const LIVE_EXPRESSION_PROPERTY = 'dataDeckExpression'
/** An element's bound attributes: JSON of `{ prop: expression }`, props named as React (or the component) names them. */
export const LIVE_BIND_PROPERTY = 'dataDeckBind'
/** An element's `v-show` expression. */
export const LIVE_SHOW_PROPERTY = 'dataDeckShow'
const LIVE: ComponentRef = { name: '_Live', from: '/src/components/Live.tsx' }
/** An element's `v-mark` (rehype-clicks): JSON of `{ type, color, since }`; the Mark component draws it at its click. */
export const MARK_PROPERTY = 'dataDeckMark'
const MARK: ComponentRef = { name: '_Mark', from: '/src/components/Mark.tsx' }
/** An element's `v-motion` (rehype-motion): JSON of a MotionSpec; the Motion component moves it at its clicks. */
export const MOTION_PROPERTY = 'dataDeckMotion'
const MOTION: ComponentRef = { name: '_Motion', from: '/src/components/Motion.tsx' }
/** A draggable element (rehype-drag): JSON of a DragSpec; the Drag component places it (and moves it in dev). */
export const DRAG_PROPERTY = 'dataDeckDrag'
const DRAG: ComponentRef = { name: '_Drag', from: '/src/components/Drag.tsx' }
const liveProp = (property: string): string => property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
const liveFunction = (body: unknown): Code => new Code(`(c)=>(${String(body)})`)

class Code {
  constructor(readonly code: string) {}
}

const FRAGMENT = Symbol('Fragment')

/** A `<template #name>` of a component (rehype-named-slots), on its way to becoming the prop `name`. */
/** A branch of a `v-if` chain on its way into its LIVE_CHOICE_TAG. */
class Branch {
  constructor(
    readonly when: string | null,
    readonly content: unknown[],
  ) {}
}

class NamedSlot {
  constructor(
    readonly name: string,
    readonly content: unknown[],
  ) {}
}

const blank = (child: unknown): boolean => typeof child === 'string' && !child.trim()
const childList = (children: unknown): unknown[] => (children === undefined ? [] : Array.isArray(children) ? children : [children])
/** Content without the line breaks around it. */
function trimmed(content: unknown[]): unknown[] {
  let [start, end] = [0, content.length]
  while (start < end && blank(content[start])) start++
  while (end > start && blank(content[end - 1])) end--
  return content.slice(start, end)
}

/**
 * A component's props with its named slots filled: `#name` the prop `name` (camelCased, as Vue's `#my-slot` is
 * `mySlot`), `#default` (else whatever is outside every template) its children. An HTML element shows them in place.
 */
function fillSlots(props: Record<string, unknown>, component: boolean, serializeCode: (value: unknown) => string): Record<string, unknown> {
  const children = childList(props.children)
  if (!children.some((child) => child instanceof NamedSlot)) return props
  const next = { ...props }
  if (!component) {
    next.children = children.flatMap((child) => (child instanceof NamedSlot ? child.content : [child]))
    return next
  }
  const fragment = (content: unknown[]): unknown => (content.length === 1 ? content[0] : content.length ? new Code(`_jsxs(_Fragment,{children:${serializeCode(content)}})`) : null)
  const slots = children.filter((child): child is NamedSlot => child instanceof NamedSlot)
  for (const slot of slots) if (slot.name !== 'default') next[slot.name.replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase())] = fragment(trimmed(slot.content))
  const named = slots.find((slot) => slot.name === 'default')
  const rest = trimmed(named ? named.content : children.filter((child) => !(child instanceof NamedSlot)))
  if (rest.length) next.children = rest.length === 1 ? rest[0] : rest
  else delete next.children
  return next
}

function serialize(value: unknown, asset: (path: string) => string): string {
  if (value instanceof Code) return value.code
  if (typeof value === 'string' && value.startsWith(ASSET_PREFIX)) return asset(value.slice(ASSET_PREFIX.length))
  if (typeof value === 'string' && value.startsWith(BOUND_PREFIX)) return value.slice(BOUND_PREFIX.length)
  if (Array.isArray(value)) return `[${value.map((v) => serialize(v, asset)).join(',')}]`
  if (value === undefined) return 'undefined'
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined)
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${serialize(v, asset)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

/** The code of the JSX expression for a HAST root, and the components it uses. */
function toExpression(root: Root, components: Record<string, ComponentRef>, used: Map<string, ComponentRef>, onUnknown: (tag: string) => void): string {
  const asset = (path: string) => {
    for (const ref of used.values()) if (ref.from === path) return ref.name
    const ref = { name: `_asset${used.size}`, from: path }
    used.set(ref.name, ref)
    return ref.name
  }
  const keyCode = (key?: string) => (key === undefined ? '' : `,${JSON.stringify(key)}`)
  const fragment = (content: unknown[]): unknown => (content.length === 1 ? content[0] : content.length ? new Code(`_jsxs(_Fragment,{children:${serialize(content, asset)}})`) : null)
  const jsx = (type: unknown, props: Record<string, unknown>, key?: string): Code | NamedSlot | Branch => {
    if (type === NAMED_SLOT_TAG) return new NamedSlot(String(props.name ?? 'default'), childList(props.children))
    if (type === LIVE_BRANCH_TAG) {
      const when = props[liveProp(LIVE_EXPRESSION_PROPERTY)]
      return new Branch(typeof when === 'string' ? when : null, childList(props.children))
    }
    if (type === LIVE_TEXT_TAG) {
      used.set(LIVE.name, LIVE)
      return new Code(`_jsx(_Live,{text:${liveFunction(props[liveProp(LIVE_EXPRESSION_PROPERTY)]).code}}${keyCode(key)})`)
    }
    if (type === LIVE_CHOICE_TAG) {
      used.set(LIVE.name, LIVE)
      const branches = childList(props.children).filter((child): child is Branch => child instanceof Branch)
      const list = branches.map((b) => [b.when === null ? null : liveFunction(b.when), fragment(trimmed(b.content))])
      return new Code(`_jsx(_Live,{branches:${serialize(list, asset)}}${keyCode(key)})`)
    }
    props = fillSlots(props, typeof type === 'object' && type !== null, (value) => serialize(value, asset))
    let typeCode: string
    if (type === FRAGMENT) typeCode = '_Fragment'
    else if (typeof type === 'string') {
      if (type.startsWith('deck-')) onUnknown(type)
      typeCode = JSON.stringify(type)
    } else {
      const ref = type as ComponentRef
      used.set(ref.name, ref)
      typeCode = ref.name
    }
    if (typeof props[STATIC_HTML_PROP] === 'string') {
      const { [STATIC_HTML_PROP]: html, children: _children, ...rest } = props
      props = { ...rest, dangerouslySetInnerHTML: { __html: html } }
    }
    const { [liveProp(DRAG_PROPERTY)]: drag, ...undragged } = props
    if (typeof drag === 'string') {
      // A draggable element: the Drag component renders it where it stands. Innermost, and its element is `as`, not
      // `is`, so a wrapper around it (a mark, a motion, bound attributes) keeps its own `is`: the Drag component.
      used.set(DRAG.name, DRAG)
      props = { as: new Code(typeCode), drag: JSON.parse(drag) as unknown, ...undragged }
      typeCode = DRAG.name
    }
    const { [liveProp(MARK_PROPERTY)]: mark, ...unmarked } = props
    if (typeof mark === 'string') {
      // A marked element: the Mark component renders it and draws the mark (rough-notation, loaded with it).
      used.set(MARK.name, MARK)
      props = { is: new Code(typeCode), mark: JSON.parse(mark) as unknown, ...unmarked }
      typeCode = MARK.name
    }
    const { [liveProp(MOTION_PROPERTY)]: motion, ...still } = props
    if (typeof motion === 'string') {
      // A moving element: the Motion component renders it as a motion element (the motion library, loaded with it).
      used.set(MOTION.name, MOTION)
      props = { is: new Code(typeCode), motion: JSON.parse(motion) as unknown, ...still }
      typeCode = MOTION.name
    }
    const { [liveProp(LIVE_BIND_PROPERTY)]: bind, [liveProp(LIVE_SHOW_PROPERTY)]: show, ...plain } = props
    if (bind !== undefined || show !== undefined) {
      // Attributes that change with the click: the Live component renders the element with them.
      used.set(LIVE.name, LIVE)
      const bound = Object.entries(JSON.parse(String(bind ?? '{}')) as Record<string, string>)
      props = { is: new Code(typeCode), ...plain, ...(bound.length ? { bind: new Code(`(c)=>({${bound.map(([k, v]) => `${JSON.stringify(k)}:(${v})`).join(',')}})`) } : {}), ...(show === undefined ? {} : { show: liveFunction(show) }) }
      typeCode = LIVE.name
    }
    const fn = Array.isArray(props.children) ? '_jsxs' : '_jsx'
    return new Code(`${fn}(${typeCode},${serialize(props, asset)}${keyCode(key)})`)
  }
  const processor = unified().use(rehypeReact, {
    Fragment: FRAGMENT,
    jsx,
    jsxs: jsx,
    components,
    elementAttributeNameCase: 'react',
    stylePropertyNameCase: 'dom',
    ignoreInvalidStyle: true,
    passKeys: true,
  } as never)
  const result = processor.stringify(root) as unknown
  return result instanceof Code ? result.code : 'null'
}

export interface SlideModuleInput {
  no: number
  /** The slide's HAST: a root whose children are `deck-slot` elements. */
  hast: Root
  noteHtml: string
  /** Style sheets to import (KaTeX's, the slide's scoped style). */
  styles?: string[]
  /** Frontmatter values the build resolved (layout images: a URL, or an ASSET_PREFIX file Vite bundles). */
  frontmatter?: Record<string, string>
  /** The deck's own components (plugin/deck/components.ts), keyed by tag. */
  deckComponents?: Record<string, ComponentRef>
  /** Receives the tag of a `deck-*` element no component is registered for (rehype-components has warned already). */
  onUnknownComponent?: (tag: string) => void
}

/** The module code of one slide: `slots` (React elements per layout slot), `noteHtml`, and HMR self-acceptance. */
export function slideModuleCode({ no, hast, noteHtml, styles = [], frontmatter = {}, deckComponents, onUnknownComponent = () => {} }: SlideModuleInput): string {
  const components = slideComponents(deckComponents)
  const used = new Map<string, ComponentRef>()
  const slots: string[] = []
  for (const slot of hast.children as Element[]) {
    const name = String(slot.properties?.name ?? 'default')
    // An empty slot is null, so a layout can tell it from content (end's "END", two-cols-header's bottom row).
    const empty = slot.children.every((child) => child.type === 'text' && !child.value.trim())
    const expression = empty ? 'null' : toExpression({ type: 'root', children: slot.children }, components, used, onUnknownComponent)
    slots.push(`${JSON.stringify(name)}: ${expression}`)
  }
  const frontmatterCode = serialize(frontmatter, (path) => {
    const ref = { name: `_image${used.size}`, from: path }
    used.set(ref.name, ref)
    return ref.name
  })
  const imports = [...used.values()].map((ref) => `import ${ref.name} from ${JSON.stringify(ref.from)}`)
  return [
    `import { jsx as _jsx, jsxs as _jsxs, Fragment as _Fragment } from 'react/jsx-runtime'`,
    ...imports,
    ...styles.map((style) => `import ${JSON.stringify(style)}`),
    `export const no = ${no}`,
    `export const noteHtml = ${JSON.stringify(noteHtml)}`,
    `export const slots = {\n${slots.join(',\n')}\n}`,
    `export const frontmatter = ${frontmatterCode}`,
    // A content edit replaces this module only; the runtime swaps the slide in place.
    `if (import.meta.hot) import.meta.hot.accept((mod) => { if (mod) window.dispatchEvent(new CustomEvent(${JSON.stringify(HOT_EVENTS.slideUpdate)}, { detail: { no: ${no}, module: mod } })) })`,
  ].join('\n')
}
