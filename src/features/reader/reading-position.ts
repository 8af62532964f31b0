// Knows which slide of the reader is being read (the last section whose top has passed under the bar), and jumps to
// a slide so that it stays the one being read, even while pictures and diagrams above or inside it settle.
import { useCallback, useEffect, useRef, type RefObject } from 'react'
import { readerAnchor, slideAtReadingLine } from '../../logic/reader'

/** How far under the window's top a section's top counts as reached (the bar's height and a little). */
const READING_LINE_PX = 72

/** Jumps longer than this many screens are made at once. */
const SMOOTH_MAX_SCREENS = 2

const scrollMargin = (section: HTMLElement) => parseFloat(getComputedStyle(section).scrollMarginTop) || 0

const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches

/** What the reader does with their own hands: it ends a jump's hold. */
const READER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const

/**
 * Calls `onSlide(no)` whenever another slide comes under the reading line (at most once a frame), and returns
 * `jump(no, smooth)`, which scrolls there and holds that slide in place until the reader scrolls on.
 */
export function useReadingPosition(rootRef: RefObject<HTMLElement | null>, active: boolean, onSlide: (no: number) => void) {
  const latest = useRef(onSlide)
  latest.current = onSlide
  /** The slide jumped to; `moving` while a smooth scroll there is under way. */
  const held = useRef<{ no: number; moving: boolean } | null>(null)
  const shown = useRef(0)

  useEffect(() => {
    const root = rootRef.current
    if (!active || !root) return
    const sections = [...root.querySelectorAll<HTMLElement>('.deck-reader-slide')]
    let frame = 0
    const measure = () => {
      frame = 0
      if (held.current) return
      // At the very bottom the last slide is the one being read, however short it is.
      const atEnd = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2
      const no = atEnd ? sections.length : slideAtReadingLine(sections.map((s) => s.getBoundingClientRect().top - READING_LINE_PX))
      if (no !== shown.current) {
        shown.current = no
        latest.current(no)
      }
    }
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(measure)
    }
    const onScrollEnd = () => {
      if (!held.current?.moving) return
      held.current.moving = false
      putBack()
    }
    const release = () => {
      held.current = null
    }
    // Pictures, diagrams and fonts arriving change heights: a held slide is put back under the bar.
    const putBack = () => {
      const hold = held.current
      if (!hold || hold.moving) return
      const section = document.getElementById(readerAnchor(hold.no))
      if (section && Math.abs(section.getBoundingClientRect().top - scrollMargin(section)) > 1) section.scrollIntoView({ block: 'start', behavior: 'instant' })
    }
    const realign = new ResizeObserver(putBack)
    realign.observe(root)
    window.addEventListener('scroll', onScroll, { passive: true })
    window.addEventListener('scrollend', onScrollEnd)
    window.addEventListener('resize', onScroll)
    for (const type of READER_INPUT) window.addEventListener(type, release, { passive: true, capture: true })
    // Where the page already is (a prerendered page the visitor has been reading) counts from the start.
    onScroll()
    return () => {
      realign.disconnect()
      window.removeEventListener('scroll', onScroll)
      window.removeEventListener('scrollend', onScrollEnd)
      window.removeEventListener('resize', onScroll)
      for (const type of READER_INPUT) window.removeEventListener(type, release, { capture: true })
      if (frame) cancelAnimationFrame(frame)
    }
  }, [rootRef, active])

  return useCallback((no: number, smooth: boolean) => {
    const section = document.getElementById(readerAnchor(no))
    if (!section) return
    const before = window.scrollY
    const end = Math.min(Math.max(0, before + section.getBoundingClientRect().top - scrollMargin(section)), document.documentElement.scrollHeight - window.innerHeight)
    // A short way glides; a long one jumps (gliding past fifty slides tells nothing and would draw every diagram on the
    // way). A smooth scroll with nowhere to go (already there, or the page ends) never ends: then it is settled at once.
    const animate = smooth && !reducedMotion() && 'onscrollend' in window && Math.abs(end - before) <= SMOOTH_MAX_SCREENS * window.innerHeight
    section.scrollIntoView({ block: 'start', behavior: animate ? 'smooth' : 'instant' })
    // Reading (and Tab) goes on from there, as after following an anchor; a link left focused would also swallow keys.
    section.focus({ preventScroll: true })
    held.current = { no, moving: animate && Math.abs(end - before) > 1 }
    shown.current = no
    latest.current(no)
  }, [])
}
