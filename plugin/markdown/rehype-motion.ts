// Reads Slidev's `v-motion` with its `:initial`, `:enter`, `:leave`, `:click-N` and `:click-N-M` variants (object
// literals of x, y, scale, rotate, opacity and a transition) into one property of the element, which the Motion
// component animates. Runs before rehype-bindings, which would take the variants for attributes. As in Slidev 53
// (modules/v-motion.ts: `calculate(at)`, never `register`), the click variants add no click to the slide: they move
// the element at clicks something else (a v-click, a step, `clicks:`) makes.
import type { Root, Element } from 'hast'
import { visit } from 'unist-util-visit'
import type { VFile } from 'vfile'
import JSON5 from 'json5'
import { MOTION_VALUE_KEYS, type MotionSpec, type MotionVariant } from '../../shared/motion.ts'
import { MOTION_PROPERTY } from './to-module.ts'

export type { MotionSpec } from '../../shared/motion.ts'

const TRANSITION_KEYS = ['delay', 'duration', 'type', 'stiffness', 'damping', 'mass', 'ease'] as const
const EXAMPLE = '{ x: -80, opacity: 0 }'

/** A variant's text as values, or the reason it is not one; pure. */
export function parseMotionVariant(text: string): { variant: MotionVariant; ignored: string[] } | { problem: string } {
  let value: unknown
  try {
    value = JSON5.parse(text)
  } catch {
    return { problem: `is not an object literal of x, y, scale, rotate, opacity (${EXAMPLE})` }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { problem: `is not an object literal of x, y, scale, rotate, opacity (${EXAMPLE})` }
  const variant: MotionVariant = {}
  const ignored: string[] = []
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if ((MOTION_VALUE_KEYS as readonly string[]).includes(key) && typeof v === 'number' && Number.isFinite(v)) variant[key as (typeof MOTION_VALUE_KEYS)[number]] = v
    else if (key === 'transition' && v && typeof v === 'object' && !Array.isArray(v)) {
      const transition = Object.fromEntries(Object.entries(v as Record<string, unknown>).filter(([k]) => (TRANSITION_KEYS as readonly string[]).includes(k)))
      variant.transition = transition
    } else ignored.push(key)
  }
  return { variant, ignored }
}

const VARIANT = /^:(initial|enter|leave|click-(\d+)(?:-(\d+))?)$/

/** An element's `v-motion` and variants as a MotionSpec, the attributes taken off it; problems as messages. */
export function motionSpecOf(node: Element, file: VFile): MotionSpec | null {
  if (!('v-motion' in node.properties)) return null
  delete node.properties['v-motion']
  const spec: MotionSpec = { initial: {}, enter: {}, leave: {}, clicks: [] }
  for (const key of Object.keys(node.properties)) {
    const name = key.match(VARIANT)
    if (!name) {
      if (/^:?click-/.test(key) || /^(initial|enter|leave)$/.test(key)) file.message(`v-motion's "${key}" is not read: variants are written :initial, :enter, :leave, :click-N or :click-N-M`, node)
      continue
    }
    const text = String(node.properties[key] ?? '')
    delete node.properties[key]
    const parsed = parseMotionVariant(text)
    if ('problem' in parsed) {
      file.message(`v-motion's "${key}" ${parsed.problem}; it is ignored`, node)
      continue
    }
    if (parsed.ignored.length) file.message(`v-motion's "${key}" moves only x, y, scale, rotate and opacity; ${parsed.ignored.map((k) => `"${k}"`).join(', ')} ignored`, node)
    if (name[2] === undefined) spec[name[1] as 'initial' | 'enter' | 'leave'] = parsed.variant
    else {
      const at = Number(name[2])
      const until = name[3] === undefined ? undefined : Number(name[3])
      if (until !== undefined && until <= at) {
        file.message(`v-motion's "${key}" ends before it starts; it is ignored`, node)
        continue
      }
      spec.clicks.push({ at, ...(until === undefined ? {} : { until }), variant: parsed.variant })
    }
  }
  return spec
}

export default function rehypeMotion() {
  return (tree: Root, file: VFile) => {
    visit(tree, 'element', (node: Element) => {
      const spec = motionSpecOf(node, file)
      if (spec) node.properties[MOTION_PROPERTY] = JSON.stringify(spec)
    })
  }
}
