// The audience's view: the slide at its click step, moved by keys, clicks and swipes, announced to screen readers.
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react'
import { Navigate } from 'react-router-dom'
import { useAtomValue, useSetAtom } from 'jotai'
import { configAtom, slidesAtom } from '../../state/deck'
import { viewModeAtom } from '../../state/nav'
import { scaleAtom } from '../../state/preferences'
import { drawingModeAtom, embeddedAtom, gotoOpenAtom, helpOpenAtom } from '../../state/ui'
import { toggleDarkAtom } from '../../state/color-scheme'
import { useDeckNav, useRoutePosition } from '../../state/navigation'
import { DeckPositionContext } from '../../state/slide-context'
import { pageTitle } from '../../../shared/config'
import SlideCanvas from '../../stage/SlideCanvas'
import SlideStage from '../../stage/SlideStage'
import DrawingSlot from '../drawing/DrawingSlot'
import PresenterCursor from '../presenter/PresenterCursor'
import { useShortcuts } from '../shortcuts/useShortcuts'
import { usePointerNav } from './usePointerNav'
import { slideAnnouncement } from './announce'
import { toggleFullscreen } from '../../kit/fullscreen'
import ViewerChrome from '../chrome/ViewerChrome'
import BlackoutScreen from '../blackout/BlackoutScreen'
import { restoreOr, toggleBlackout } from '../blackout/blackout'
import HelpDialog from '../help/HelpDialog'
import { showOverviewAtom } from '../../state/preferences'

// The side editor exists only under the dev server; in a build this is null and the editor's code is left out.
const EditorHost = import.meta.env.DEV ? lazy(() => import('../editor/EditorHost')) : null

export default function PlayView() {
  const slides = useAtomValue(slidesAtom)
  const config = useAtomValue(configAtom)
  const { no, clicks } = useRoutePosition() ?? { no: null, clicks: 0 }
  const setMode = useSetAtom(viewModeAtom)
  const scale = useAtomValue(scaleAtom)
  const embedded = useAtomValue(embeddedAtom)
  const drawing = useAtomValue(drawingModeAtom)
  const nav = useDeckNav()
  const toggleDark = useSetAtom(toggleDarkAtom)
  const setGoto = useSetAtom(gotoOpenAtom)
  const setOverview = useSetAtom(showOverviewAtom)
  const setDrawing = useSetAtom(drawingModeAtom)
  const stageRef = useRef<HTMLDivElement>(null)
  const setHelp = useSetAtom(helpOpenAtom)

  useLayoutEffect(() => setMode('play'), [setMode])

  useEffect(() => {
    // The neighbours load with the stage (SlideStage), once its transition has run.
    if (no) document.title = pageTitle(config, slides[no - 1]?.title)
  }, [no, config, slides])

  useShortcuts({
    next: restoreOr(nav.next),
    prev: restoreOr(nav.prev),
    nextSlide: restoreOr(nav.nextSlide),
    prevSlide: restoreOr(nav.prevSlide),
    blackout: () => toggleBlackout('black'),
    whiteout: () => toggleBlackout('white'),
    help: embedded ? undefined : () => setHelp(true),
    toggleDark,
    toggleFullscreen,
    // Embedded (in an iframe) there are no panels to open; the keys stay the host page's.
    toggleGoto: embedded ? undefined : () => setGoto((open) => !open),
    toggleOverview: embedded ? undefined : () => setOverview((open) => !open),
    escape: () => {
      setGoto(false)
      setOverview(false)
      setDrawing(false)
    },
  })

  const act = useCallback((action: 'next' | 'prev') => (action === 'next' ? nav.next() : nav.prev()), [nav])
  usePointerNav(stageRef, act, !drawing)

  // Where the talk is, for the slides' expressions ($nav).
  const position = useMemo(() => ({ no: no ?? 1, clicks }), [no, clicks])
  if (!no) return <Navigate to="/1" replace />
  const title = slides[no - 1]?.title ?? ''
  return (
    <DeckPositionContext.Provider value={position}>
      <div className={`slidev-play ${embedded ? 'is-embedded' : ''} ${config.selectable ? '' : 'select-none'}`}>
        <main ref={stageRef} className="slidev-play-stage" aria-roledescription="slide deck">
          <SlideCanvas scaleMode={scale}>
            <SlideStage no={no} clicks={clicks} />
            <DrawingSlot no={no} />
            <PresenterCursor no={no} />
          </SlideCanvas>
        </main>
        <div className="sr-only" aria-live="polite" aria-atomic="true" data-testid="slide-announcer">
          {slideAnnouncement(config.htmlAttrs.lang ?? 'en', no, slides.length, title)}
        </div>
        {embedded ? null : <ViewerChrome no={no} clicks={clicks} />}
        {embedded ? null : <HelpDialog />}
        <BlackoutScreen />
        {EditorHost && config.editor && !embedded ? (
          <Suspense fallback={null}>
            <EditorHost />
          </Suspense>
        ) : null}
      </div>
    </DeckPositionContext.Provider>
  )
}
