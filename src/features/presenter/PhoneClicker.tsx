// Makes a phone a remote control: big next and previous buttons, the notes and the timer, driving the deck through sync.
import { useAtomValue } from 'jotai'
import { configAtom, slidesAtom } from '../../state/deck'
import { deckShapeAtom } from '../../state/nav'
import { presenterFontSizeAtom } from '../../state/preferences'
import { useDeckNav } from '../../state/navigation'
import { hasNext, hasPrev } from '../../logic/nav'
import { previewPosition } from '../../logic/presenter'
import { labelsFor } from '../../kit/labels'
import NotesPanel from './NotesPanel'
import TalkTimer from './TalkTimer'
import Pacing from './Pacing'
import SyncStatus from './SyncStatus'
import { presenterIcons } from './icons'
import NavButton from '../../kit/NavButton'
import SlideCounter from '../../kit/SlideCounter'
import { blackoutAtom, restoreOr, toggleBlackout } from '../blackout/blackout'

export default function PhoneClicker({ no, clicks }: { no: number; clicks: number }) {
  const config = useAtomValue(configAtom)
  const slides = useAtomValue(slidesAtom)
  const shape = useAtomValue(deckShapeAtom)
  const fontSize = useAtomValue(presenterFontSizeAtom)
  const nav = useDeckNav()
  const blackout = useAtomValue(blackoutAtom)
  const t = labelsFor(config.htmlAttrs.lang)
  const p = t.presenting
  const total = slides.length
  const at = { no, clicks }
  const slideClicks = slides[no - 1]?.clicks ?? 0
  const preview = previewPosition(at, shape)
  return (
    <main className="presenter-clicker" data-testid="phone-clicker" aria-label={p.clicker}>
      <header className="clicker-head">
        <div className="clicker-where">
          <SlideCounter no={no} total={total} t={t} className="clicker-counter" testId="presenter-counter" />
          <span className="clicker-title">{slides[no - 1]?.title}</span>
          <SyncStatus t={p} />
          <NavButton label={blackout === 'black' ? p.blackoutBack : p.blackout} icon={presenterIcons.blackout} onClick={() => toggleBlackout('black')} pressed={blackout === 'black'} testId="blackout-toggle" />
        </div>
        {blackout !== 'none' ? (
          <p className={`presenter-blackout-badge is-${blackout}`} role="status" data-testid="presenter-blackout">
            {blackout === 'black' ? p.blackoutBlack : p.blackoutWhite}
          </p>
        ) : null}
        <TalkTimer t={p} large />
        <Pacing no={no} clicks={clicks} t={p} />
        <div className="presenter-progress" role="progressbar" aria-label={t.progress} aria-valuemin={1} aria-valuemax={total} aria-valuenow={no} aria-valuetext={t.slideOf(no, total)}>
          <div className="presenter-progress-bar" style={{ width: `${(no / total) * 100}%` }} />
        </div>
        <p className="clicker-next-step">
          {slideClicks ? `${p.step(clicks, slideClicks)} · ` : ''}
          {p.next}: {preview ? (preview.no === no ? p.nextClick(preview.clicks) : `${p.nextSlide(preview.no)} ${slides[preview.no - 1]?.title ?? ''}`) : p.end}
        </p>
      </header>
      <section className="clicker-notes">
        <NotesPanel no={no} clicks={clicks} fontSize={fontSize} t={p} />
      </section>
      <div className="clicker-buttons">
        <button type="button" className="clicker-button clicker-prev" onClick={restoreOr(nav.prev)} disabled={!hasPrev(at)} aria-label={t.prev} title={t.prev} data-testid="clicker-prev">
          {presenterIcons.prevLarge}
        </button>
        <button type="button" className="clicker-button clicker-next" onClick={restoreOr(nav.next)} disabled={!hasNext(at, shape)} aria-label={t.next} title={t.next} data-testid="clicker-next">
          {presenterIcons.nextLarge}
        </button>
      </div>
    </main>
  )
}
