// The presenter print view (/presenter/print): a handout, each slide in `?range=` with its notes on a page.
import { useMemo } from 'react'
import { useLocation } from 'react-router-dom'
import { useAtomValue } from 'jotai'
import { configAtom, slidesAtom } from '../../state/deck'
import { loadServedNotes, noteOf } from '../../state/notes'
import { parsePrintQuery, printPages, printPageId, PRINT_ALL_CLICKS } from '../../logic/print-pages'
import SlideCanvas from '../../stage/SlideCanvas'
import SlideRenderer from '../../stage/SlideRenderer'
import DrawingSnapshot from '../drawing/DrawingSnapshot'
import { usePrintDocument } from './usePrintDocument'
import './print.css'

/** A4 portrait at 96 px per inch, less the page padding: the width the slide picture gets. */
const HANDOUT_SLIDE_WIDTH = 714

/** Links to slides in notes are `<deck-link to="N">` (a React component on slides); on paper they are plain links. */
function notesForPaper(noteHtml: string): string {
  return noteHtml.replace(/<deck-link\b([^>]*?)\bto="(\d+)"/g, '<a$1href="/$2"').replace(/<\/deck-link>/g, '</a>')
}

export default function PresenterPrintView() {
  const { search } = useLocation()
  const slides = useAtomValue(slidesAtom)
  const config = useAtomValue(configAtom)
  const slideNos = useMemo(() => printPages(slides.map(() => 0), { ...parsePrintQuery(search), withClicks: false }).map((p) => p.no), [slides, search])
  const { rootRef, loaded, complete } = usePrintDocument(slideNos, loadServedNotes)
  return (
    <div ref={rootRef} className="print-root print-handout" data-print-progress={`${loaded}/${slideNos.length}`} data-print-pages={slideNos.length}>
      <style>{'@page { size: A4 portrait; margin: 0; }'}</style>
      {complete
        ? slideNos.map((no) => {
            const slide = slides[no - 1]
            const note = noteOf(no)
            const notes = note.status === 'ready' ? note.html : ''
            return (
              <article key={no} id={printPageId(no, 0)} className="print-handout-page" aria-label={`${no} / ${slides.length}`}>
                <header className="print-handout-header">
                  <span className="print-handout-no">
                    {no} / {slides.length}
                  </span>
                  <span className="print-handout-title">{slide?.title || config.title}</span>
                </header>
                <div className="print-handout-slide">
                  <SlideCanvas width={HANDOUT_SLIDE_WIDTH}>
                    <SlideRenderer no={no} clicks={PRINT_ALL_CLICKS} />
                    <DrawingSnapshot no={no} />
                  </SlideCanvas>
                </div>
                {notes ? (
                  // The notes are the author's own Markdown, rendered at build time like the slides themselves.
                  <div className="print-handout-notes" dangerouslySetInnerHTML={{ __html: notesForPaper(notes) }} />
                ) : (
                  <div className="print-handout-notes is-empty" aria-hidden="true" />
                )}
              </article>
            )
          })
        : null}
    </div>
  )
}
