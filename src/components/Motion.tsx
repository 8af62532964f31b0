// Slidev's v-motion: an element that moves (x, y, scale, rotate, opacity) as its slide enters and leaves and at its
// clicks, animated on the compositor by the motion library, loaded only by slides that move something. A static page
// (print, the reader, a thumbnail, the prerendered HTML) and a viewer who prefers reduced motion get the values of
// the click at once.
import { createElement, useContext, type ComponentType } from 'react'
import { useAtomValue } from 'jotai'
import { LazyMotion, domAnimation, m as motionElements, useReducedMotion, type Transition } from 'motion/react'
import { viewModeAtom } from '../state/nav'
import { useHydrated } from '../state/hydrated'
import { DeckPositionContext, SlideRenderContext, useSlideClicks, useSlideNo } from '../state/slide-context'
import { CLICK_ATTRIBUTES, isShownAt } from '../../shared/clicks'
import { motionTarget, motionTransition, type MotionPhase, type MotionSpec } from '../../shared/motion'

export interface MotionProps {
  is: string | ComponentType<Record<string, unknown>>
  motion: MotionSpec
  [prop: string]: unknown
}

const elements = new Map<unknown, ComponentType<Record<string, unknown>>>()

/**
 * The motion element for a tag or component, made once: the library's `m` elements, which carry no features of their
 * own (LazyMotion below gives them the animation ones only: no drag, layout or gestures, a third less code).
 */
function motionElementOf(is: MotionProps['is']): ComponentType<Record<string, unknown>> {
  let element = elements.get(is)
  if (!element) {
    element = motionElements.create(is as never) as unknown as ComponentType<Record<string, unknown>>
    elements.set(is, element)
  }
  return element
}

/** Where the element stands by its own click (`v-click` with `v-motion`): before it, shown, or after it. */
function clickPhase(props: Record<string, unknown>, clicks: number): MotionPhase {
  const since = props[CLICK_ATTRIBUTES.since]
  if (since === undefined) return 'shown'
  const until = props[CLICK_ATTRIBUTES.until]
  const timing = { since: Number(since), until: until === undefined ? undefined : Number(until), hide: props[CLICK_ATTRIBUTES.hide] === 'true' }
  if (isShownAt(timing, clicks)) return 'shown'
  return clicks < timing.since ? 'before' : 'after'
}

export default function Motion({ is, motion: spec, ...props }: MotionProps) {
  const clicks = useSlideClicks()
  const no = useSlideNo()
  const position = useContext(DeckPositionContext)
  const place = useContext(SlideRenderContext)
  const mode = useAtomValue(viewModeAtom)
  const hydrated = useHydrated()
  const reduced = useReducedMotion()
  // Moving only where a talk goes on: the play view and the presenter's current slide.
  const live = position !== null && clicks !== null && mode !== 'print' && (place === null || place === 'presenter')
  let phase: MotionPhase = clicks === null ? 'shown' : clickPhase(props, clicks)
  // A slide rendered ahead waits at its initial values; one left behind at its leave values.
  if (live && no !== null && no !== position.no) phase = no > position.no ? 'before' : 'after'
  const { transition, ...values } = motionTarget(spec, phase, clicks)
  const still = !live || reduced === true
  const element = createElement(motionElementOf(is), {
    ...props,
    // The page's own render starts from the initial values (an entrance); the build's HTML, and the render that
    // takes it over, show the values of the click.
    initial: live && hydrated ? { ...spec.initial, transition: undefined } : false,
    animate: values,
    transition: still ? { duration: 0 } : (motionTransition(transition) as Transition | undefined),
    'data-motion': phase,
  })
  return <LazyMotion features={domAnimation}>{element}</LazyMotion>
}
