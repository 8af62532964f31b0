// The bottom navigation bar: shown on hover or focus, every control labelled and reachable by keyboard.
import { useAtom, useAtomValue, useSetAtom } from 'jotai'
import { configAtom, slidesAtom } from '../../state/deck'
import { deckShapeAtom } from '../../state/nav'
import { scaleAtom, showOverviewAtom } from '../../state/preferences'
import { gotoOpenAtom, infoOpenAtom } from '../../state/ui'
import { viewModeAtom } from '../../state/nav'
import { infoHtml } from 'virtual:deck/slides'
import { Link, useLocation } from 'react-router-dom'
import { presenterAllowed, downloadUrl } from './permissions'
import { canToggleDarkAtom, isDarkAtom, toggleDarkAtom } from '../../state/color-scheme'
import { useDeckNav } from '../../state/navigation'
import { hasNext, hasPrev } from '../../logic/nav'
import { toggleFullscreen } from '../play/fullscreen'
import { labelsFor } from './labels'

export default function NavControls({ no, clicks }: { no: number; clicks: number }) {
  const config = useAtomValue(configAtom)
  const total = useAtomValue(slidesAtom).length
  const shape = useAtomValue(deckShapeAtom)
  const [scale, setScale] = useAtom(scaleAtom)
  const dark = useAtomValue(isDarkAtom)
  const canToggleDark = useAtomValue(canToggleDarkAtom)
  const toggleDark = useSetAtom(toggleDarkAtom)
  const nav = useDeckNav()
  const mode = useAtomValue(viewModeAtom)
  const setOverview = useSetAtom(showOverviewAtom)
  const setGoto = useSetAtom(gotoOpenAtom)
  const setInfo = useSetAtom(infoOpenAtom)
  const { search } = useLocation()
  const password = new URLSearchParams(search).get('password')
  const keep = password ? `?password=${encodeURIComponent(password)}` : ''
  const download = downloadUrl(config)
  const t = labelsFor(config.htmlAttrs.lang)
  const at = { no, clicks }
  return (
    <nav className="slidev-nav" aria-label={t.navigation}>
      <div className="slidev-nav-bar">
        <button type="button" className="slidev-icon-btn" onClick={nav.prev} disabled={!hasPrev(at)} aria-label={t.prev} title={t.prev}>
          <span aria-hidden="true">‹</span>
        </button>
        <span className="slidev-nav-counter" aria-label={t.slideOf(no, total)}>
          {no} / {total}
        </span>
        <button type="button" className="slidev-icon-btn" onClick={nav.next} disabled={!hasNext(at, shape)} aria-label={t.next} title={t.next}>
          <span aria-hidden="true">›</span>
        </button>
        <span className="slidev-nav-sep" aria-hidden="true" />
        <button type="button" className="slidev-icon-btn" onClick={toggleFullscreen} aria-label={t.fullscreen} title={`${t.fullscreen} (f)`}>
          <span aria-hidden="true">⛶</span>
        </button>
        <button
          type="button"
          className="slidev-icon-btn"
          onClick={toggleDark}
          disabled={!canToggleDark}
          aria-label={canToggleDark ? t.dark : t.darkForced}
          aria-pressed={dark}
          title={`${canToggleDark ? t.dark : t.darkForced} (d)`}
        >
          <span aria-hidden="true">{dark ? '☾' : '☀'}</span>
        </button>
        <button
          type="button"
          className="slidev-icon-btn"
          onClick={() => setScale(scale === 0 ? 1 : 0)}
          aria-label={scale === 0 ? t.scaleOne : t.scaleFit}
          title={scale === 0 ? t.scaleOne : t.scaleFit}
        >
          <span aria-hidden="true">{scale === 0 ? '1:1' : '⤢'}</span>
        </button>
        <button type="button" className="slidev-icon-btn" onClick={() => setOverview((v) => !v)} aria-label={t.overview} title={`${t.overview} (o)`}>
          <span aria-hidden="true">▦</span>
        </button>
        <button type="button" className="slidev-icon-btn" onClick={() => setGoto((v) => !v)} aria-label={t.goto} title={`${t.goto} (g)`}>
          <span aria-hidden="true">⌕</span>
        </button>
        {mode === 'play' && infoHtml ? (
          <button type="button" className="slidev-icon-btn" onClick={() => setInfo(true)} aria-label={t.info} title={t.info}>
            <span aria-hidden="true">ⓘ</span>
          </button>
        ) : null}
        {download ? (
          <a className="slidev-icon-btn" href={download} download aria-label={t.download} title={t.download}>
            <span aria-hidden="true">⤓</span>
          </a>
        ) : null}
        {mode === 'play' && presenterAllowed(config) ? (
          <Link className="slidev-icon-btn" to={`/presenter/${no}${keep}`} aria-label={t.presenter} title={t.presenter}>
            <span aria-hidden="true">▣</span>
          </Link>
        ) : null}
        {mode === 'presenter' ? (
          <Link className="slidev-icon-btn" to={`/${no}${keep}`} aria-label={t.play} title={t.play}>
            <span aria-hidden="true">▶</span>
          </Link>
        ) : null}
      </div>
      <div className="slidev-progress" role="progressbar" aria-label={t.progress} aria-valuemin={1} aria-valuemax={total} aria-valuenow={no}>
        <div className="slidev-progress-bar" style={{ width: `${(no / total) * 100}%` }} />
      </div>
    </nav>
  )
}
