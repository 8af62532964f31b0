// Makes slide changes move: the leaving and entering slides animate (slide-left, slide-up, reversed going back).
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { useAtomValue } from 'jotai'
import SlideRenderer from '../../components/SlideRenderer'
import { configAtom, slidesAtom } from '../../state/deck'
import { pickTransition, prefersReducedMotion, VIEW_TRANSITION_WARNING, type TransitionName } from './transition'

interface Leaving {
  no: number
  clicks: number
  transition: TransitionName
  forward: boolean
}

const DURATION = 450
let warnedViewTransition = false

export default function SlideStage({ no, clicks, animate = true }: { no: number; clicks: number; animate?: boolean }) {
  const slides = useAtomValue(slidesAtom)
  const config = useAtomValue(configAtom)
  const [shown, setShown] = useState({ no, clicks })
  const [leaving, setLeaving] = useState<Leaving | null>(null)
  const last = useRef({ no, clicks })

  useLayoutEffect(() => {
    const from = last.current
    last.current = { no, clicks }
    if (from.no === no) {
      setShown({ no, clicks })
      return
    }
    const forward = no > from.no
    let transition = pickTransition(slides[from.no - 1], slides[no - 1], forward, config.transition)
    if (!animate || prefersReducedMotion()) transition = 'none'
    if (transition === 'view-transition') {
      const doc = document as Document & { startViewTransition?: (cb: () => void) => unknown }
      if (doc.startViewTransition) {
        doc.startViewTransition(() => flushSync(() => setShown({ no, clicks })))
        setLeaving(null)
        return
      }
      if (!warnedViewTransition) {
        warnedViewTransition = true
        console.warn(VIEW_TRANSITION_WARNING)
      }
      transition = 'slide-left'
    }
    setShown({ no, clicks })
    setLeaving(transition === 'none' ? null : { no: from.no, clicks: from.clicks, transition, forward })
  }, [no, clicks, animate, slides, config.transition])

  useEffect(() => {
    if (!leaving) return
    const timer = setTimeout(() => setLeaving(null), DURATION + 50)
    return () => clearTimeout(timer)
  }, [leaving])

  const direction = leaving ? (leaving.forward ? 'forward' : 'backward') : ''
  return (
    <div className={`slidev-stage ${leaving ? `transition-${leaving.transition} ${direction}` : ''}`}>
      {/* The leaving slide keeps its element (the same key as when it was shown): a change mounts one slide, not two. */}
      {leaving ? (
        <div key={`slide-${leaving.no}`} className="slidev-stage-slide deck-leave" aria-hidden="true" inert>
          <SlideRenderer no={leaving.no} clicks={leaving.clicks} />
        </div>
      ) : null}
      <div key={`slide-${shown.no}`} className={`slidev-stage-slide ${leaving ? 'deck-enter' : ''}`}>
        <SlideRenderer no={shown.no} clicks={shown.clicks} />
      </div>
    </div>
  )
}
