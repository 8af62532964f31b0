// Makes a talk easy to give from a laptop: the current slide, the next step, the notes, the timer and every presenter toggle.
import { useMemo, useRef, type CSSProperties } from 'react'
import { useLocation } from 'react-router-dom'
import { useAtom, useAtomValue, useSetAtom } from 'jotai'
import { configAtom, slidesAtom } from '../../state/deck'
import { deckShapeAtom } from '../../state/nav'
import { presenterCursorAtom, presenterFontSizeAtom, presenterLayoutAtom, showOverviewAtom } from '../../state/preferences'
import { helpOpenAtom } from '../../state/ui'
import { presenterNotesSplitAtom } from '../../state/preferences'
import { drawingModeAtom, gotoOpenAtom } from '../../state/ui'
import { canToggleDarkAtom, isDarkAtom, toggleDarkAtom } from '../../state/color-scheme'
import { useDeckNav } from '../../state/navigation'
import { hasNext, hasPrev } from '../../logic/nav'
import { FONT_SIZE_MAX, FONT_SIZE_MIN, previewPosition, stepFontSize } from '../../logic/presenter'
import SlideCanvas from '../../stage/SlideCanvas'
import SlideRenderer from '../../stage/SlideRenderer'
import SlideStage from '../../stage/SlideStage'
import { DeckPositionContext, SlideRenderContext } from '../../state/slide-context'
import DrawingSlot from '../drawing/DrawingSlot'
import { drawingControlsAtom } from '../drawing/role'
import NavButton from '../../kit/NavButton'
import SlideCounter from '../../kit/SlideCounter'
import RecordingControls from '../recording/RecordingControls'
import { icons } from '../../kit/icons'
import { labelsFor } from '../../kit/labels'
import { usePresenterPointer } from './PresenterCursor'
import NotesPanel from './NotesPanel'
import TalkTimer from './TalkTimer'
import SyncStatus from './SyncStatus'
import { presenterIcons } from './icons'
import Pacing from './Pacing'
import NotesSplit from './NotesSplit'
import PairPhone from './PairPhone'
import { blackoutAtom, toggleBlackout } from '../blackout/blackout'
import { clampNotesSplit, nextLayout } from '../../logic/presenter'

export default function PresenterScreen({ no, clicks }: { no: number; clicks: number }) {
  const config = useAtomValue(configAtom)
  const slides = useAtomValue(slidesAtom)
  const shape = useAtomValue(deckShapeAtom)
  const [layout, setLayout] = useAtom(presenterLayoutAtom)
  const [fontSize, setFontSize] = useAtom(presenterFontSizeAtom)
  const [cursorOn, setCursorOn] = useAtom(presenterCursorAtom)
  const [overviewOpen, setOverview] = useAtom(showOverviewAtom)
  const [gotoOpen, setGoto] = useAtom(gotoOpenAtom)
  const dark = useAtomValue(isDarkAtom)
  const canToggleDark = useAtomValue(canToggleDarkAtom)
  const toggleDark = useSetAtom(toggleDarkAtom)
  const drawingControls = useAtomValue(drawingControlsAtom)
  const [drawingMode, setDrawingMode] = useAtom(drawingModeAtom)
  const nav = useDeckNav()
  const blackout = useAtomValue(blackoutAtom)
  const notesSplit = clampNotesSplit(useAtomValue(presenterNotesSplitAtom))
  const [helpOpen, setHelp] = useAtom(helpOpenAtom)
  const { search } = useLocation()
  const slideBox = useRef<HTMLDivElement>(null)
  usePresenterPointer(slideBox, cursorOn)

  const t = labelsFor(config.htmlAttrs.lang)
  const p = t.presenting
  const total = slides.length
  const at = useMemo(() => ({ no, clicks }), [no, clicks])
  const slideClicks = slides[no - 1]?.clicks ?? 0
  const preview = previewPosition(at, shape)
  const password = new URLSearchParams(search).get('password')
  const keep = password ? `?password=${encodeURIComponent(password)}` : ''
  const clicksQuery = clicks ? `${keep ? '&' : '?'}clicks=${clicks}` : ''

  return (
    <DeckPositionContext.Provider value={at}>
      <div className="presenter" data-layout={layout} data-blackout={blackout} data-testid="presenter-view">
        <header className="presenter-bar">
          <TalkTimer t={p} />
          <Pacing no={no} clicks={clicks} t={p} />
          <SlideCounter no={no} total={total} t={t} className="presenter-counter" testId="presenter-counter">
            {slideClicks ? <span className="presenter-step">{p.step(clicks, slideClicks)}</span> : null}
          </SlideCounter>
          <div className="presenter-progress" role="progressbar" aria-label={t.progress} aria-valuemin={1} aria-valuemax={total} aria-valuenow={no} aria-valuetext={t.slideOf(no, total)}>
            <div className="presenter-progress-bar" style={{ width: `${(no / total) * 100}%` }} />
          </div>
          <SyncStatus t={p} />
          {blackout !== 'none' ? (
            <span className={`presenter-blackout-badge is-${blackout}`} role="status" data-testid="presenter-blackout">
              {blackout === 'black' ? p.blackoutBlack : p.blackoutWhite}
            </span>
          ) : null}
          <span className="presenter-bar-spacer" />
          <NavButton label={t.prev} icon={icons.prev} shortcut="←" onClick={nav.prev} disabled={!hasPrev(at)} testId="presenter-prev" />
          <NavButton label={t.next} icon={icons.next} shortcut="→" onClick={nav.next} disabled={!hasNext(at, shape)} testId="presenter-next" />
          <span className="slidev-nav-sep" aria-hidden="true" />
          <NavButton label={p.fontSmaller} icon={presenterIcons.fontSmaller} onClick={() => setFontSize(stepFontSize(fontSize, -1))} disabled={fontSize <= FONT_SIZE_MIN} testId="font-smaller" />
          <span className="presenter-font-size" data-testid="font-size" aria-live="polite">
            <span aria-hidden="true">{Math.round(fontSize * 100)}%</span>
            <span className="sr-only">{p.fontSize(fontSize)}</span>
          </span>
          <NavButton label={p.fontLarger} icon={presenterIcons.fontLarger} onClick={() => setFontSize(stepFontSize(fontSize, 1))} disabled={fontSize >= FONT_SIZE_MAX} testId="font-larger" />
          <NavButton label={`${t.presenterLayout} (${layout === 3 ? p.layoutNotes : p.layoutNow(layout)})`} icon={presenterIcons[`layout${layout}`]} onClick={() => setLayout(nextLayout(layout))} testId="presenter-layout" />
          <NavButton label={cursorOn ? p.cursorOn : t.presenterCursor} icon={presenterIcons.cursor} onClick={() => setCursorOn(!cursorOn)} pressed={cursorOn} testId="presenter-cursor-toggle" />
          {drawingControls ? <NavButton label={t.drawing} icon={<span aria-hidden="true">✎</span>} onClick={() => setDrawingMode((v) => !v)} pressed={drawingMode} testId="drawing-toggle" /> : null}
          <NavButton label={blackout === 'black' ? p.blackoutBack : p.blackout} icon={presenterIcons.blackout} onClick={() => toggleBlackout('black')} pressed={blackout === 'black'} testId="blackout-toggle" />
          <PairPhone no={no} t={p} closeLabel={t.close} />
          <span className="slidev-nav-sep" aria-hidden="true" />
          <NavButton label={t.overview} icon={icons.overview} shortcut="o" onClick={() => setOverview((v) => !v)} opensDialog expanded={overviewOpen} testId="nav-overview" />
          <NavButton label={t.goto} icon={icons.goto} shortcut="g" onClick={() => setGoto((v) => !v)} opensDialog expanded={gotoOpen} testId="nav-goto" />
          <NavButton label={canToggleDark ? t.dark : t.darkForced} icon={dark ? icons.moon : icons.sun} shortcut={canToggleDark ? 'd' : undefined} onClick={toggleDark} pressed={dark} disabled={!canToggleDark} testId="nav-dark" />
          <RecordingControls />
          <NavButton label={t.help.open} icon={icons.help} shortcut="?" onClick={() => setHelp(true)} opensDialog expanded={helpOpen} testId="nav-help" />
          <NavButton label={t.play} icon={icons.play} to={`/${no}${keep}${clicksQuery}`} testId="nav-play" />
        </header>
        <div className="presenter-body" style={layout === 3 ? ({ '--notes-split': `${notesSplit * 100}%` } as CSSProperties) : undefined}>
          <section className="presenter-panel presenter-main" aria-label={p.current}>
            <div ref={slideBox} className="presenter-slide" data-testid="presenter-main">
              <SlideCanvas>
                <SlideRenderContext.Provider value="presenter">
                  <SlideStage no={no} clicks={clicks} animate={false} />
                </SlideRenderContext.Provider>
                <DrawingSlot no={no} />
              </SlideCanvas>
              {blackout !== 'none' ? (
                <div className="presenter-main-dim" aria-hidden="true">
                  <span>{blackout === 'black' ? p.blackoutBlack : p.blackoutWhite}</span>
                </div>
              ) : null}
            </div>
          </section>
          {layout === 3 ? <NotesSplit label={p.notesSplit} /> : null}
          <section className="presenter-panel presenter-next" aria-label={p.next} data-testid="presenter-preview">
            <h2 className="presenter-panel-title">
              {p.next}
              {preview ? <span className="presenter-panel-sub"> · {preview.no === no ? p.nextClick(preview.clicks) : p.nextSlide(preview.no)}</span> : null}
            </h2>
            <div className="presenter-slide" inert>
              {preview ? (
                <SlideCanvas>
                  <SlideRenderContext.Provider value="previewNext">
                    <SlideRenderer no={preview.no} clicks={preview.clicks} />
                  </SlideRenderContext.Provider>
                </SlideCanvas>
              ) : (
                <p className="presenter-end">{p.end}</p>
              )}
            </div>
          </section>
          <section className="presenter-panel presenter-notes">
            <h2 className="presenter-panel-title">{p.notes}</h2>
            <NotesPanel no={no} clicks={clicks} fontSize={fontSize} t={p} scrollTo={layout === 3 ? 'start' : 'nearest'} />
          </section>
        </div>
      </div>
    </DeckPositionContext.Provider>
  )
}
