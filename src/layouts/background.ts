// A slide's `background:` frontmatter as CSS: an image path or URL, or a colour.
import type { CSSProperties } from 'react'

export function backgroundStyle(background: unknown): CSSProperties | undefined {
  if (typeof background !== 'string' || !background.trim()) return undefined
  const value = background.trim()
  const isImage = /^(\/|\.\/|https?:)/.test(value) || /\.(svg|png|jpe?g|webp|avif|gif)$/i.test(value)
  if (!isImage) return { background: value }
  const url = /^https?:/.test(value) || value.startsWith('/') ? value : value.replace(/^\.\//, '/')
  return { backgroundImage: `url("${encodeURI(url).replace(/"/g, '%22')}")`, backgroundSize: 'cover', backgroundPosition: 'center' }
}
