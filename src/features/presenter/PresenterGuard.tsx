// Makes the presenter pages ask for the presenter password when the deck (or the server) sets one, and turn away a wrong one.
import { useRef, useState, type FormEvent, type ReactNode } from 'react'
import { Navigate, useLocation, useNavigate } from 'react-router-dom'
import { useAtomValue } from 'jotai'
import { configAtom } from '../../state/deck'
import { relayStatusAtom } from '../../state/sync/atoms'
import { presenterAccess, refusedPath, type PresenterAccess } from '../../../shared/sync-protocol'
import { useDialog } from '../../kit/useDialog'
import { labelsFor } from '../../kit/labels'
import { presenterAllowed } from '../../logic/permissions'
import './password.css'

function withPassword(search: string, password: string): string {
  const params = new URLSearchParams(search)
  params.set('password', password)
  return `?${params.toString()}`
}

export default function PresenterGuard({ children }: { children: ReactNode }) {
  const config = useAtomValue(configAtom)
  const relay = useAtomValue(relayStatusAtom)
  const { pathname, search } = useLocation()
  const navigate = useNavigate()
  const given = new URLSearchParams(search).get('password')
  // The deck's own password is checked here, in the browser: a convenience only, since it ships with the files.
  // A password known only to `npm run serve` is checked by the server: the relay says when it refused us.
  const serverRefused = !config.remote && relay.relay === 'connected' && relay.passwordRequired && !relay.canWrite
  // `npm run serve` marks a presenter page it let in itself (the password, or a phone paired by QR code).
  const serverGranted = document.querySelector<HTMLMetaElement>('meta[name="deck-presenter-access"]')?.content === 'granted'
  const access: PresenterAccess = serverGranted && !given ? 'granted' : config.remote ? presenterAccess(config.remote, given) : serverRefused ? (given ? 'denied' : 'prompt') : 'open'

  // A deck that turns presenter mode off (`presenter: false`, or 'dev' in a build) has no presenter pages at all.
  if (!presenterAllowed(config)) return <Navigate to={refusedPath(pathname)} replace />
  if (access === 'open' || access === 'granted') return <>{children}</>
  if (access === 'denied') return <Navigate to={refusedPath(pathname)} replace />
  const submit = (password: string) => {
    if (!config.remote) {
      // Only the server knows this password: load the page again so the server checks it.
      window.location.assign(`${import.meta.env.BASE_URL.replace(/\/$/, '')}${pathname}${withPassword(search, password)}`)
      return
    }
    if (presenterAccess(config.remote, password) === 'granted') navigate(pathname + withPassword(search, password), { replace: true })
    else navigate(refusedPath(pathname), { replace: true })
  }
  return <PasswordPrompt lang={config.htmlAttrs.lang} onSubmit={submit} onCancel={() => navigate(refusedPath(pathname), { replace: true })} />
}

function PasswordPrompt({ lang, onSubmit, onCancel }: { lang: string | undefined; onSubmit: (password: string) => void; onCancel: () => void }) {
  const t = labelsFor(lang).presenting
  const ref = useRef<HTMLDivElement>(null)
  const input = useRef<HTMLInputElement>(null)
  const [value, setValue] = useState('')
  useDialog(ref, true, onCancel, { initialFocus: () => input.current })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (value) onSubmit(value)
  }
  return (
    <div className="presenter-password-backdrop">
      <div ref={ref} className="presenter-password" role="dialog" aria-modal="true" aria-labelledby="presenter-password-title" data-testid="presenter-password">
        <form className="presenter-password-form" onSubmit={submit}>
          <h1 id="presenter-password-title">{t.passwordTitle}</h1>
          <p>{t.passwordHint}</p>
          <label htmlFor="presenter-password-input">{t.passwordLabel}</label>
          <input
            ref={input}
            id="presenter-password-input"
            type="password"
            autoComplete="current-password"
            required
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
          <div className="presenter-password-actions">
            <button type="button" className="presenter-button" onClick={onCancel} aria-label={t.passwordCancel} title={t.passwordCancel}>
              {t.passwordCancel}
            </button>
            <button type="submit" className="presenter-button is-primary" aria-label={t.passwordSubmit} title={t.passwordSubmit}>
              {t.passwordSubmit}
            </button>
          </div>
        </form>
      </div>
    </div>
  )
}
