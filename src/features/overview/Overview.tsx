// Makes it possible to see every slide at once and jump to one: a lazy grid of live thumbnails, arrows, digits, Enter.
import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useAtom, useAtomValue } from 'jotai'
import { slidesAtom, configAtom } from '../../state/deck'
import { positionAtom } from '../../state/nav'
import { showOverviewAtom } from '../../state/preferences'
import { useDeckNav } from '../../state/navigation'
import { useDialog } from '../dialog/useDialog'
import { labelsFor } from '../chrome/labels'
import { matchesTyped, moveInGrid, thumbnailWidth, typeDigit } from '../../logic/overview-digits'
import SlideCanvas from '../../components/SlideCanvas'
import SlideRenderer from '../../components/SlideRenderer'
import './overview.css'

/** One IntersectionObserver for the whole grid: each card asks to be told once it comes near the visible area. */
interface NearWatcher {
  watch: (el: Element, onNear: () => void) => () => void
  disconnect: () => void
}

function createNearWatcher(root: HTMLElement): NearWatcher {
  const waiting = new Map<Element, () => void>()
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue
        waiting.get(entry.target)?.()
        waiting.delete(entry.target)
        observer.unobserve(entry.target)
      }
    },
    // Half a screen above and below: thumbnails are ready before they scroll into view.
    { root, rootMargin: '50% 0px' },
  )
  return {
    watch(el, onNear) {
      waiting.set(el, onNear)
      observer.observe(el)
      return () => {
        waiting.delete(el)
        observer.unobserve(el)
      }
    },
    disconnect: () => observer.disconnect(),
  }
}

/** A slide at its last click, rendered only once its card comes near the viewport; inert, so nothing in it takes focus. */
const Thumbnail = memo(function Thumbnail({ no, clicks, width, height, watcher }: { no: number; clicks: number; width: number; height: number; watcher: NearWatcher | null }) {
  const ref = useRef<HTMLDivElement>(null)
  const [near, setNear] = useState(false)
  useEffect(() => {
    if (!ref.current || !watcher || near) return
    return watcher.watch(ref.current, () => setNear(true))
  }, [watcher, near])
  return (
    <div ref={ref} className="overview-thumb" style={{ width, height }} aria-hidden="true" inert>
      {near ? (
        <SlideCanvas width={width}>
          <SlideRenderer no={no} clicks={clicks} />
        </SlideCanvas>
      ) : null}
    </div>
  )
})

interface CardProps {
  no: number
  title: string
  clicks: number
  width: number
  height: number
  selected: boolean
  current: boolean
  typed: string
  label: string
  watcher: NearWatcher | null
  onChoose: (no: number) => void
  onSelect: (no: number) => void
}

/** A card re-renders only when its own state changes, so moving the selection in a 1000-slide grid stays instant. */
const Card = memo(function Card({ no, title, clicks, width, height, selected, current, typed, label, watcher, onChoose, onSelect }: CardProps) {
  const match = matchesTyped(no, typed)
  const number = String(no)
  return (
    <button
      type="button"
      role="option"
      aria-selected={selected}
      aria-current={current ? 'page' : undefined}
      data-overview-no={no}
      className={['slidev-overview-card', selected ? 'is-selected' : '', current ? 'is-current' : '', match ? 'is-match' : ''].filter(Boolean).join(' ')}
      tabIndex={selected ? 0 : -1}
      onClick={() => onChoose(no)}
      onFocus={() => onSelect(no)}
      aria-label={label}
      title={label}
    >
      <Thumbnail no={no} clicks={clicks} width={width} height={height} watcher={watcher} />
      <span className="slidev-overview-label" aria-hidden="true">
        <span className="slidev-overview-no">
          {match ? (
            <>
              <mark>{number.slice(0, typed.length)}</mark>
              {number.slice(typed.length)}
            </>
          ) : (
            number
          )}
        </span>{' '}
        {title}
      </span>
    </button>
  )
})

export default function Overview() {
  const [open, setOpen] = useAtom(showOverviewAtom)
  const slides = useAtomValue(slidesAtom)
  const config = useAtomValue(configAtom)
  const position = useAtomValue(positionAtom)
  const { go } = useDeckNav()
  const t = labelsFor(config.htmlAttrs.lang)
  const dialog = useRef<HTMLDivElement>(null)
  const grid = useRef<HTMLDivElement>(null)
  const [selected, setSelected] = useState(position.no)
  const [typed, setTyped] = useState('')
  const [width, setWidth] = useState(() => thumbnailWidth(window.innerWidth))
  const [watcher, setWatcher] = useState<NearWatcher | null>(null)
  const close = useCallback(() => setOpen(false), [setOpen])
  const height = Math.round((width * config.canvasHeight) / config.canvasWidth)

  useLayoutEffect(() => {
    if (!open) return
    setSelected(position.no)
    setTyped('')
    const onResize = () => setWidth(thumbnailWidth(window.innerWidth))
    window.addEventListener('resize', onResize)
    return () => window.removeEventListener('resize', onResize)
    // Only when it opens: the selection starts at the current slide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open])

  // The current slide's card is scrolled into place before the observer first looks, so only its neighbours render.
  useLayoutEffect(() => {
    if (!open || !grid.current) return
    grid.current.querySelector(`[data-overview-no="${position.no}"]`)?.scrollIntoView({ block: 'center' })
    const next = createNearWatcher(grid.current)
    setWatcher(next)
    return () => next.disconnect()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open])

  const cardOf = (no: number) => grid.current?.querySelector<HTMLElement>(`[data-overview-no="${no}"]`) ?? null
  useDialog(dialog, open, close, () => cardOf(position.no))

  const jump = useCallback(
    (no: number) => {
      setOpen(false)
      go({ no, clicks: 0 })
    },
    [go, setOpen],
  )

  /** Selects a card and gives it focus (roving tabindex), so screen readers follow the selection. */
  const select = (no: number) => {
    setSelected(no)
    const card = cardOf(no)
    card?.focus({ preventScroll: true })
    card?.scrollIntoView({ block: 'nearest' })
  }

  const columns = () => {
    const template = grid.current ? getComputedStyle(grid.current).gridTemplateColumns : ''
    return Math.max(1, template.split(' ').filter(Boolean).length)
  }

  const onKeyDown = (event: React.KeyboardEvent) => {
    const key = event.key
    // Escape and Tab belong to the dialog; keys on the close button keep their usual meaning.
    if (key === 'Escape' || key === 'Tab' || (event.target as HTMLElement).closest('.slidev-overview-close')) return
    if (event.ctrlKey || event.metaKey || event.altKey || ['Shift', 'Control', 'Alt', 'Meta', 'CapsLock'].includes(key)) return
    if (key === 'o' || key === '`') {
      event.preventDefault()
      close()
      return
    }
    if (key.startsWith('Arrow') || key === 'Home' || key === 'End') {
      event.preventDefault()
      setTyped('')
      select(moveInGrid(selected - 1, key, slides.length, columns()) + 1)
      return
    }
    if (key === 'Enter' && !typed) {
      event.preventDefault()
      jump(selected)
      return
    }
    event.preventDefault()
    const result = typeDigit({ typed }, key, slides.length)
    setTyped(result.typed)
    if (result.select) select(result.select)
    if (result.jump) jump(result.jump)
  }

  if (!open) return null
  return (
    <div ref={dialog} className="slidev-overview" role="dialog" aria-modal="true" aria-labelledby="slidev-overview-title" aria-describedby="slidev-overview-hint" onKeyDown={onKeyDown} data-testid="overview">
      <div className="slidev-overview-header">
        <h2 id="slidev-overview-title">{t.overview}</h2>
        <span id="slidev-overview-hint" className="slidev-overview-hint">
          {t.overviewHint}
        </span>
        <span className="slidev-overview-typed" aria-live="polite" data-testid="overview-typed">
          {typed ? t.overviewTyped(typed) : ''}
        </span>
        <button type="button" className="slidev-icon-btn slidev-overview-close" onClick={close} aria-label={t.close} title={`${t.close} (Esc)`}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
          </svg>
        </button>
      </div>
      <div ref={grid} className="slidev-overview-grid" style={{ gridTemplateColumns: `repeat(auto-fill, ${width}px)` }} role="listbox" aria-label={t.overview}>
        {slides.map((slide) => (
          <Card
            key={slide.no}
            no={slide.no}
            title={slide.title}
            clicks={slide.clicks}
            width={width}
            height={height}
            selected={slide.no === selected}
            current={slide.no === position.no}
            typed={matchesTyped(slide.no, typed) ? typed : ''}
            label={t.slideTitled(slide.no, slide.title)}
            watcher={watcher}
            onChoose={jump}
            onSelect={setSelected}
          />
        ))}
      </div>
    </div>
  )
}
