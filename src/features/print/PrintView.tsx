// The print view (/print): every slide in `?range=` as its own page at the slide's pixel size, every click
// revealed, or with `?print=clicks` one page per click step; what the PDF export prints in one go.
import { useMemo } from 'react'
import { useLocation } from 'react-router-dom'
import { useAtomValue } from 'jotai'
import { configAtom, slidesAtom } from '../../state/deck'
import { parsePrintQuery, printPages } from '../../logic/print-pages'
import SlideCanvas from '../../stage/SlideCanvas'
import SlideRenderer from '../../stage/SlideRenderer'
import DrawingSnapshot from '../drawing/DrawingSnapshot'
import { usePrintDocument } from './usePrintDocument'
import './print.css'

export default function PrintView() {
  const { search } = useLocation()
  const slides = useAtomValue(slidesAtom)
  const { canvasWidth, canvasHeight } = useAtomValue(configAtom)
  const pages = useMemo(() => printPages(slides.map((s) => s.clicks), parsePrintQuery(search)), [slides, search])
  const slideNos = useMemo(() => [...new Set(pages.map((p) => p.no))], [pages])
  const { rootRef, loaded, complete } = usePrintDocument(slideNos)
  return (
    <div ref={rootRef} className="print-root" data-print-progress={`${loaded}/${slideNos.length}`} data-print-pages={pages.length}>
      {/* One PDF page per slide page, exactly the canvas: nothing scaled, nothing cut. */}
      <style>{`@page { size: ${canvasWidth}px ${canvasHeight}px; margin: 0; }`}</style>
      {complete
        ? pages.map((page) => (
            <div
              key={page.id}
              id={page.id}
              className="print-slide-container"
              data-clicks={page.clicks}
              style={{ width: canvasWidth, height: canvasHeight }}
            >
              <SlideCanvas width={canvasWidth}>
                <SlideRenderer no={page.no} clicks={page.clicks} />
                <DrawingSnapshot no={page.no} />
              </SlideCanvas>
            </div>
          ))
        : null}
    </div>
  )
}
