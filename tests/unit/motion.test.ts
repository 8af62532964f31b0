// v-motion: its variants read at build time (x, y, scale, rotate, opacity and a transition), its `:click-N` and
// `:click-N-M` adding no click (as in Slidev 53), the element handed to the Motion component; bad variants warned about
// with their line, the element kept; the values at each click and place (shared/motion.ts).
import { describe, expect, it } from 'vitest'
import { resolve } from 'node:path'
import { analyzeSlide } from '../../plugin/markdown/pipeline'
import { slideModuleCode } from '../../plugin/markdown/to-module'
import { parseMotionVariant } from '../../plugin/markdown/rehype-motion'
import { motionTarget, motionTransition, type MotionSpec } from '../../shared/motion'

const root = resolve(import.meta.dirname, '../..')
const options = { frontmatter: {}, mermaid: {}, lineNumbers: false, codeCopy: false, publicDir: resolve(root, 'public'), deckDir: root, checkDiagrams: false as const }

function compile(content: string) {
  const analyzed = analyzeSlide(content, options)
  const code = slideModuleCode({ no: 1, hast: analyzed.hast, noteHtml: '' })
  const motions = [...code.matchAll(/_jsx\(_Motion,\{"is":"(\w+)","motion":(\{.*?"clicks":\[(?:\{.*?\}\}(?:,(?=\{))?)*\]\})/g)].map((m) => ({ is: m[1], ...(JSON.parse(m[2]!) as MotionSpec) }))
  return { analyzed, code, motions }
}

const BOX = '<div v-motion :initial="{ x: -80, opacity: 0 }" :enter="{ x: 0, opacity: 1, transition: { delay: 200, duration: 500 } }" :click-1="{ y: 30 }" :click-2-4="{ scale: 2 }" :leave="{ x: 80 }">box</div>'

describe('v-motion at build time', () => {
  it('reads every variant into the Motion component’s spec; no attribute is left on the element', () => {
    const { analyzed, code, motions } = compile(BOX)
    expect(analyzed.messages).toEqual([])
    expect(code).toContain('import _Motion from "/src/components/Motion.tsx"')
    expect(motions).toEqual([
      {
        is: 'div',
        initial: { x: -80, opacity: 0 },
        enter: { x: 0, opacity: 1, transition: { delay: 200, duration: 500 } },
        leave: { x: 80 },
        clicks: [
          { at: 1, variant: { y: 30 } },
          { at: 2, until: 4, variant: { scale: 2 } },
        ],
      },
    ])
    expect(code).not.toMatch(/"(:|v-)(initial|enter|leave|click|motion)/)
    expect(compile('<div v-click>x</div>').code).not.toContain('Motion')
  })

  it('click variants add no click to the slide, as in Slidev 53 (they move the element at clicks made otherwise)', () => {
    expect(compile(BOX).analyzed.clicks).toBe(0)
    const { analyzed, code } = compile(`${BOX}\n\n<p v-click>a</p>\n\n<p v-click>b</p>`)
    expect(analyzed.clicks).toBe(2)
    expect(code).toMatch(/"data-click-since":"2"/)
    expect(compile('<p v-click>a</p>\n\n<div v-motion :click-6="{ y: 1 }">b</div>').analyzed.clicks).toBe(1)
    // A slide reaches them with `clicks:`, as a Slidev deck does.
    expect(analyzeSlide(BOX, { ...options, frontmatter: { clicks: 4 } }).clicks).toBe(4)
  })

  it('a variant that is no object literal is ignored with a warning naming its line; the element stays', () => {
    const { analyzed, motions, code } = compile('# T\n\n<div v-motion :initial="{ x: " :enter="{ x: 0, color: \'red\' }" :click-3-2="{ y: 1 }">kept</div>')
    expect(analyzed.messages).toEqual([
      { line: 3, message: expect.stringMatching(/^v-motion's ":initial" is not an object literal/) },
      { line: 3, message: expect.stringMatching(/":enter" moves only x, y, scale, rotate and opacity; "color" ignored/) },
      { line: 3, message: expect.stringMatching(/":click-3-2" ends before it starts/) },
    ])
    expect(motions[0]).toMatchObject({ initial: {}, enter: { x: 0 }, clicks: [] })
    expect(code).toContain('kept')
    expect(analyzed.clicks).toBe(0)
  })

  it('parseMotionVariant keeps numbers of the five values and the transition’s known keys', () => {
    expect(parseMotionVariant("{ x: 1, rotate: 45, scale: '2', transition: { type: 'spring', stiffness: 20, bounce: 1 } }")).toEqual({ variant: { x: 1, rotate: 45, transition: { type: 'spring', stiffness: 20 } }, ignored: ['scale'] })
    expect(parseMotionVariant('[1, 2]')).toEqual({ problem: expect.stringMatching(/not an object literal/) })
  })
})

describe('motionTarget (shared/motion.ts)', () => {
  const spec: MotionSpec = { initial: { x: -80, opacity: 0 }, enter: { x: 0, opacity: 1 }, leave: { x: 80 }, clicks: [{ at: 2, until: 4, variant: { scale: 2 } }, { at: 1, variant: { y: 30 } }] }
  it.each([
    ['before', 0, { x: -80, y: 0, scale: 1, opacity: 0 }],
    ['shown', 0, { x: 0, y: 0, scale: 1, opacity: 1 }],
    ['shown', 1, { x: 0, y: 30, scale: 1, opacity: 1 }],
    ['shown', 3, { x: 0, y: 30, scale: 2, opacity: 1 }],
    ['shown', 4, { x: 0, y: 30, scale: 1, opacity: 1 }],
    ['after', 4, { x: 80, y: 30, scale: 1, opacity: 1 }],
    ['shown', null, { x: 0, y: 30, scale: 1, opacity: 1 }],
  ] as const)('%s at click %s', (phase, clicks, values) => {
    expect(motionTarget(spec, phase, clicks)).toEqual(values)
  })

  it('transitions in milliseconds become the motion library’s seconds', () => {
    expect(motionTransition({ delay: 200, duration: 500, type: 'keyframes' })).toEqual({ delay: 0.2, duration: 0.5, type: 'tween' })
    expect(motionTransition({ type: 'spring', damping: 10, stiffness: 20, mass: 2 })).toEqual({ type: 'spring', damping: 10, stiffness: 20, mass: 2 })
    expect(motionTransition(undefined)).toBeUndefined()
  })
})
