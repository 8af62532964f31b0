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

/** Renders its slide only once the card comes near the viewport. */
const Thumbnail = memo(function Thumbnail({ no, clicks, width, root }: { no: number; clicks: number; width: number; root: HTMLElement | null }) {
  const ref = useRef<HTMLDivElement>(null)
  const [near, setNear] = useState(false)
  useEffect(() => {
    const el = ref.current
    if (!el || near) return
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { root, rootMargin: '400px 0px' })
    observer.observe(el)
    return () => observer.disconnect()
  }, [root, near])
  return (
    <div ref={ref} className="overview-thumb" style={{ width, height: Math.round((width * 552) / 980) }}>
      {near ? (
        <SlideCanvas width={width}>
          <SlideRenderer no={no} clicks={clicks} />
        </SlideCanvas>
      ) : null}
    </div>
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
  const close = useCallback(() => setOpen(false), [setOpen])

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

  useDialog(dialog, open, close, () => grid.current?.querySelector<HTMLElement>(`[data-overview-no="${position.no}"]`) ?? null)

  useEffect(() => {
    if (!open) return
    grid.current?.querySelector<HTMLElement>(`[data-overview-no="${selected}"]`)?.scrollIntoView({ block: 'nearest' })
  }, [open, selected])

  const jump = useCallback(
    (no: number) => {
      setOpen(false)
      go({ no, clicks: 0 })
    },
    [go, setOpen],
  )

  const columns = () => {
    const template = grid.current ? getComputedStyle(grid.current).gridTemplateColumns : ''
    return Math.max(1, template.split(' ').filter(Boolean).length)
  }

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape' || event.key === 'Tab') return
    if (event.key === 'o' || event.key === '`') {
      event.preventDefault()
      close()
      return
    }
    if (event.key.startsWith('Arrow')) {
      event.preventDefault()
      setTyped('')
      const index = moveInGrid(selected - 1, event.key, slides.length, columns())
      setSelected(index + 1)
      grid.current?.querySelector<HTMLElement>(`[data-overview-no="${index + 1}"]`)?.focus()
      return
    }
    if (event.key === 'Enter' && !typed) {
      event.preventDefault()
      jump(selected)
      return
    }
    if (event.key.length !== 1 && event.key !== 'Enter') return
    event.preventDefault()
    const result = typeDigit({ typed }, event.key, slides.length)
    setTyped(result.typed)
    if (result.select) setSelected(result.select)
    if (result.jump) jump(result.jump)
  }

  if (!open) return null
  return (
    <div ref={dialog} className="slidev-overview" role="dialog" aria-modal="true" aria-label={t.overview} onKeyDown={onKeyDown} data-testid="overview">
      <div className="slidev-overview-header">
        <h2>{t.overview}</h2>
        <span className="slidev-overview-typed" aria-live="polite">
          {typed ? `→ ${typed}` : ''}
        </span>
        <button type="button" className="slidev-icon-btn slidev-overview-close" onClick={close} aria-label={t.close} title={`${t.close} (Esc)`}>
          ✕
        </button>
      </div>
      <div ref={grid} className="slidev-overview-grid" style={{ gridTemplateColumns: `repeat(auto-fill, ${width}px)` }} role="listbox" aria-label={t.overview}>
        {slides.map((slide) => (
          <button
            key={slide.no}
            type="button"
            role="option"
            aria-selected={slide.no === selected}
            data-overview-no={slide.no}
            className={['slidev-overview-card', slide.no === selected ? 'is-selected' : '', slide.no === position.no ? 'is-current' : '', matchesTyped(slide.no, typed) ? 'is-match' : ''].filter(Boolean).join(' ')}
            tabIndex={slide.no === selected ? 0 : -1}
            onClick={() => jump(slide.no)}
            onFocus={() => setSelected(slide.no)}
            aria-label={`${slide.no}. ${slide.title}`}
          >
            <Thumbnail no={slide.no} clicks={slide.clicks} width={width} root={dialog.current} />
            <span className="slidev-overview-label">
              <span className="slidev-overview-no">{slide.no}</span> {slide.title}
            </span>
          </button>
        ))}
      </div>
    </div>
  )
}
