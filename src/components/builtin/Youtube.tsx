// Slidev's <Youtube id="…" />, offline first: a poster drawn here and a link to the video; YouTube's player is
// loaded only when the viewer presses play, so showing, printing or exporting the slide makes no request.
import { useEffect, useState } from 'react'
import { useAtomValue } from 'jotai'
import { configAtom } from '../../state/deck'
import { viewModeAtom } from '../../state/nav'
import { labelsFor } from '../../kit/labels'
import { embedUrl, watchUrl, youtubeVideo } from '../../logic/youtube'

export interface YoutubeProps {
  id: string
  width?: string | number
  height?: string | number
}

/** YouTube's own embed size. */
const WIDTH = 560
const HEIGHT = 315

/** Whether the browser says it is online; true while prerendering (the page decides once it runs). */
function useOnline(): boolean {
  const [online, setOnline] = useState(true)
  useEffect(() => {
    const update = () => setOnline(navigator.onLine)
    update()
    window.addEventListener('online', update)
    window.addEventListener('offline', update)
    return () => {
      window.removeEventListener('online', update)
      window.removeEventListener('offline', update)
    }
  }, [])
  return online
}

export default function Youtube({ id, width, height }: YoutubeProps) {
  const t = labelsFor(useAtomValue(configAtom).htmlAttrs.lang).rich
  const printing = useAtomValue(viewModeAtom) === 'print'
  const online = useOnline()
  const [playing, setPlaying] = useState(false)
  const video = youtubeVideo(String(id ?? ''))
  const size = { width: Number(width) || WIDTH, height: Number(height) || HEIGHT }
  if (!video) return <span className="slidev-youtube-invalid">{`<Youtube id="${String(id ?? '')}">`}</span>
  const watch = watchUrl(video)
  return (
    <div className="slidev-youtube" style={size} data-no-nav="">
      {playing && online ? (
        <iframe
          className="youtube"
          src={embedUrl(video)}
          title={t.youtubeFrame}
          width={size.width}
          height={size.height}
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      ) : (
        <div className="slidev-youtube-poster">
          {printing ? (
            <span className="slidev-youtube-play" aria-hidden="true" />
          ) : (
            <button type="button" className="slidev-youtube-play" onClick={() => setPlaying(true)} disabled={!online} aria-label={t.youtubePlay} title={online ? t.youtubePlay : t.youtubeOffline} />
          )}
          <a className="slidev-youtube-link" href={watch} target="_blank" rel="noopener noreferrer">
            {t.youtubeWatch}
            <span className="slidev-youtube-address">{watch}</span>
          </a>
          {online || printing ? null : <span className="slidev-youtube-offline">{t.youtubeOffline}</span>}
        </div>
      )}
    </div>
  )
}
