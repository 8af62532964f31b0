// Makes an embedded page (iframe-right's `url:`, a plain <iframe>) safe to show: sandboxed, lazy, and replaced by a
// fallback panel (what the demo is, its link, how to start it) when the page cannot be reached.
import { useContext, useEffect, useState, type CSSProperties } from 'react'
import { useAtomValue } from 'jotai'
import { configAtom } from '../state/deck'
import { labelsFor } from '../kit/labels'
import { classifyEmbedUrl, EMBED_SANDBOX } from '../logic/embed-url'
import { SlideSurfaceContext } from './surface'
import './Embed.css'

export interface EmbedProps {
  url: string
  /** What the page is (the frame's accessible name and the fallback's heading). */
  title: string
  /** What to say when the page cannot be reached, e.g. how to start a local demo. */
  fallback?: string
  width?: string
  height?: string
  className?: string
  style?: CSSProperties
}

/** A no-cors request answers opaquely when anything listens at the address, and fails when nothing does. */
const PROBE_TIMEOUT = 4000
/** A page that was reachable but has not loaded in this long is treated as unreachable. */
const LOAD_TIMEOUT = 10_000
const PROBE_REUSE = 15_000

const probes = new Map<string, { at: number; reachable: Promise<boolean> }>()

/** Whether anything answers at `url`; one probe per address is shared by the slide and its thumbnails. */
function probe(url: string, fresh: boolean): Promise<boolean> {
  const known = probes.get(url)
  if (known && !fresh && Date.now() - known.at < PROBE_REUSE) return known.reachable
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), PROBE_TIMEOUT)
  const reachable = fetch(url, { method: 'HEAD', mode: 'no-cors', cache: 'no-store', credentials: 'omit', signal: controller.signal })
    .then(() => true, () => false)
    .finally(() => clearTimeout(timer))
  probes.set(url, { at: Date.now(), reachable })
  return reachable
}

const size = (value: string | undefined) => (value === undefined ? undefined : /^\d+(\.\d+)?$/.test(value) ? `${value}px` : value)

type Status = 'checking' | 'live' | 'unreachable'

export default function Embed({ url, title, fallback, width, height, className, style }: EmbedProps) {
  const t = labelsFor(useAtomValue(configAtom).htmlAttrs.lang).rich
  const target = classifyEmbedUrl(url, typeof location === 'undefined' ? 'http://localhost/' : location.href)
  const href = target.kind === 'local' || target.kind === 'remote' ? target.url : ''
  // In the reader the page is an article to read: the panel with the link stands in for the live page.
  const article = useContext(SlideSurfaceContext).article
  const [status, setStatus] = useState<Status>(href && !article ? 'checking' : 'unreachable')
  const [attempt, setAttempt] = useState(0)
  const [loaded, setLoaded] = useState(false)

  useEffect(() => {
    if (article) return
    if (!href) {
      setStatus('unreachable')
      return
    }
    let alive = true
    setStatus('checking')
    setLoaded(false)
    const offline = target.kind === 'remote' && typeof navigator !== 'undefined' && navigator.onLine === false
    if (offline) setStatus('unreachable')
    else void probe(href, attempt > 0).then((reachable) => alive && setStatus(reachable ? 'live' : 'unreachable'))
    return () => {
      alive = false
    }
  }, [href, attempt, target.kind, article])

  // A reachable page whose load never arrives (a hung server) still ends in the fallback.
  useEffect(() => {
    if (status !== 'live' || loaded) return
    const timer = setTimeout(() => setStatus('unreachable'), LOAD_TIMEOUT)
    return () => clearTimeout(timer)
  }, [status, loaded])

  // Coming back online retries by itself.
  useEffect(() => {
    if (status !== 'unreachable' || !href || article) return
    const retry = () => setAttempt((n) => n + 1)
    window.addEventListener('online', retry)
    return () => window.removeEventListener('online', retry)
  }, [status, href, article])

  const boxStyle: CSSProperties = { ...style, width: size(width) ?? style?.width, height: size(height) ?? style?.height }
  const why = article ? t.embedInArticle : target.kind === 'local' ? t.embedLocalDown(target.port) : target.kind === 'remote' ? t.embedUnreachable : t.embedBlocked
  return (
    <div className={['deck-embed', className].filter(Boolean).join(' ')} style={boxStyle} data-state={status} data-no-nav="">
      {status === 'live' ? (
        <iframe
          src={href}
          title={title || href}
          loading="lazy"
          sandbox={EMBED_SANDBOX}
          referrerPolicy="no-referrer"
          allow="fullscreen; clipboard-write"
          onLoad={() => setLoaded(true)}
        />
      ) : status === 'checking' ? (
        <p className="deck-embed-checking" role="status">{t.embedLoading}</p>
      ) : (
        <div className="deck-embed-fallback" role="group" aria-label={title || href || t.embedBlocked}>
          {title ? <p className="deck-embed-fallback-title">{title}</p> : null}
          <p className="deck-embed-fallback-why">{why}</p>
          {fallback ? <p className="deck-embed-fallback-text">{fallback}</p> : null}
          <p className="deck-embed-fallback-actions">
            {href ? (
              <a href={href} target="_blank" rel="noopener noreferrer" title={t.embedOpen}>
                {href}
              </a>
            ) : null}
            {href && !article ? (
              <button type="button" className="deck-embed-retry" aria-label={t.embedRetry} title={t.embedRetry} onClick={() => setAttempt((n) => n + 1)}>
                {t.embedRetry}
              </button>
            ) : null}
          </p>
        </div>
      )}
    </div>
  )
}
