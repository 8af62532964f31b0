// The pictures a slide's layout shows from its frontmatter (`background:`, `image:`): found like the slide's own
// images (public/ or beside the deck, offline), checked, and handed to Vite so they ship with the build.
import { dirname, relative, resolve } from 'node:path'
import type { Slide } from '../../shared/parser/parse.ts'
import { assetImportPath, resolveImageSource, type ImageSource } from '../markdown/rehype-images.ts'
import { ASSET_PREFIX } from '../markdown/to-module.ts'
import { LAYOUT_IMAGE_KEYS, isImageValue } from '../../shared/layout-images.ts'

export interface LayoutImage {
  key: (typeof LAYOUT_IMAGE_KEYS)[number]
  value: string
  source: ImageSource
}

/** The slide's frontmatter images, each with where it comes from. */
export function layoutImages(slide: Pick<Slide, 'frontmatter' | 'filepath'>, root: string, entry: string): LayoutImage[] {
  const options = { publicDir: resolve(root, 'public'), deckDir: dirname(slide.filepath ?? entry) }
  return LAYOUT_IMAGE_KEYS.flatMap((key) => {
    const value = slide.frontmatter[key]
    if (typeof value !== 'string' || !value.trim() || !isImageValue(value)) return []
    return [{ key, value, source: resolveImageSource(value, options) }]
  })
}

/** What is wrong with a layout image, or null when it will show. */
export function layoutImageProblem(image: LayoutImage, root: string): string | null {
  const shown = (path: string) => relative(root, path) || path
  if (image.source.kind === 'missing') return `${image.key}: image not found: ${JSON.stringify(image.value)} (looked for ${image.source.looked.map(shown).join(' and ')})`
  if (image.source.kind === 'outside') return `${image.key}: image ${JSON.stringify(image.value)} is outside the project and public/ (${image.source.file}); it will not ship with the deck`
  return null
}

/** The frontmatter values the slide's module overrides: public files by their URL, files beside the deck bundled by Vite. */
export function layoutImageAssets(slide: Pick<Slide, 'frontmatter' | 'filepath'>, root: string, entry: string): Record<string, string> {
  const assets: Record<string, string> = {}
  for (const image of layoutImages(slide, root, entry)) {
    if (image.source.kind === 'public') assets[image.key] = image.source.url
    else if (image.source.kind === 'beside-deck') assets[image.key] = ASSET_PREFIX + assetImportPath(image.source.file)
  }
  return assets
}
