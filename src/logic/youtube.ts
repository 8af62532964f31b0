// A YouTube video named as Slidev names it (`id="luoMHjh-XcQ"`, `?start=1234` allowed): its addresses, so nothing
// reaches YouTube until the viewer asks.

export interface YoutubeVideo {
  id: string
  /** Seconds into the video. */
  start: number
}

/** The video an `id` attribute names, or null when it is not a video id. */
export function youtubeVideo(idAttribute: string): YoutubeVideo | null {
  const m = idAttribute.trim().match(/^([\w-]+)(?:\?(.*))?$/)
  if (!m) return null
  const start = Number(new URLSearchParams(m[2] ?? '').get('start') ?? 0)
  return { id: m[1]!, start: Number.isFinite(start) && start > 0 ? Math.floor(start) : 0 }
}

/** The video's page on YouTube (the link offered offline and in print). */
export const watchUrl = ({ id, start }: YoutubeVideo): string => `https://www.youtube.com/watch?v=${id}${start ? `&t=${start}s` : ''}`

/** The player, loaded only when the viewer presses play: no cookies, starts at once. */
export const embedUrl = ({ id, start }: YoutubeVideo): string => `https://www.youtube-nocookie.com/embed/${id}?autoplay=1${start ? `&start=${start}` : ''}`
