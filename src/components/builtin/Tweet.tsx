// Slidev's <Tweet id="…" />, offline first like <Youtube>: a card drawn here with a link to the post; X's script is
// loaded only when the viewer asks for the post here, so showing, printing or exporting the slide makes no request.
import { useEffect, useRef, useState } from 'react'
import { useAtomValue } from 'jotai'
import { configAtom } from '../../state/deck'
import { viewModeAtom } from '../../state/nav'
import { isDarkAtom } from '../../state/color-scheme'
import { tweetUrl } from '../../logic/tweet'

export interface TweetProps {
  id: string | number
  scale?: string | number
  conversation?: string
  cards?: 'hidden' | 'visible' | string
}

const WIDGETS = 'https://platform.twitter.com/widgets.js'

const LABELS = {
  en: { title: 'Post on X', show: 'Show the post here (connects to X)', open: 'Open the post on X', failed: 'The post could not be loaded: open it on X' },
  zh: { title: 'X 上的帖子', show: '在此显示帖子（将连接 X）', open: '在 X 上打开帖子', failed: '无法加载帖子：请在 X 上打开' },
}

type Twttr = { widgets: { createTweet: (id: string, el: HTMLElement, options: Record<string, unknown>) => Promise<unknown> } }

/** X's widget script, added to the page once, on request. */
let widgets: Promise<Twttr> | null = null
function loadWidgets(): Promise<Twttr> {
  widgets ??= new Promise<Twttr>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = WIDGETS
    script.async = true
    script.onload = () => {
      const twttr = (window as unknown as { twttr?: Twttr }).twttr
      if (twttr?.widgets) resolve(twttr)
      else reject(new Error('no twttr'))
    }
    script.onerror = () => {
      widgets = null
      reject(new Error('widgets.js did not load'))
    }
    document.head.appendChild(script)
  })
  return widgets
}


export default function Tweet({ id, scale, conversation = 'none', cards = 'visible' }: TweetProps) {
  const lang = useAtomValue(configAtom).htmlAttrs.lang
  const t = lang?.toLowerCase().startsWith('zh') ? LABELS.zh : LABELS.en
  const printing = useAtomValue(viewModeAtom) === 'print'
  const dark = useAtomValue(isDarkAtom)
  const [state, setState] = useState<'card' | 'loading' | 'shown' | 'failed'>('card')
  const holder = useRef<HTMLDivElement>(null)
  const postId = String(id ?? '').trim()
  const url = tweetUrl(postId)
  useEffect(() => {
    if (state !== 'loading' || !holder.current || !url) return
    let live = true
    const el = holder.current
    loadWidgets()
      .then((twttr) => twttr.widgets.createTweet(postId, el, { theme: dark ? 'dark' : 'light', conversation, cards: cards === 'hidden' ? 'hidden' : 'visible' }))
      .then((made) => live && setState(made ? 'shown' : 'failed'))
      .catch(() => live && setState('failed'))
    return () => {
      live = false
    }
  }, [state, url, postId, dark, conversation, cards])
  if (!url) return <span className="slidev-tweet-invalid">{`<Tweet id="${postId}">`}</span>
  const zoom = Number(scale) || 1
  return (
    <div className="slidev-tweet" data-no-nav="" style={{ transform: zoom !== 1 ? `scale(${zoom})` : undefined, transformOrigin: 'top left', maxWidth: 550 }}>
      <div ref={holder} />
      {state === 'shown' ? null : (
        <div className="slidev-tweet-card" style={{ border: '1px solid #8884', borderRadius: 12, padding: '12px 16px', display: 'flex', flexDirection: 'column', gap: 8 }}>
          <strong>{t.title}</strong>
          <a className="slidev-tweet-link" href={url} target="_blank" rel="noopener noreferrer">
            {t.open} <span style={{ display: 'block', fontSize: '0.75em', opacity: 0.8, overflowWrap: 'anywhere' }}>{url}</span>
          </a>
          {printing ? null : state === 'failed' ? (
            <span className="slidev-tweet-failed">{t.failed}</span>
          ) : (
            <button type="button" className="slidev-tweet-show" disabled={state === 'loading'} onClick={() => setState('loading')}>
              {t.show}
            </button>
          )}
        </div>
      )}
    </div>
  )
}
