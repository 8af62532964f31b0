// Makes it possible to see every slide at once and jump to one: a grid of live thumbnails (only the rows near the
// viewport are rendered, so a 1000-slide deck opens as fast as a 10-slide one), arrows, digits, Enter.
import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useAtom, useAtomValue } from 'jotai'
import { slidesAtom, configAtom } from '../../state/deck'
import { positionAtom } from '../../state/nav'
import { showOverviewAtom } from '../../state/preferences'
import { useDeckNav } from '../../state/navigation'
import { useDialog } from '../../kit/useDialog'
import type { KeyPress } from '../../keys/dispatcher'
import { labelsFor } from '../../kit/labels'
import { matchesTyped, moveInGrid, thumbnailWidth, typeDigit } from '../../logic/overview-digits'
import { gridGeometry, rowOf, rowsNear, scrollForRow } from '../../logic/overview-grid'
import { icons } from '../../kit/icons'
import SlideCanvas from '../../stage/SlideCanvas'
import SlideRenderer from '../../stage/SlideRenderer'
import { SlideRenderContext } from '../../state/slide-context'
import DrawingSnapshot from '../drawing/DrawingSnapshot'
import './overview.css'

/** A slide at its last click; inert, so nothing inside it takes focus or counts as a control. */
const Thumbnail = memo(function Thumbnail({ no, clicks, width, height }: { no: number; clicks: number; width: number; height: number }) {
  return (
    <div className="overview-thumb" style={{ width, height }} aria-hidden="true" inert>
      <SlideCanvas width={width}>
        <SlideRenderContext.Provider value="overview">
          <SlideRenderer no={no} clicks={clicks} />
        </SlideRenderContext.Provider>
        <DrawingSnapshot no={no} />
      </SlideCanvas>
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
  total: number
  onChoose: (no: number) => void
  onSelect: (no: number) => void
}

/** A card re-renders only when its own state changes, so moving the selection in a 1000-slide grid stays instant. */
const Card = memo(function Card({ no, title, clicks, width, height, selected, current, typed, label, total, onChoose, onSelect }: CardProps) {
  const match = matchesTyped(no, typed)
  const number = String(no)
  return (
    <button
      type="button"
      role="option"
      aria-selected={selected}
      aria-setsize={total}
      aria-posinset={no}
      aria-current={current ? 'page' : undefined}
      data-overview-no={no}
      className={['slidev-overview-card', selected ? 'is-selected' : '', current ? 'is-current' : '', match ? 'is-match' : ''].filter(Boolean).join(' ')}
      tabIndex={selected ? 0 : -1}
      onClick={() => onChoose(no)}
      onFocus={() => onSelect(no)}
      aria-label={label}
      title={label}
    >
      <Thumbnail no={no} clicks={clicks} width={width} height={height} />
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

// Grid spacing in CSS pixels (overview.css keeps the label at LABEL_HEIGHT).
const GAP = 18
const PADDING_X = 40
const PADDING_TOP = 8
const PADDING_BOTTOM = 40
const LABEL_HEIGHT = 26
const HEADER_HEIGHT = 54

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
  // The grid's client size; first guessed from the window, measured before the first paint.
  const [box, setBox] = useState(() => ({ width: window.innerWidth, height: window.innerHeight - HEADER_HEIGHT }))
  const width = thumbnailWidth(window.innerWidth, box.width)
  const thumbHeight = Math.round((width * config.canvasHeight) / config.canvasWidth)
  const geometry = gridGeometry({ count: slides.length, width: box.width, cardWidth: width, cardHeight: thumbHeight + LABEL_HEIGHT, gap: GAP, paddingX: PADDING_X, paddingTop: PADDING_TOP, paddingBottom: PADDING_BOTTOM })
  // Opening shows the current slide's row in the middle; only the rows near the viewport are ever rendered.
  const [scrollTop, setScrollTop] = useState(() => scrollForRow(rowOf(position.no, geometry), 0, box.height, geometry, 'center'))
  const [firstRow, lastRow] = rowsNear(scrollTop, box.height, geometry, 1)
  const focusPending = useRef<number | null>(null)
  const close = useCallback(() => setOpen(false), [setOpen])

  useLayoutEffect(() => {
    const el = grid.current
    if (!el) return
    el.scrollTop = scrollTop
    const measure = () => setBox((prev) => (prev.width === el.clientWidth && prev.height === el.clientHeight ? prev : { width: el.clientWidth, height: el.clientHeight }))
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    return () => observer.disconnect()
    // The starting scroll position is applied once; after that the grid's own scrolling drives it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const cardOf = (no: number) => grid.current?.querySelector<HTMLElement>(`[data-overview-no="${no}"]`) ?? null

  // A card chosen by keys gets focus once it is rendered (it may have been scrolled in just now).
  useLayoutEffect(() => {
    if (focusPending.current === null) return
    const card = cardOf(focusPending.current)
    if (card) {
      card.focus({ preventScroll: true })
      focusPending.current = null
    }
  })

  const jump = useCallback(
    (no: number) => {
      setOpen(false)
      go({ no, clicks: 0 })
    },
    [go, setOpen],
  )

  /** Selects a card, scrolls its row into view and gives it focus (roving tabindex), so screen readers follow. */
  const select = (no: number) => {
    setSelected(no)
    focusPending.current = no
    const el = grid.current
    if (!el) return
    const next = scrollForRow(rowOf(no, geometry), el.scrollTop, el.clientHeight, geometry)
    if (next !== el.scrollTop) el.scrollTop = next
    setScrollTop(el.scrollTop)
  }

  /** The grid's keys (Escape and Tab are the dialog's): arrows, Home/End, Enter or Space, digits, o or ` to close. */
  const onKey = (event: KeyPress): boolean => {
    const key = event.key
    // Keys on the close button keep their usual meaning.
    if (event.target instanceof Element && event.target.closest('.slidev-overview-close')) return false
    if (event.ctrlKey || event.metaKey || event.altKey || ['Shift', 'Control', 'Alt', 'Meta', 'CapsLock', 'Dead', 'Process'].includes(key)) return false
    if (key === 'o' || key === '`') {
      close()
      return true
    }
    if (key.startsWith('Arrow') || key === 'Home' || key === 'End') {
      setTyped('')
      select(moveInGrid(selected - 1, key, slides.length, geometry.columns) + 1)
      return true
    }
    if ((key === 'Enter' || key === ' ') && !typed) {
      jump(selected)
      return true
    }
    const result = typeDigit({ typed }, key === ' ' ? 'Enter' : key, slides.length)
    setTyped(result.typed)
    if (result.select) select(result.select)
    if (result.jump) jump(result.jump)
    return true
  }

  // Keys are taken while open, so they still work when the focused card scrolls out and unmounts.
  useDialog(dialog, open, close, { initialFocus: () => cardOf(position.no), onKey })

  const scrollFrame = useRef(0)
  const onScroll = () => {
    cancelAnimationFrame(scrollFrame.current)
    scrollFrame.current = requestAnimationFrame(() => grid.current && setScrollTop(grid.current.scrollTop))
  }
  useEffect(() => () => cancelAnimationFrame(scrollFrame.current), [])

  if (!open) return null
  const shown = slides.slice(firstRow * geometry.columns, (lastRow + 1) * geometry.columns)
  return (
    <div ref={dialog} className="slidev-overview" role="dialog" aria-modal="true" aria-labelledby="slidev-overview-title" aria-describedby="slidev-overview-hint" data-testid="overview">
      <div className="slidev-overview-header">
        <h2 id="slidev-overview-title">{t.overview}</h2>
        <span id="slidev-overview-hint" className="slidev-overview-hint">
          {t.overviewHint}
        </span>
        <span className="slidev-overview-typed" aria-live="polite" data-testid="overview-typed">
          {typed ? t.overviewTyped(typed) : ''}
        </span>
        <button type="button" className="slidev-icon-btn slidev-overview-close" onClick={close} aria-label={t.close} title={`${t.close} (Esc)`}>
          {icons.close}
        </button>
      </div>
      <div ref={grid} className="slidev-overview-grid" onScroll={onScroll}>
        <div className="slidev-overview-space" style={{ height: geometry.totalHeight }}>
          <div
            className="slidev-overview-rows"
            role="listbox"
            aria-label={t.overview}
            style={{ top: PADDING_TOP + firstRow * geometry.rowHeight, gridTemplateColumns: `repeat(${geometry.columns}, ${width}px)`, gap: GAP }}
          >
            {shown.map((slide) => (
              <Card
                key={slide.no}
                no={slide.no}
                title={slide.title ?? ''}
                clicks={slide.clicks}
                width={width}
                height={thumbHeight}
                selected={slide.no === selected}
                current={slide.no === position.no}
                typed={matchesTyped(slide.no, typed) ? typed : ''}
                label={t.slideTitled(slide.no, slide.title ?? '')}
                total={slides.length}
                onChoose={jump}
                onSelect={setSelected}
              />
            ))}
          </div>
        </div>
      </div>
    </div>
  )
}
