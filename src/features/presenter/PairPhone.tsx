// Lets the presenter pair a phone as the clicker by QR code (under `npm run serve`), see paired phones and revoke them;
// on a static host the code opens the audience view instead, and the dialog says why.
import { useCallback, useEffect, useRef, useState } from 'react'
import { useAtomValue } from 'jotai'
import { pairedDevicesAtom, pairingAtom, relayStatusAtom } from '../../state/sync/atoms'
import { requestRelay } from '../../state/sync/controller'
import { formatClock, formatDuration } from '../../logic/timer'
import { useDialog } from '../../kit/useDialog'
import type { Labels } from '../../kit/labels'
import NavButton from '../../kit/NavButton'
import { icons } from '../../kit/icons'
import { presenterIcons } from './icons'
import { useNow } from './TalkTimer'

/** The QR code as SVG markup, drawn here (uqr, loaded only when the dialog opens): the address never leaves the machine. */
function useQrSvg(text: string | null): string | null {
  const [svg, setSvg] = useState<{ text: string; svg: string } | null>(null)
  useEffect(() => {
    if (!text) return
    let live = true
    void import('uqr').then(({ renderSVG }) => {
      if (live) setSvg({ text, svg: renderSVG(text, { ecc: 'M', border: 2, blackColor: '#000', whiteColor: '#fff' }) })
    })
    return () => {
      live = false
    }
  }, [text])
  return svg && svg.text === text ? svg.svg : null
}

type Mode = 'pair' | 'static' | 'dev' | 'offline' | 'refused'

export default function PairPhone({ no, t, closeLabel }: { no: number; t: Labels['presenting']; closeLabel: string }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <NavButton label={t.pair} icon={presenterIcons.phone} onClick={() => setOpen(true)} opensDialog expanded={open} testId="pair-open" />
      {open ? <PairDialog no={no} t={t} closeLabel={closeLabel} onClose={() => setOpen(false)} /> : null}
    </>
  )
}

function PairDialog({ no, t, closeLabel, onClose }: { no: number; t: Labels['presenting']; closeLabel: string; onClose: () => void }) {
  const relay = useAtomValue(relayStatusAtom)
  const pairing = useAtomValue(pairingAtom)
  const devices = useAtomValue(pairedDevicesAtom)
  const now = useNow()
  const ref = useRef<HTMLDivElement>(null)
  useDialog(ref, true, onClose)

  const mode: Mode =
    relay.relay === 'none' ? 'static' : relay.relay !== 'connected' ? 'offline' : relay.canPair ? 'pair' : import.meta.hot ? 'dev' : 'refused'
  const askForCode = useCallback(() => requestRelay({ type: 'pair' }), [])
  // A fresh code every time the dialog opens (or the relay comes back): an old one on screen may have been photographed.
  useEffect(() => {
    if (mode === 'pair') askForCode()
  }, [mode, askForCode])

  const audienceUrl = `${window.location.origin}${import.meta.env.BASE_URL.replace(/\/$/, '')}/${no}`
  const expired = pairing ? now >= pairing.expires : false
  const url = mode === 'pair' ? (pairing && !expired ? pairing.url : null) : audienceUrl
  const svg = useQrSvg(url)
  const note = { pair: pairing && !pairing.reachable ? t.pairLoopback : null, static: t.pairStatic, dev: t.pairDev, offline: t.pairOffline, refused: t.pairRefused }[mode]

  return (
    <div className="deck-help-backdrop is-presenter" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={ref} className="presenter-pair" role="dialog" aria-modal="true" aria-labelledby="presenter-pair-title" data-testid="pair-dialog" data-mode={mode}>
        <div className="deck-help-header">
          <h2 id="presenter-pair-title">{t.pairTitle}</h2>
          <button type="button" className="slidev-icon-btn" onClick={onClose} aria-label={closeLabel} title={`${closeLabel} (Esc)`}>
            {icons.close}
          </button>
        </div>
        {mode === 'pair' ? <p className="presenter-pair-hint">{t.pairHint}</p> : null}
        {note ? (
          <p className="presenter-pair-note" role="note" data-testid="pair-note">
            {note}
          </p>
        ) : null}
        <div className="presenter-pair-code">
          {svg ? <div className="presenter-pair-qr" role="img" aria-label={url ?? ''} data-testid="pair-qr" dangerouslySetInnerHTML={{ __html: svg }} /> : <div className="presenter-pair-qr is-empty" />}
          <div className="presenter-pair-side">
            {url ? (
              <p>
                <span className="presenter-pair-label">{t.pairLink}</span>
                <br />
                <code data-testid="pair-url">{url}</code>
              </p>
            ) : null}
            {mode === 'pair' && pairing ? (
              <p data-testid="pair-expiry" className={expired ? 'is-expired' : ''}>
                {expired ? t.pairExpired : t.pairExpires(formatDuration(pairing.expires - now))}
              </p>
            ) : null}
            {mode === 'pair' ? (
              <button type="button" className="presenter-button" onClick={askForCode} data-testid="pair-new">
                {t.pairNew}
              </button>
            ) : null}
          </div>
        </div>
        {mode === 'pair' ? (
          <section aria-labelledby="presenter-pair-devices">
            <h3 id="presenter-pair-devices">{t.pairDevices}</h3>
            {devices.length ? (
              <ul className="presenter-pair-devices" data-testid="paired-devices">
                {devices.map((device) => (
                  <li key={device.id} data-device={device.id}>
                    <span>
                      {device.label} · {t.pairSince(formatClock(new Date(device.pairedAt)))}
                    </span>
                    <button type="button" className="presenter-button" onClick={() => requestRelay({ type: 'revoke', device: device.id })} data-testid="pair-revoke">
                      {t.pairRevoke(device.label)}
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="presenter-pair-empty">{t.pairNoDevices}</p>
            )}
          </section>
        ) : null}
      </div>
    </div>
  )
}
