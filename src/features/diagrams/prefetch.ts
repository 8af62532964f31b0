// Makes the next diagram slide instant: while the browser is idle, and no slide change is animating, mermaid is
// fetched and the diagrams of the current slide's neighbours are rendered into the cache, in the colour scheme on
// screen.
import { isValidElement, type ComponentType, type ReactNode } from 'react'
import { deckStore } from '../../state/store'
import { positionAtom } from '../../state/nav'
import { slidesAtom } from '../../state/deck'
import { isDarkAtom } from '../../state/color-scheme'
import { loadSlide } from '../../state/slide-modules'
import { diagramNeighbours, type DiagramRequest } from '../../../shared/diagram'
import { renderDiagram, setPrefetching } from './render'
import { afterPaint } from '../../state/after-paint'

/** What a diagram element carries: its text and its options JSON. */
export interface DiagramProps {
  code: string
  options?: string
}

/** Every diagram element in a slide's slots, in order. */
export function findDiagrams(slots: Record<string, ReactNode>, component: ComponentType<DiagramProps>): DiagramProps[] {
  const found: DiagramProps[] = []
  const walk = (node: ReactNode) => {
    if (Array.isArray(node)) node.forEach(walk)
    else if (isValidElement(node)) {
      const props = node.props as { children?: ReactNode } & Partial<DiagramProps>
      if (node.type === component && typeof props.code === 'string') found.push({ code: props.code, options: props.options })
      else walk(props.children)
    }
  }
  Object.values(slots).forEach(walk)
  return found
}

type Idle = (run: () => void) => () => void

/** requestIdleCallback where there is one, else a short timer; returns its cancel. */
const whenIdle: Idle = (run) => {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: 2000 })
    return () => cancelIdleCallback(handle)
  }
  const timer = setTimeout(run, 200)
  return () => clearTimeout(timer)
}

const nextIdle = () => new Promise<void>((resolve) => whenIdle(resolve))

/** The animations running on screen that end (a slide change's transition; not a slide's endless loop). */
function endingAnimations(): Animation[] {
  if (typeof document.getAnimations !== 'function') return []
  return document.getAnimations().filter((a) => a.playState === 'running' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? Infinity)))
}

/**
 * Idle time with no slide change animating: the browser finds idle moments between an animation's frames too, and a
 * diagram drawn in one (20–60 ms of mermaid's layout) drops the frames after it. Waits for the animations to end.
 */
async function quietIdle(): Promise<void> {
  for (;;) {
    await nextIdle()
    const running = endingAnimations()
    if (!running.length) return
    await Promise.all(running.map((a) => a.finished.catch(() => undefined)))
    // The frame an animation ends in is still one of its frames: a diagram drawn before the next one would draw
    // lengthens it (a trace: 15–31 ms of mermaid right after the transition's last frame).
    await new Promise<void>((resolve) => afterPaint(resolve))
  }
}

/** True once a slide is on screen: prefetching never competes with the first paint. */
const firstSlideShown = () => !!document.querySelector('.slidev-page[data-loaded="true"]')

let stop: (() => void) | undefined

/** The diagram component and its request rule, known once a slide with a diagram has loaded (it brings them). */
let drawer: { component: ComponentType<DiagramProps>; toRequest: (props: DiagramProps, dark: boolean) => DiagramRequest } | undefined

/**
 * Draws the diagrams of one loaded slide into the cache, in the scheme on screen, without waiting for idle time:
 * a print document draws them before its pages go into the page, so each is laid out beside a small DOM and every
 * page shows its diagram in its first frame. Resolves when they are drawn (a failed one shows its error later).
 */
export function drawSlideDiagrams(slots: Record<string, ReactNode>): Promise<unknown> {
  if (!drawer) return Promise.resolve()
  const { component, toRequest } = drawer
  const dark = deckStore.get(isDarkAtom)
  return Promise.all(findDiagrams(slots, component).map((props) => renderDiagram(toRequest(props, dark)).catch(() => undefined)))
}

/**
 * Starts watching the current slide (once per page). `toRequest` turns a diagram's props into a render request in
 * the scheme on screen; `component` is the diagram component whose elements are looked for.
 */
export function startDiagramPrefetch(component: ComponentType<DiagramProps>, toRequest: (props: DiagramProps, dark: boolean) => DiagramRequest) {
  drawer = { component, toRequest }
  if (stop) return
  let generation = 0
  let cancelIdle: (() => void) | undefined
  const schedule = () => {
    const mine = ++generation
    cancelIdle?.()
    // Pending from now: the work waits for idle time but is already owed.
    setPrefetching(true)
    cancelIdle = whenIdle(async () => {
      if (!firstSlideShown()) return schedule()
      try {
        await quietIdle()
        if (mine !== generation) return
        await prefetchAround(mine)
      } finally {
        if (mine === generation) setPrefetching(false)
      }
    })
  }
  const prefetchAround = async (mine: number) => {
    const slides = deckStore.get(slidesAtom)
    const { no } = deckStore.get(positionAtom)
    for (const n of diagramNeighbours(no, slides.length)) {
      if (mine !== generation) return
      // A slide that opts out of preloading is not fetched early for its diagrams either.
      if (n !== no && slides[n - 1]?.frontmatter.preload === false) continue
      const mod = await loadSlide(n)
      if (!mod) continue
      for (const props of findDiagrams(mod.slots, component)) {
        await quietIdle()
        if (mine !== generation) return
        await renderDiagram(toRequest(props, deckStore.get(isDarkAtom))).catch(() => undefined)
      }
    }
  }
  const unsubscribers = [deckStore.sub(positionAtom, schedule), deckStore.sub(isDarkAtom, schedule)]
  schedule()
  stop = () => {
    cancelIdle?.()
    generation++
    setPrefetching(false)
    unsubscribers.forEach((unsubscribe) => unsubscribe())
    stop = undefined
  }
}

if (import.meta.hot) import.meta.hot.dispose(() => stop?.())
