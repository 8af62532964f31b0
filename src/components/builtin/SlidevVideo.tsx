// Slidev's <SlidevVideo autoplay controls>: a video that plays by itself once its slide is shown (and, with v-click,
// once its click is reached), pauses when it is hidden, and on paper shows its poster (or a frame: printTimestamp).
import { useContext, useEffect, useRef, type ReactNode } from 'react'
import { useAtomValue } from 'jotai'
import { viewModeAtom } from '../../state/nav'
import { SlideRenderContext, useSlideActive, useSlideClicks } from '../../state/slide-context'
import { isShownAt, CLICK_ATTRIBUTES } from '../../../shared/clicks'

export interface SlidevVideoProps {
  /** true (or bare): play when shown; 'once': only the first time. */
  autoplay?: boolean | string
  /** `autoplay` as HTML names it (a bare attribute arrives so). */
  autoPlay?: boolean | string
  /** Back to the start when the slide is left ('slide') or the video is hidden by a click ('click'). */
  autoreset?: string
  poster?: string
  printPoster?: string
  /** Where to start, in seconds. */
  timestamp?: string | number
  /** The frame printed: seconds, or 'last'. */
  printTimestamp?: string | number
  controls?: boolean | string
  className?: string
  children?: ReactNode
  [attribute: string]: unknown
}

const isOn = (value: unknown): boolean => value === true || value === '' || value === 'true' || value === 'once'

export default function SlidevVideo({ autoplay: written, autoPlay, autoreset, poster, printPoster, timestamp, printTimestamp, controls, className, children, ...rest }: SlidevVideoProps) {
  const autoplay = written ?? autoPlay
  const video = useRef<HTMLVideoElement>(null)
  const played = useRef(false)
  const printing = useAtomValue(viewModeAtom) === 'print'
  const place = useContext(SlideRenderContext)
  const clicks = useSlideClicks()
  // The click timing v-click wrote onto the tag (the element shows from its click); none: shown with the slide.
  const since = rest[CLICK_ATTRIBUTES.since]
  const timing = since === undefined ? null : { since: Number(since), until: rest[CLICK_ATTRIBUTES.until] === undefined ? undefined : Number(rest[CLICK_ATTRIBUTES.until]), hide: rest[CLICK_ATTRIBUTES.hide] !== undefined }
  const shown = !timing || isShownAt(timing, clicks ?? Infinity)
  // Only the slide the audience or the presenter is on plays: not a preview, a thumbnail nor paper.
  const active = useSlideActive()
  const plays = active && !printing && (place === null || place === 'slide' || place === 'presenter') && isOn(autoplay)
  const start = Number(timestamp) || 0

  useEffect(() => {
    const el = video.current
    if (!el || !plays) return
    if (shown && !(autoplay === 'once' && played.current)) {
      played.current = true
      void el.play().catch(() => {})
    } else if (!shown) {
      el.pause()
      if (autoreset === 'click') el.currentTime = start
    }
  }, [plays, shown, autoplay, autoreset, start])

  useEffect(() => {
    const el = video.current
    if (!el || !active) return
    return () => {
      // Leaving the slide (gone, or kept hidden beside the shown one): stop, and back to the start when asked.
      el.pause()
      if (autoreset === 'slide') el.currentTime = start
    }
  }, [active, autoreset, start])

  useEffect(() => {
    const el = video.current
    if (!el) return
    const seek = () => {
      const at = printing ? (printTimestamp === 'last' ? el.duration : Number(printTimestamp ?? timestamp) || 0) : start
      if (Number.isFinite(at) && at > 0) el.currentTime = at
    }
    if (el.readyState >= 1) seek()
    el.addEventListener('loadedmetadata', seek)
    return () => el.removeEventListener('loadedmetadata', seek)
  }, [printing, printTimestamp, timestamp, start])

  const attributes = Object.fromEntries(Object.entries(rest).filter(([key]) => /^(data-|aria-|id$|style$|width$|height$|muted$|loop$|playsInline$)/.test(key)))
  return (
    <video
      ref={video}
      {...attributes}
      className={['slidev-video', className].filter(Boolean).join(' ')}
      poster={printing ? (printPoster ?? poster) : poster}
      controls={isOn(controls)}
      preload={printing ? 'auto' : 'metadata'}
      playsInline
    >
      {children}
    </video>
  )
}
