// Slidev's v-motion: the values an element moves to (x, y, scale, rotate, opacity) from its variants, at a click and
// a place in the talk; shared by the plugin (which reads the variants) and the runtime (which animates to them).

/** The values a variant sets, as @vueuse/motion names them (x, y in px, rotate in degrees). */
export interface MotionValues {
  x?: number
  y?: number
  scale?: number
  rotate?: number
  opacity?: number
}

/** @vueuse/motion's transition options as Slidev decks write them (times in milliseconds). */
export interface MotionTransition {
  delay?: number
  duration?: number
  type?: 'spring' | 'keyframes' | 'tween' | 'inertia'
  stiffness?: number
  damping?: number
  mass?: number
  ease?: string | number[]
}

export type MotionVariant = MotionValues & { transition?: MotionTransition }

/** A `:click-N` variant (`until` for `:click-N-M`: from N to before M). */
export interface MotionClickVariant {
  at: number
  until?: number
  variant: MotionVariant
}

/** Everything `v-motion` says of an element, as the build hands it to the runtime. */
export interface MotionSpec {
  initial: MotionVariant
  enter: MotionVariant
  leave: MotionVariant
  clicks: MotionClickVariant[]
}

export const MOTION_VALUE_KEYS = ['x', 'y', 'scale', 'rotate', 'opacity'] as const

/**
 * Where the element is in the talk: `before` its slide (or its `v-click`) is reached, `shown`, or `after` it was
 * left; `final` where nothing moves and everything has happened (the reader, a static page at its last click).
 */
export type MotionPhase = 'before' | 'shown' | 'after'

const isActive = (click: MotionClickVariant, clicks: number) => clicks >= click.at && (click.until === undefined || clicks < click.until)

/** The values an element has when no variant moves it. */
const IDENTITY: Required<MotionValues> = { x: 0, y: 0, scale: 1, rotate: 0, opacity: 1 }

/** The identity values of every key some variant of `spec` moves: a variant that ends puts its keys back. */
function restingValues(spec: MotionSpec): MotionValues {
  const variants = [spec.initial, spec.enter, spec.leave, ...spec.clicks.map((click) => click.variant)]
  const resting: MotionValues = {}
  for (const key of MOTION_VALUE_KEYS) if (variants.some((variant) => variant[key] !== undefined)) resting[key] = IDENTITY[key]
  return resting
}

/**
 * The variant an element is at: `before` its initial one; `shown` the enter variant (over the initial one, as Slidev
 * mixes them) with each click variant active at `clicks` over it (in the order of their clicks); `after` the leave
 * variant over that. `null` clicks (a page with no steps: the reader) is the state after every click, as a printed
 * slide's last page. Keys a variant does not set are at rest (x 0, scale 1, opacity 1…), so a `:click-2-4` undoes
 * itself at click 4.
 */
export function motionTarget(spec: MotionSpec, phase: MotionPhase, clicks: number | null): MotionVariant {
  const resting = restingValues(spec)
  if (phase === 'before') return { ...resting, ...spec.initial }
  const at = clicks ?? Number.POSITIVE_INFINITY
  const active = [...spec.clicks].sort((a, b) => a.at - b.at).filter((click) => isActive(click, at))
  const shown = Object.assign({ ...resting, ...spec.initial }, spec.enter, ...active.map((click) => click.variant)) as MotionVariant
  return phase === 'after' ? { ...shown, ...spec.leave } : shown
}

/** @vueuse/motion's transition (milliseconds, as Slidev decks write it) in the motion library's terms (seconds). */
export function motionTransition(transition: MotionTransition | undefined): Record<string, unknown> | undefined {
  if (!transition) return undefined
  const { delay, duration, type, ...rest } = transition
  return {
    ...rest,
    ...(delay === undefined ? {} : { delay: delay / 1000 }),
    ...(duration === undefined ? {} : { duration: duration / 1000 }),
    ...(type === undefined ? {} : { type: type === 'keyframes' ? 'tween' : type }),
  }
}
