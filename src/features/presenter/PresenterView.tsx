// The presenter's route (/presenter/N): behind the password guard, the full presenter screen, or the clicker on a phone.
import { useEffect, useLayoutEffect, useSyncExternalStore } from 'react'
import { Navigate, useLocation } from 'react-router-dom'
import { useAtomValue, useSetAtom } from 'jotai'
import { configAtom, slidesAtom } from '../../state/deck'
import { viewModeAtom } from '../../state/nav'
import { showOverviewAtom } from '../../state/preferences'
import { drawingModeAtom, gotoOpenAtom, helpOpenAtom } from '../../state/ui'
import { toggleDarkAtom } from '../../state/color-scheme'
import { useDeckNav, useRoutePosition } from '../../state/navigation'
import { preloadAround } from '../../state/slide-modules'
import { afterPaint } from '../../state/after-paint'
import { PHONE_QUERY } from '../../logic/presenter'
import { pageTitle } from '../../../shared/config'
import { useShortcuts } from '../shortcuts/useShortcuts'
import { toggleFullscreen } from '../../kit/fullscreen'
import Overview from '../overview/Overview'
import Goto from '../goto/Goto'
import { labelsFor } from '../../kit/labels'
import PresenterGuard from './PresenterGuard'
import PresenterScreen from './PresenterScreen'
import PhoneClicker from './PhoneClicker'
import HelpDialog from '../help/HelpDialog'
import { restoreOr, toggleBlackout } from '../blackout/blackout'
import './presenter.css'

function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    () => matchMedia(query).matches,
  )
}

export default function PresenterView() {
  return (
    <PresenterGuard>
      <PresenterRoute />
    </PresenterGuard>
  )
}

function PresenterRoute() {
  const { search } = useLocation()
  const slides = useAtomValue(slidesAtom)
  const config = useAtomValue(configAtom)
  const { no, clicks } = useRoutePosition() ?? { no: null, clicks: 0 }
  const setMode = useSetAtom(viewModeAtom)
  const nav = useDeckNav()
  const toggleDark = useSetAtom(toggleDarkAtom)
  const [overviewOpen, gotoOpen] = [useAtomValue(showOverviewAtom), useAtomValue(gotoOpenAtom)]
  const setOverview = useSetAtom(showOverviewAtom)
  const setGoto = useSetAtom(gotoOpenAtom)
  const setHelp = useSetAtom(helpOpenAtom)
  const setDrawing = useSetAtom(drawingModeAtom)
  const phone = useMediaQuery(PHONE_QUERY)

  // Past the password: from now on sync publishes this window's position as the presenter's.
  useLayoutEffect(() => setMode('presenter'), [setMode])

  useEffect(() => {
    if (!no) return
    document.title = `${labelsFor(config.htmlAttrs.lang).presenting.view} · ${pageTitle(config, slides[no - 1]?.title)}`
    return afterPaint(() => preloadAround(no))
  }, [no, config, slides])

  useShortcuts(
    {
      next: restoreOr(nav.next),
      prev: restoreOr(nav.prev),
      nextSlide: restoreOr(nav.nextSlide),
      prevSlide: restoreOr(nav.prevSlide),
      blackout: () => toggleBlackout('black'),
      whiteout: () => toggleBlackout('white'),
      help: () => setHelp(true),
      toggleDark,
      toggleFullscreen,
      toggleGoto: () => setGoto((open) => !open),
      toggleOverview: () => setOverview((open) => !open),
      escape: () => {
        setGoto(false)
        setOverview(false)
        setDrawing(false)
      },
    },
  )

  if (!no) {
    const params = new URLSearchParams(search)
    params.delete('clicks')
    const query = params.toString()
    return <Navigate to={`/presenter/1${query ? `?${query}` : ''}`} replace />
  }
  return (
    <>
      {phone ? <PhoneClicker no={no} clicks={clicks} /> : <PresenterScreen no={no} clicks={clicks} />}
      {overviewOpen ? <Overview /> : null}
      {gotoOpen ? <Goto /> : null}
      <HelpDialog />
    </>
  )
}
