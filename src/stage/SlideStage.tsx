// Makes slide changes move: the leaving and entering slides animate (slide-left, slide-up, reversed going back).
// The slides next to the shown one are rendered ahead, laid out and painted in place, in layers of their own at
// opacity 0.001 (out of reach: aria-hidden, inert; base.css says why not 0): moving to one reveals elements that are already styled, laid out and
// rasterised, so the key's frame only changes a layer's opacity. A slide ahead is not active: its effects that belong
// to a shown slide (ready mark, a video's autoplay) wait until it is shown. The slides ahead follow a move once its
// transition has run (never mounted in the animation's frames). A move to a slide held ahead is shown in the key's own
// task (instant-move.ts); the render that follows lands on the same classes.
import { startTransition, useDeferredValue, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { useAtomValue } from 'jotai'
import { deckStore } from '../state/store'
import { drawingsAtom } from '../state/drawings'
import { drawingModeAtom } from '../state/ui'
import SlideRenderer from './SlideRenderer'
import { preloadAround, useLoadedSlide } from '../state/slide-modules'
import { clicksOf, configAtom, slidesAtom } from '../state/deck'
import { useHydrated } from '../state/hydrated'
import { slidesAhead, stageSlides, type StageRole } from './stage-slides'
import { afterPaint } from '../state/after-paint'
import { pickTransition, prefersReducedMotion, VIEW_TRANSITION_WARNING, type TransitionName } from './transition'
import { applyMove, shownClass, SLIDE_CLASS, stageClass } from './instant-move'
import { offerInstantReveal } from '../state/instant-reveal'
import type { Position } from '../logic/nav'

interface Leaving {
  no: number
  clicks: number
  transition: TransitionName
  forward: boolean
  /** The slides asked for a view transition the browser does not have (said once, in the console). */
  viewTransitionWanted?: boolean
}

const DURATION = 450
let warnedViewTransition = false

const viewTransitionsSupported = () => typeof document !== 'undefined' && 'startViewTransition' in document

export default function SlideStage({ no, clicks, animate = true }: { no: number; clicks: number; animate?: boolean }) {
  const slides = useAtomValue(slidesAtom)
  const config = useAtomValue(configAtom)
  const [shown, setShown] = useState({ no, clicks })
  const [leaving, setLeaving] = useState<Leaving | null>(null)
  // A move waiting for a view transition to take its picture of the page before the new slide is rendered.
  const [viewTransitionTo, setViewTransitionTo] = useState<{ no: number; clicks: number } | null>(null)
  const [from, setFrom] = useState({ no, clicks })

  // A new position is taken while rendering (React renders again at once, before anything is committed), not in an
  // effect after a commit: the key's task renders the stage once, with the new slide and the leaving one.
  const transitionOf = (a: number, b: number): TransitionName => (animate && !prefersReducedMotion() ? pickTransition(slides[a - 1], slides[b - 1], b > a, config.transition) : 'none')
  if (from.no !== no || from.clicks !== clicks) {
    setFrom({ no, clicks })
    if (from.no === no) setShown({ no, clicks })
    else {
      const forward = no > from.no
      let transition = transitionOf(from.no, no)
      if (transition === 'view-transition' && viewTransitionsSupported()) setViewTransitionTo({ no, clicks })
      else {
        const viewTransitionWanted = transition === 'view-transition'
        if (viewTransitionWanted) transition = 'slide-left'
        setShown({ no, clicks })
        setLeaving(transition === 'none' ? null : { no: from.no, clicks: from.clicks, transition, forward, viewTransitionWanted })
      }
    }
  }

  useLayoutEffect(() => {
    if (!viewTransitionTo) return
    const doc = document as Document & { startViewTransition: (cb: () => void) => unknown }
    doc.startViewTransition(() => flushSync(() => setShown(viewTransitionTo)))
    setLeaving(null)
    setViewTransitionTo(null)
  }, [viewTransitionTo])

  useEffect(() => {
    if (!leaving?.viewTransitionWanted || warnedViewTransition) return
    warnedViewTransition = true
    console.warn(VIEW_TRANSITION_WARNING)
  }, [leaving])

  useEffect(() => {
    if (!leaving) return
    const timer = setTimeout(() => setLeaving(null), DURATION + 50)
    return () => clearTimeout(timer)
  }, [leaving])

  // The neighbours rendered ahead: not in the build's HTML nor while hydrating it (both render the same), the page's
  // own render adds them; each only once its module is in (a hidden slide's own effects, which would load it and
  // render it again, wait until it is shown).
  const hydrated = useHydrated()
  // The slide the neighbours are chosen around: the shown one, once its transition has run (a move reveals the
  // neighbour that was ahead; the new neighbours, a slide to lay out and perhaps a diagram to draw, mount after the
  // animation, never in its frames).
  const [around, setAround] = useState(shown.no)
  const moving = leaving !== null
  useEffect(() => (around === shown.no || moving ? undefined : afterPaint(() => startTransition(() => setAround(shown.no)))), [around, shown.no, moving])
  const { next, previous } = hydrated && animate ? slidesAhead(around, slides) : { next: 0, previous: 0 }
  // Their modules and faces (and the slide after next's) load then too: a face arriving restyles the text drawn in
  // its family, which must not happen in the animation's frames.
  useEffect(() => (hydrated && animate ? afterPaint(() => preloadAround(around)) : undefined), [around, hydrated, animate])
  // A slide ahead mounts in a render of its own, in slices (a deferred value renders as a transition).
  const nextReady = useDeferredValue(useLoadedSlide(next) ? next : 0)
  const previousReady = useDeferredValue(useLoadedSlide(previous) ? previous : 0)
  // A slide ahead waits at the step a move lands on: the next slide's first, the previous slide's last (←).
  const stepOf = (n: number, role: StageRole) => (role === 'shown' ? shown.clicks : role === 'leaving' ? (leaving?.clicks ?? 0) : n < shown.no ? clicksOf(slides, n) : 0)
  // The leaving slide keeps its element (the same key as when it was shown): a change mounts at most one slide.
  const stage = stageSlides(shown.no, leaving?.no ?? 0, [previousReady, nextReady])
  const classOf = (role: StageRole) => (role === 'shown' ? shownClass(!!leaving) : SLIDE_CLASS[role])
  const className = stageClass(leaving?.transition ?? null, leaving?.forward ?? true)

  // The play stage shows a move to a slide it holds ahead at once, before React renders it (instant-move.ts).
  const stageRef = useRef<HTMLDivElement>(null)
  const live = useRef({ shown, pending: viewTransitionTo !== null, stage, stepOf, transitionOf })
  live.current = { shown, pending: viewTransitionTo !== null, stage, stepOf, transitionOf }
  useLayoutEffect(() => {
    if (!animate) return
    return offerInstantReveal((at: Position, to: Position) => {
      const { shown, pending, stage, stepOf, transitionOf } = live.current
      const element = stageRef.current
      // Only a move from what React last rendered, to a neighbour held ahead at the very step the move lands on.
      if (!element || pending || at.no !== shown.no || at.clicks !== shown.clicks || Math.abs(to.no - at.no) !== 1) return false
      const ahead = stage.find((s) => s.no === to.no && s.role === 'ahead')
      if (!ahead || stepOf(to.no, 'ahead') !== to.clicks) return false
      // Drawings belong to their slide's layer, which follows with React's render: those moves wait for it.
      const drawings = deckStore.get(drawingsAtom)
      if (drawings[at.no] || drawings[to.no] || deckStore.get(drawingModeAtom)) return false
      const transition = transitionOf(at.no, to.no)
      if (transition === 'view-transition') return false
      const slides = new Map<number, HTMLElement>()
      for (const child of element.children) if (child instanceof HTMLElement && child.dataset.stageNo) slides.set(Number(child.dataset.stageNo), child)
      applyMove({ stage: element, slides }, at.no, to.no, transition === 'none' ? null : transition)
      return true
    })
  }, [animate])
  // Whatever a render leaves, the classes are those it rendered: a move shown at once and then overtaken by another
  // render (another window moved the talk) is put right here.
  useLayoutEffect(() => {
    const element = stageRef.current
    if (!element) return
    if (element.className !== className) element.className = className
    for (const child of element.children) {
      const s = child instanceof HTMLElement ? stage.find((x) => x.no === Number(child.dataset.stageNo)) : undefined
      if (s && child.className !== classOf(s.role)) child.className = classOf(s.role)
    }
  })

  // The slide screen readers and the keyboard reach: the shown one once its transition has run; while it runs, still
  // the one left. `inert` restyles a slide's whole subtree (5–15 ms of style for a slide of formulas): flipped in the
  // animation's frames it cost one of them a vsync; flipped when the animation ends, it costs a frame where nothing moves.
  const reachable = leaving?.no ?? shown.no
  return (
    <div ref={stageRef} className={className}>
      {stage.map(({ no: n, role }) => (
        <div key={`slide-${n}`} data-stage-no={n} className={classOf(role)} aria-hidden={n === reachable ? undefined : true} inert={n !== reachable}>
          <SlideRenderer no={n} clicks={stepOf(n, role)} active={role !== 'ahead'} />
        </div>
      ))}
    </div>
  )
}
