// A slide's `background:` / `image:` frontmatter as CSS, as Slidev's handleBackground: a colour, or an image URL.
import type { CSSProperties } from 'react'
import { isImageValue } from '../../shared/layout-images'

/**
 * The style of an element showing `background`: `#fff` or `rgb(…)` (or any non-image value) is a colour; an image covers
 * the element (`backgroundSize`, Slidev's default `cover`), centred, not repeated.
 */
export function backgroundStyle(background: unknown, backgroundSize: unknown = 'cover', dim = false): CSSProperties | undefined {
  if (!hasBackgroundImage(background)) return typeof background === 'string' && background.trim() ? { background: background.trim() } : undefined
  const value = background.trim()
  const url = /^(https?|data|blob):/i.test(value) || value.startsWith('/') ? value : value.replace(/^\.\//, '/')
  const image = `url("${url.startsWith('data:') ? url : encodeURI(url).replace(/"/g, '%22')}")`
  return {
    // A title over a picture (cover, intro, section) reads in white on the picture darkened, as in Slidev's seriph.
    ...(dim ? { color: 'white' } : {}),
    backgroundImage: dim ? `linear-gradient(#0005, #0008), ${image}` : image,
    backgroundSize: typeof backgroundSize === 'string' && backgroundSize.trim() ? backgroundSize : 'cover',
    backgroundPosition: 'center',
    backgroundRepeat: 'no-repeat',
  }
}

/** Whether `background` is a picture (not a colour): the layouts mark their root for the theme then. */
export function hasBackgroundImage(background: unknown): background is string {
  return typeof background === 'string' && Boolean(background.trim()) && isImageValue(background)
}

/** The class a layout root carries when it shows a background picture. */
export const BACKGROUND_IMAGE_CLASS = 'with-background-image'
