// Resolves every click directive of a slide at build time, so navigation knows the click count before the slide is shown.
import type { Root, Element, ElementContent, Parents } from 'hast'
import type { VFile } from 'vfile'

import { isShownAt, timingAttributes, type ClickTiming } from '../../shared/clicks.ts'
import { NAMED_SLOT_TAG } from './rehype-named-slots.ts'
import { BOUND_PREFIX, LIVE_BRANCH_TAG, LIVE_CHOICE_TAG, LIVE_EXPRESSION_PROPERTY, MARK_PROPERTY } from './to-module.ts'
import JSON5 from 'json5'
import { MAGIC_MOVE_PROPERTY, MAGIC_MOVE_TAG, type MagicMoveBlock } from './remark-magic-move.ts'
import { magicMoveClicks } from '../../shared/magic-move.ts'
import { MONACO_PROPERTY, MONACO_TAG } from './remark-monaco.ts'
import type { MonacoBlock } from '../../shared/monaco.ts'

/** The attributes an author writes for a click. */
const CLICK_DIRECTIVES = ['v-click', 'v-click.hide', 'v-click-hide', 'v-after'] as const

function unquote(value: string): string {
  const v = value.trim()
  return /^(['"]).*\1$/.test(v) ? v.slice(1, -1).trim() : v
}

/** The click counter walking the slide in document order. */
export class ClickCounter {
  /** The last click taken by a relative directive (`v-click`, `'+n'`). */
  current = 0
  /** The highest click any element needs. */
  total = 0

  private resolve(value: string | number | boolean | undefined | null, file?: VFile, node?: Element): number {
    if (value === undefined || value === null || value === '' || value === true) return this.advance(1)
    const text = unquote(String(value))
    if (text === '') return this.advance(1)
    const relative = text.match(/^([+-])\s*(\d+)$/)
    if (relative) {
      const delta = Number(relative[2]) * (relative[1] === '-' ? -1 : 1)
      return delta > 0 ? this.advance(delta) : Math.max(0, this.current + delta)
    }
    if (/^\d+$/.test(text)) return Number(text)
    file?.message(`Unrecognised click value ${JSON.stringify(value)}; treated as the next click`, node)
    return this.advance(1)
  }

  private advance(delta: number): number {
    this.current += delta
    return this.current
  }

  /** A `v-click` / `v-click-hide` value: true/empty, a number, `'+n'`/`'-n'`, or `[a, b]`. */
  click(value: string | number | undefined, hide: boolean, file?: VFile, node?: Element): ClickTiming {
    const text = typeof value === 'string' ? unquote(value) : value
    const range = typeof text === 'string' ? text.match(/^\[\s*([^,\]]+)\s*,\s*([^\]]+)\s*\]$/) : null
    if (range) {
      const since = this.resolve(range[1] ?? '', file, node)
      const rawEnd = unquote(range[2] ?? '')
      // A relative end counts from the start of the range.
      const until = /^[+-]/.test(rawEnd) ? since + Number(rawEnd.replace(/\s/g, '')) : Number(rawEnd)
      if (!Number.isFinite(until) || until <= since) {
        file?.message(`Click range ${String(value)} ends before it starts`, node)
        return this.note({ since })
      }
      return this.note({ since, until, hide: hide || undefined })
    }
    return this.note({ since: this.resolve(text, file, node), hide: hide || undefined })
  }

  /** `v-after`: with the last relative click. */
  after(hide: boolean): ClickTiming {
    return this.note({ since: this.current, hide: hide || undefined })
  }

  /**
   * `size` clicks in a row from `at` (`'+1'` by default: the next click): the first is returned; a relative start
   * moves the counter past the last, as Slidev's `calculateSince` does.
   */
  span(at: string | number | undefined, size: number, file?: VFile, node?: Element): number {
    const text = at === undefined ? '+1' : unquote(String(at))
    const start = this.resolve(text, file, node)
    if (/^\+/.test(text) && size > 1) this.advance(size - 1)
    this.note({ since: start + Math.max(0, size - 1) })
    return start
  }

  /** A block of `count` line steps: its second step takes the next click, each further step one more. */
  steps(count: number): number {
    const since = this.current + 1
    if (count > 1) this.note({ since: this.advance(count - 1) })
    return since
  }

  private note(timing: ClickTiming): ClickTiming {
    this.total = Math.max(this.total, timing.until ?? timing.since)
    return timing
  }
}


function mark(node: Element, timing: ClickTiming) {
  const classes: unknown = node.properties.className
  const list = Array.isArray(classes) ? classes.map(String) : typeof classes === 'string' ? classes.split(/\s+/) : []
  // The state at click 0 is in the markup, exactly as applyClicks(…, 0) sets it: a prerendered slide shows its first
  // step before any script, and hydration finds nothing to change.
  const shown = isShownAt(timing, 0)
  node.properties.className = [...list, 'slidev-vclick-target', ...(shown ? [] : ['slidev-vclick-hidden']), ...(timing.since === 0 ? ['slidev-vclick-current'] : [])]
  if (!shown) node.properties.ariaHidden = 'true'
  Object.assign(node.properties, timingAttributes(timing))
}

function elementChildren(node: Parents): Element[] {
  return (node.children as Parents['children'][number][]).filter((c): c is Element => c.type === 'element')
}

/** List items of `list` down to `depth` levels, in document order. */
function listItems(list: Element, depth: number): Element[] {
  const items: Element[] = []
  for (const li of elementChildren(list).filter((c) => c.tagName === 'li')) {
    items.push(li)
    if (depth > 1) {
      for (const nested of elementChildren(li).filter((c) => c.tagName === 'ul' || c.tagName === 'ol')) items.push(...listItems(nested, depth - 1))
    }
  }
  return items
}

/** `<v-clicks>` gives each list item (or each child) its own click, `every` at a time. */
function clicksGroup(node: Element, counter: ClickCounter) {
  const depth = Math.max(1, Number(node.properties.depth ?? 1) || 1)
  const every = Math.max(1, Number(node.properties.every ?? 1) || 1)
  const children = elementChildren(node)
  const lists = children.filter((c) => c.tagName === 'ul' || c.tagName === 'ol')
  const targets = lists.length ? lists.flatMap((list) => listItems(list, depth)) : children
  let timing: ClickTiming | null = null
  targets.forEach((target, i) => {
    if (i % every === 0) timing = counter.click(undefined, false)
    mark(target, timing!)
  })
}

/** A `<v-click>` wrapper: moves the directive onto its single child, else becomes a div/span carrying it. */
function unwrapClick(node: Element, inline: boolean): Element {
  const meaningful = node.children.filter((c) => !(c.type === 'text' && c.value.trim() === ''))
  const [only] = meaningful
  if (meaningful.length === 1 && only?.type === 'element') return only
  return { type: 'element', tagName: inline ? 'span' : 'div', properties: {}, children: node.children }
}

/** Tags the compiler resolves here rather than a component: `<VSwitch>` (written `<v-switch>` too). */
export const CLICK_COMPONENT_TAGS = ['deck-v-switch'] as const

/** A prop of a `<v-switch>`, as written (`child-tag`) or as a component's (`childTag`), bound (`:at="2"`) or not. */
function switchProp(node: Element, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = node.properties[name]
    if (value === undefined || value === null) continue
    const text = Array.isArray(value) ? value.join(' ') : String(value)
    return text.startsWith(BOUND_PREFIX) ? String(JSON.parse(text.slice(BOUND_PREFIX.length))) : text
  }
  return undefined
}

/**
 * Slidev's `<v-switch>`: its `#N` / `#N-M` slots shown one at a time over a run of clicks. `#N` lasts until the next
 * slot starts (or one click), `#N-M` from N to before M; slot 1 is the switch's first click (`at`, the next by
 * default), and the run takes as many clicks as its last end less one. A hidden slot takes no room; `unmount`
 * removes it instead.
 */
function vSwitch(node: Element, counter: ClickCounter, file: VFile): Element {
  const slots = elementChildren(node).filter((c) => c.tagName === NAMED_SLOT_TAG)
  const ranges: [start: number, end: number, slot: Element][] = []
  let lastStart: number | undefined
  const byStart = [...slots].sort((a, b) => Number(String(b.properties.name).split('-')[0]) - Number(String(a.properties.name).split('-')[0]))
  for (const slot of byStart) {
    const name = String(slot.properties.name)
    const range = name.match(/^(\d+)(?:-(\d+))?$/)
    if (!range) {
      file.message(`<v-switch> slot #${name} is not a click (#2) nor a range of clicks (#2-4); it is left out`, slot)
      continue
    }
    const start = Number(range[1])
    const end = range[2] === undefined ? (lastStart ?? start + 1) : Number(range[2])
    ranges.push([start, end, slot])
    lastStart = start
  }
  const size = ranges.length ? Math.max(...ranges.map((r) => r[1])) - 1 : 0
  const base = counter.span(switchProp(node, 'at'), size, file, node)
  const unmount = ['', 'true'].includes(switchProp(node, 'unmount') ?? 'false')
  const childTag = switchProp(node, 'childTag', 'child-tag', 'childtag') || 'div'
  const children: ElementContent[] = ranges.reverse().map(([start, end, slot]) => {
    const timing: ClickTiming = { since: base + start - 1, until: base + end - 1 }
    const child: Element = { type: 'element', tagName: childTag, properties: { className: ['slidev-vswitch-item'] }, children: slot.children, position: slot.position }
    mark(child, timing)
    if (!unmount) return child
    // Unmounted while hidden: a condition on the slide's click, evaluated as the slide's expressions are.
    const when = `(c.$clicks)>=(${timing.since})&&(c.$clicks)<(${timing.until})`
    return { type: 'element', tagName: LIVE_CHOICE_TAG, properties: {}, children: [{ type: 'element', tagName: LIVE_BRANCH_TAG, properties: { [LIVE_EXPRESSION_PROPERTY]: when }, children: [child] }] }
  })
  // A hidden step takes no room (a revealed click's element keeps its room): the rule travels with the slide.
  const style: Element = { type: 'element', tagName: 'style', properties: {}, children: [{ type: 'text', value: '.slidev-vswitch>.slidev-vclick-hidden{display:none!important}' }] }
  return { type: 'element', tagName: switchProp(node, 'tag') || 'div', properties: { className: ['slidev-vswitch'] }, children: [...children, style], position: node.position }
}

/** Rough Notation's kinds of mark, as `v-mark.<type>` names them. */
export const MARK_TYPES = ['underline', 'circle', 'box', 'highlight', 'strike-through', 'crossed-off', 'bracket'] as const
const MARK_TYPE_OPTION: Record<string, string> = { 'strike-through': 'strike-through', 'crossed-off': 'crossed-off' }

/**
 * `v-mark.circle.red="2"`: the element stays, a Rough Notation mark is drawn on it from its click (counted as
 * `v-click` counts: bare is the next click, a number that click, `'+n'` relative, or `{ at, color, type }`).
 */
function markOf(node: Element, counter: ClickCounter, file: VFile): boolean {
  const key = Object.keys(node.properties).find((k) => k === 'v-mark' || k.startsWith('v-mark.'))
  if (key === undefined) return false
  const raw = node.properties[key]
  delete node.properties[key]
  const modifiers = key.split('.').slice(1)
  let type: string = modifiers.find((m) => (MARK_TYPES as readonly string[]).includes(m)) ?? 'underline'
  let color: string | undefined = modifiers.find((m) => !(MARK_TYPES as readonly string[]).includes(m))
  let at: string | number | undefined = raw === '' || raw === undefined || raw === null || raw === true ? undefined : String(raw)
  const text = typeof at === 'string' ? at.trim() : ''
  if (text.startsWith('{')) {
    try {
      const options = JSON5.parse(text) as { at?: string | number; color?: string; type?: string }
      at = options.at === undefined ? undefined : String(options.at)
      if (typeof options.color === 'string') color = options.color
      if (typeof options.type === 'string' && (MARK_TYPES as readonly string[]).includes(options.type)) type = options.type
    } catch {
      file.message(`v-mark="${text}" is not an object literal ({ at: 2, color: 'red', type: 'circle' }); the mark takes the next click`, node)
      at = undefined
    }
  }
  const timing = counter.click(at, false, file, node)
  node.properties[MARK_PROPERTY] = JSON.stringify({ type: MARK_TYPE_OPTION[type] ?? type, color, since: timing.since })
  return true
}

/**
 * A magic-move block takes one click per line range of every step, less the first, from its `at` (the next click by
 * default), as Slidev's `calculateSince(at, size)`: a block of one step and one range takes none.
 */
function magicMoveOf(node: Element, counter: ClickCounter, file: VFile): void {
  const block = JSON.parse(String(node.properties[MAGIC_MOVE_PROPERTY])) as MagicMoveBlock & { since?: number }
  const size = magicMoveClicks(block.steps.map((s) => s.ranges))
  block.since = size > 0 ? counter.span(block.at, size, file, node) : counter.current + 1
  node.properties[MAGIC_MOVE_PROPERTY] = JSON.stringify(block)
}

/** A `{monaco-run}` block's `showOutputAt` is a click like a v-click's value: its output shows from there. */
function monacoOutputOf(node: Element, counter: ClickCounter, file: VFile): void {
  const block = JSON.parse(String(node.properties[MONACO_PROPERTY])) as MonacoBlock
  if (block.kind !== 'monaco-run' || block.options.showOutputAt === undefined) return
  block.outputSince = counter.click(block.options.showOutputAt, false, file, node).since
  node.properties[MONACO_PROPERTY] = JSON.stringify(block)
}

const INLINE_PARENTS = new Set(['p', 'span', 'a', 'li', 'td', 'th', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'em', 'strong'])

/** Marks every click target with its timing and leaves the slide's click count in `file.data.clicks`. */
export default function rehypeClicks(options: { frontmatterClicks?: unknown } = {}) {
  return (tree: Root, file: VFile) => {
    const counter = new ClickCounter()
    const walk = (parent: Parents) => {
      parent.children = parent.children.map((child) => {
        if (child.type !== 'element') return child
        let node = child
        if (node.tagName === 'v-click') {
          const at = node.properties.at
          const hide = node.properties.hide !== undefined
          const inline = parent.type === 'element' && INLINE_PARENTS.has(parent.tagName)
          const target = unwrapClick(node, inline)
          const timing = counter.click(at === undefined ? undefined : String(at), hide, file, node)
          mark(target, timing)
          walk(target)
          return target
        }
        if (node.tagName === 'v-switch' || node.tagName === 'deck-v-switch') {
          const replaced = vSwitch(node, counter, file)
          walk(replaced)
          return replaced
        }
        if (node.tagName === 'v-clicks') {
          clicksGroup(node, counter)
          walk(node)
          node = { type: 'element', tagName: 'div', properties: { className: ['slidev-vclicks'] }, children: node.children }
          return node
        }
        markOf(node, counter, file)
        if (node.tagName === MAGIC_MOVE_TAG) magicMoveOf(node, counter, file)
        if (node.tagName === MONACO_TAG) monacoOutputOf(node, counter, file)
        if (node.properties.dataStepsCount !== undefined) node.properties.dataStepsSince = String(counter.steps(Number(node.properties.dataStepsCount)))
        const present = CLICK_DIRECTIVES.filter((name) => name in node.properties)
        if (present.length) {
          const hide = present.includes('v-click.hide') || present.includes('v-click-hide')
          const value = node.properties['v-click'] ?? node.properties['v-click.hide'] ?? node.properties['v-click-hide']
          const timing = present.includes('v-after') && !('v-click' in node.properties) ? counter.after(hide) : counter.click(value as string | undefined, hide, file, node)
          for (const name of CLICK_DIRECTIVES) delete node.properties[name]
          mark(node, timing)
        }
        walk(node)
        return node as ElementContent
      }) as typeof parent.children
    }
    walk(tree)
    const override = options.frontmatterClicks
    const clicks = typeof override === 'number' && Number.isInteger(override) && override >= 0 ? override : counter.total
    if (override !== undefined && clicks !== override) file.message(`"clicks: ${String(override)}" is not a whole number ≥ 0; counted ${counter.total} instead`)
    file.data.clicks = clicks
  }
}
