// The bottom navigation bar: shown on hover or focus, every control labelled and reachable by keyboard.
import { useAtom, useAtomValue, useSetAtom } from 'jotai'
import { configAtom, slidesAtom } from '../../state/deck'
import { deckShapeAtom } from '../../state/nav'
import { scaleAtom, showEditorAtom, showOverviewAtom, viewChoiceAtom } from '../../state/preferences'
import { readerSearch } from '../../logic/reader'
import { editorIcon } from '../editor/icon'
import { drawingModeAtom, embeddedAtom, gotoOpenAtom, helpOpenAtom, infoOpenAtom } from '../../state/ui'
import { drawingControlsAtom } from '../drawing/role'
import { drawingIcons } from '../drawing/icons'
import { viewModeAtom } from '../../state/nav'
import { infoHtml } from '../../state/deck'
import { useLocation } from 'react-router-dom'
import type { ReactNode } from 'react'
import { presenterAllowed, downloadUrl } from '../../logic/permissions'
import { canToggleDarkAtom, isDarkAtom, toggleDarkAtom } from '../../state/color-scheme'
import { useDeckNav } from '../../state/navigation'
import { hasNext, hasPrev } from '../../logic/nav'
import { toggleFullscreen, useIsFullscreen } from '../../kit/fullscreen'
import { labelsFor } from '../../kit/labels'
import NavButton from '../../kit/NavButton'
import SlideCounter from '../../kit/SlideCounter'
import RecordingControls from '../recording/RecordingControls'
import { icons } from '../../kit/icons'

/**
 * Controls are grouped: moving, viewing, panels, the deck's own links, then presenter-only ones. A feature adds
 * its control as one <NavButton> in its group (guarded by its permission); a view may pass extra ones as children.
 */
export default function NavControls({ no, clicks, children }: { no: number; clicks: number; children?: ReactNode }) {
  const config = useAtomValue(configAtom)
  const total = useAtomValue(slidesAtom).length
  const shape = useAtomValue(deckShapeAtom)
  const [scale, setScale] = useAtom(scaleAtom)
  const dark = useAtomValue(isDarkAtom)
  const canToggleDark = useAtomValue(canToggleDarkAtom)
  const toggleDark = useSetAtom(toggleDarkAtom)
  const nav = useDeckNav()
  const mode = useAtomValue(viewModeAtom)
  const [overviewOpen, setOverview] = useAtom(showOverviewAtom)
  const [editorOpen, setEditorOpen] = useAtom(showEditorAtom)
  const [gotoOpen, setGoto] = useAtom(gotoOpenAtom)
  const [infoOpen, setInfo] = useAtom(infoOpenAtom)
  const [helpOpen, setHelp] = useAtom(helpOpenAtom)
  const fullscreen = useIsFullscreen()
  const drawingControls = useAtomValue(drawingControlsAtom)
  const [drawingMode, setDrawingMode] = useAtom(drawingModeAtom)
  const { search } = useLocation()
  const setViewChoice = useSetAtom(viewChoiceAtom)
  const embedded = useAtomValue(embeddedAtom)
  const password = new URLSearchParams(search).get('password')
  const keep = password ? `?password=${encodeURIComponent(password)}` : ''
  const download = downloadUrl(config)
  const t = labelsFor(config.htmlAttrs.lang)
  const at = { no, clicks }
  return (
    <nav className="slidev-nav" aria-label={t.navigation}>
      <div className="slidev-nav-bar">
        <NavButton label={t.prev} icon={icons.prev} shortcut="←" onClick={nav.prev} disabled={!hasPrev(at)} />
        <SlideCounter no={no} total={total} t={t} className="slidev-nav-counter" testId="slide-counter" />
        <NavButton label={t.next} icon={icons.next} shortcut="→" onClick={nav.next} disabled={!hasNext(at, shape)} />
        <span className="slidev-nav-sep" aria-hidden="true" />
        <NavButton label={fullscreen ? t.exitFullscreen : t.fullscreen} icon={fullscreen ? icons.exitFullscreen : icons.fullscreen} shortcut="f" onClick={toggleFullscreen} pressed={fullscreen} testId="nav-fullscreen" />
        <NavButton label={canToggleDark ? t.dark : t.darkForced} icon={dark ? icons.moon : icons.sun} shortcut={canToggleDark ? 'd' : undefined} onClick={toggleDark} pressed={dark} disabled={!canToggleDark} testId="nav-dark" />
        <NavButton label={t.scaleOne} icon={scale === 1 ? icons.scaleOne : icons.scaleFit} onClick={() => setScale(scale === 0 ? 1 : 0)} pressed={scale === 1} testId="nav-scale" />
        <span className="slidev-nav-sep" aria-hidden="true" />
        <NavButton label={t.overview} icon={icons.overview} shortcut="o" onClick={() => setOverview((v) => !v)} opensDialog expanded={overviewOpen} testId="nav-overview" />
        <NavButton label={t.goto} icon={icons.goto} shortcut="g" onClick={() => setGoto((v) => !v)} opensDialog expanded={gotoOpen} testId="nav-goto" />
        {drawingControls ? (
          <NavButton label={t.drawing} icon={drawingIcons.pen} onClick={() => setDrawingMode((v) => !v)} pressed={drawingMode} testId="drawing-toggle" />
        ) : null}
        {mode === 'play' && infoHtml ? <NavButton label={t.info} icon={icons.info} onClick={() => setInfo(true)} opensDialog expanded={infoOpen} testId="nav-info" /> : null}
        <NavButton label={t.help.open} icon={icons.help} shortcut="?" onClick={() => setHelp(true)} opensDialog expanded={helpOpen} testId="nav-help" />
        {download ? <NavButton label={t.download} icon={icons.download} href={download} download testId="nav-download" /> : null}
        {/* Dev only: the side editor writes through the dev server (absent from builds). */}
        {import.meta.env.DEV && config.editor && mode === 'play' ? <NavButton label={t.editor} icon={editorIcon} shortcut="e" onClick={() => setEditorOpen((v) => !v)} pressed={editorOpen} testId="nav-editor" /> : null}
        {mode === 'play' && !embedded ? (
          <NavButton label={t.reader.open} icon={icons.reader} to={`/${no}${readerSearch(search)}`} onClick={() => setViewChoice('reader')} testId="nav-reader" />
        ) : null}
        <RecordingControls />
        {mode === 'play' && presenterAllowed(config) ? <NavButton label={t.presenter} icon={icons.presenter} to={`/presenter/${no}${keep}`} testId="nav-presenter" /> : null}
        {mode === 'presenter' ? <NavButton label={t.play} icon={icons.play} to={`/${no}${keep}`} testId="nav-play" /> : null}
        {children}
      </div>
      <div className="slidev-progress" role="progressbar" aria-label={t.progress} aria-valuemin={1} aria-valuemax={total} aria-valuenow={no} aria-valuetext={t.slideOf(no, total)}>
        <div className="slidev-progress-bar" style={{ width: `${(no / total) * 100}%` }} />
      </div>
    </nav>
  )
}
