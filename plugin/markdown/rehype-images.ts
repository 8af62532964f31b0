// Makes a slide's images local and checked: files from public/ or beside the deck, a warning for a missing file or
// missing alt text, and images beside the deck handed to Vite so they ship with the build.
import { isFile } from './files-seen.ts'
import { dirname, relative, resolve, sep } from 'node:path'
import type { Root, Element } from 'hast'
import { visit } from 'unist-util-visit'
import type { VFile } from 'vfile'
import { ASSET_PREFIX } from './to-module.ts'
import { isInside } from '../folders.ts'

export interface RehypeImagesOptions {
  /** The project's public/ folder: `/images/x.png` is public/images/x.png. */
  publicDir: string
  /** The folder of the deck file: `./chart.png` and `chart.png` are beside it. */
  deckDir: string
}

export type ImageSource =
  | { kind: 'remote' | 'inline' | 'blank' }
  | { kind: 'public'; file: string; url: string }
  | { kind: 'beside-deck'; file: string }
  | { kind: 'missing'; looked: string[] }
  | { kind: 'outside'; file: string }

/** Where an `<img src>` comes from, and for local files whether they exist. */
export function resolveImageSource(src: string, options: RehypeImagesOptions): ImageSource {
  const value = src.trim()
  if (/^(https?:)?\/\//i.test(value)) return { kind: 'remote' }
  if (/^(data|blob):/i.test(value)) return { kind: 'inline' }
  if (/^about:/i.test(value) || /^[a-z][a-z\d+.-]*:/i.test(value)) return { kind: 'blank' }
  let path = value.replace(/[?#].*$/, '')
  try {
    path = decodeURIComponent(path)
  } catch {
    // A stray % stays as written.
  }
  const project = dirname(options.publicDir)
  if (path.startsWith('/')) {
    const file = resolve(options.publicDir, `.${path}`)
    if (!isInside(options.publicDir, file)) return { kind: 'outside', file }
    if (isFile(file)) return { kind: 'public', file, url: value }
    // `/tests/fixtures/chart.png` written from the project's root also works beside the deck.
    const fromRoot = resolve(project, `.${path}`)
    if (isInside(project, fromRoot) && isFile(fromRoot)) return { kind: 'beside-deck', file: fromRoot }
    return { kind: 'missing', looked: [file] }
  }
  const file = resolve(options.deckDir, path)
  if (isFile(file)) return isInside(project, file) || isInside(options.deckDir, file) ? { kind: 'beside-deck', file } : { kind: 'outside', file }
  // `images/x.png` without a slash is a common way of meaning public/images/x.png.
  const publicFile = resolve(options.publicDir, path)
  if (isInside(options.publicDir, publicFile) && isFile(publicFile)) return { kind: 'public', file: publicFile, url: `/${path.split(sep).join('/')}` }
  return { kind: 'missing', looked: [file, publicFile] }
}

/** What Vite imports for a file beside the deck: /@fs/ and its absolute path. */
export function assetImportPath(file: string): string {
  // By its absolute path: the deck's folder need not be Vite's root (an installed engine's root is its own folder).
  const posix = file.split(sep).join('/')
  return `/@fs${posix.startsWith('/') ? '' : '/'}${posix}`
}

/** `![](x.png)` has an empty alt by accident; only `<img alt="">` says "decoration" on purpose. */
function isMarkdownImage(node: Element, file: VFile): boolean {
  const offset = node.position?.start.offset
  return offset !== undefined && String(file.value).startsWith('![', offset)
}

/** The address properties of media elements that name a file. */
const MEDIA_ADDRESSES: Record<string, string[]> = { video: ['src', 'poster'], source: ['src'], 'deck-slidev-video': ['poster', 'printPoster'] }

export default function rehypeImages(options: RehypeImagesOptions) {
  return (tree: Root, file: VFile) => {
    const project = dirname(options.publicDir)
    const shown = (path: string) => relative(project, path) || path
    visit(tree, 'element', (node: Element) => {
      const media = MEDIA_ADDRESSES[node.tagName]
      if (media) {
        // A video's files (<SlidevVideo>, <video>, <source>): the deck's own ship with it, as images do.
        for (const key of media) {
          const address = node.properties[key]
          if (typeof address !== 'string' || !address.trim() || /^[a-z][a-z0-9+.-]*:|^\/\//i.test(address)) continue
          const found = resolveImageSource(address, options)
          if (found.kind === 'missing') file.message(`Video file not found: ${JSON.stringify(address)} (looked for ${found.looked.map(shown).join(' and ')})`, node)
          else if (found.kind === 'public') node.properties[key] = found.url
          else if (found.kind === 'beside-deck') node.properties[key] = ASSET_PREFIX + assetImportPath(found.file)
        }
        return
      }
      if (node.tagName !== 'img') return
      const src = typeof node.properties.src === 'string' ? node.properties.src : ''
      if (!src.trim()) {
        file.message('An image has no src; nothing will show', node)
        return
      }
      if (node.properties.alt === undefined || node.properties.alt === null || (node.properties.alt === '' && isMarkdownImage(node, file))) {
        file.message(`Image ${JSON.stringify(src)} has no alt text: describe it (![what it shows](${src})), or write alt="" if it is decoration`, node)
      }
      const source = resolveImageSource(src, options)
      if (source.kind === 'missing') {
        file.message(`Image not found: ${JSON.stringify(src)} (looked for ${source.looked.map(shown).join(' and ')})`, node)
      } else if (source.kind === 'outside') {
        file.message(`Image ${JSON.stringify(src)} is outside the project and public/ (${source.file}); it will not ship with the deck`, node)
      } else if (source.kind === 'public') {
        node.properties.src = source.url
      } else if (source.kind === 'beside-deck') {
        node.properties.src = ASSET_PREFIX + assetImportPath(source.file)
      }
      // Images decode off the main thread and never stretch the slide (theme CSS caps them to their box).
      node.properties.decoding ??= 'async'
    })
  }
}
