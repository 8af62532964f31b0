// Makes the deck's Chinese serif work offline and cheap: the glyphs each page uses, cut from Noto Serif SC at build
// time into slices (plugin/font-slices.ts decides which glyphs go together), served as one family of `unicode-range`
// faces, each page preloading its own slide's faces.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { cutterIdentity, faceCutter, type FaceCutter } from './font-cut.ts'
import { FONT_KEYS_ID, LATER_FACES_ATTRIBUTE, SUBSET_FAMILY, type SlideFontKeys } from '../shared/fonts.ts'
import { glyphsOf, pageText, sliceGlyphs, unicodeRange, type FontSlicing, type GlyphUse } from './font-slices.ts'

const REGULAR = '400'
const BOLD = '700'

/**
 * Noto Serif SC's Simplified Chinese file per weight, from the npm package @fontsource/noto-serif-sc (a dependency),
 * so every machine cuts the same glyphs from the same font.
 */
export const CJK_SOURCES: Record<string, { file: string }> = Object.fromEntries(
  [REGULAR, BOLD].map((weight) => [weight, { file: join(fontsourceDir(), 'files', `noto-serif-sc-chinese-simplified-${weight}-normal.woff2`) }]),
)

function fontsourceDir(): string {
  try {
    return dirname(createRequire(import.meta.url).resolve('@fontsource/noto-serif-sc/package.json'))
  } catch {
    return join(process.cwd(), 'node_modules', '@fontsource', 'noto-serif-sc')
  }
}

export interface CutFace {
  /** Index into the slicing's slices. */
  slice: number
  weight: string
  woff2: Buffer
}

/**
 * The deck's glyphs of the Chinese serif as TrueType, per weight, made on first use and kept for the build: every cut
 * (the slices, slide 1's own faces) starts from it rather than decompressing the 1.5 MB source again.
 */
export function deckSourceFonts(slicing: FontSlicing, cut: FaceCutter = faceCutter()): (weight: string) => Promise<Buffer> {
  const everyGlyph = slicing.slices.map((slice) => slice.glyphs).join('')
  const made = new Map<string, Promise<Buffer>>()
  return (weight) => {
    const source = CJK_SOURCES[weight]
    if (!source) return Promise.reject(new Error(`No Chinese serif source for weight ${weight}`))
    if (!made.has(weight)) made.set(weight, cut(readFileSync(source.file), everyGlyph, 'sfnt'))
    return made.get(weight)!
  }
}

/**
 * A WOFF2 file per slice and weight, cached on disk by content so a rebuild with the same text costs nothing.
 * Cutting goes through one TrueType copy of the deck's glyphs per weight (decompressing the 1.5 MB source once, not
 * once per slice). Encoding WOFF2 is the build's longest CPU step when nothing is cached: the cuts are started
 * together, and a native encoder (plugin/font-cut.ts) compresses them on libuv's threads while HarfBuzz cuts the next
 * on the main thread. Returns [] with a reason when the source fonts are not installed: the system stack applies.
 */
export async function cutSlices(slicing: FontSlicing, cacheDir: string, deckFont = deckSourceFonts(slicing), cut: FaceCutter = faceCutter()): Promise<{ faces: CutFace[]; missing?: string }> {
  const missing = Object.values(CJK_SOURCES).find((source) => !existsSync(source.file))
  if (missing) return { faces: [], missing: `${missing.file} not found (npm install @fontsource/noto-serif-sc); Chinese text uses the system's serif fonts.` }
  const faces = Object.entries(CJK_SOURCES).flatMap(([weight, source]) =>
    slicing.slices.map(async (slice, index): Promise<CutFace> => {
      const woff2 = await cachedCut(cacheDir, `deck-serif-sc-${weight}`, 'woff2', [sourceIdentity(source.file), weight, slice.glyphs], async () => cut(await deckFont(weight), slice.glyphs, 'woff2'))
      return { slice: index, weight, woff2 }
    }),
  )
  return { faces: await Promise.all(faces) }
}

export interface EmittedFace {
  slice: number
  weight: string
  /** Its public URL. */
  url: string
  /** Its glyphs as a `unicode-range`. */
  range: string
}

/**
 * The @font-face rules: one family, a face per slice and weight. `font-display: block`: text waits for its face
 * (preloaded, or loaded from the same host) instead of painting in a fallback font and then again.
 */
export function fontFaceCss(faces: EmittedFace[]): string {
  return faces.map(({ weight, url, range }) => fontFaceRule({ family: SUBSET_FAMILY, style: 'normal', weight, src: url, format: 'woff2', range })).join('\n')
}

/** One `@font-face` rule, blocking (text waits for the face rather than showing in another first). */
export function fontFaceRule(face: { family: string; style: string; weight: string; src: string; format: 'woff2' | 'truetype'; range: string }): string {
  const family = face.family.replace(/['\\]/g, '\\$&')
  return `@font-face{font-family:'${family}';font-style:${face.style};font-weight:${face.weight};font-display:block;src:url(${face.src}) format('${face.format}');unicode-range:${face.range}}`
}

const identities = new Map<string, string>()
/**
 * A font file as a cache key's part: its content's hash (read once per process) and the versions of the tools that
 * cut it (subset-font, and the HarfBuzz and WOFF2 encoder it runs, or the native encoder used instead). Keyed by its
 * path alone, a cut of an older source or encoder would be served after an upgrade of either.
 */
export function sourceIdentity(file: string): string {
  if (!identities.has(file)) identities.set(file, `${createHash('sha256').update(readFileSync(file)).digest('hex')} ${cuttingTools()}`)
  return identities.get(file)!
}

let tools: string | undefined
function cuttingTools(): string {
  if (tools === undefined) {
    const require = createRequire(import.meta.url)
    // A package's own package.json, found up from its entry (a package may not export its package.json).
    const versionOf = (name: string, from: NodeRequire) => {
      try {
        for (let dir = dirname(from.resolve(name)); dir !== dirname(dir); dir = dirname(dir)) {
          const file = join(dir, 'package.json')
          if (!existsSync(file)) continue
          const found = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string }
          if (found.name === name) return `${name}@${found.version}`
        }
      } catch {
        // Not installed where subset-font finds it.
      }
      return `${name}@?`
    }
    let inner = require
    try {
      inner = createRequire(require.resolve('subset-font'))
    } catch {
      // Without subset-font the cut itself fails, with its own message.
    }
    tools = [versionOf('subset-font', require), versionOf('harfbuzzjs', inner), versionOf('wawoff2', inner), cutterIdentity()].join(' ')
  }
  return tools
}

/**
 * A font cut kept on disk by what it was cut from and to (`parts`: the source's `sourceIdentity`, the weight, the
 * glyphs): read back when there, else made and written. The deck's slices and slide 1's carried faces are both cached
 * this way, so a rebuild with the same text cuts nothing.
 */
export async function cachedCut(cacheDir: string, prefix: string, extension: string, parts: string[], make: () => Promise<Buffer>): Promise<Buffer> {
  const key = createHash('sha256').update(parts.join('\0')).digest('hex').slice(0, 16)
  const cached = join(cacheDir, `${prefix}-${key}.${extension}`)
  if (existsSync(cached)) return readFileSync(cached)
  const cut = await make()
  mkdirSync(cacheDir, { recursive: true })
  writeFileSync(cached, cut)
  return cut
}

/** The glyph use of a build: each slide's page text and its own code's strings, and everything else the app shows. */
export function buildGlyphUse(slidePages: string[], slideCode: string[], elsewhere: string[]): GlyphUse {
  return {
    slides: slidePages.map((html, index) => {
      const { regular, bold } = pageText(html)
      return regular + bold + (slideCode[index] ?? '')
    }),
    other: elsewhere.join(''),
  }
}

/** What the pages carry: the faces, the rules, and per slide the faces to preload and the runtime's keys. */
export interface DeckFonts {
  faces: EmittedFace[]
  /** What goes in the head of a page the app draws (presenter, print, a host's fallback): the rules and the per-slide keys. */
  head: string
  /**
   * What goes in slide `no`'s prerendered page: every face's rule in the deck's one faces style sheet, linked
   * disabled (not fetched before the first paint; the page's loader turns it on before the app starts); the rules of
   * the faces it preloads (none when the page carries its first frame's faces: plugin/first-frame-faces.ts); the keys.
   */
  pageHead(no: number, options?: { carriesFaces?: boolean }): string
  /** The faces slide `no`'s page preloads: its slices, in the weights its text is drawn in. */
  preloads(no: number): string[]
}

/**
 * Emits the faces into `dist/assets` and says what every page carries. `slidePages` are the slides' rendered pages
 * in deck order; a slide's regular text wants the regular faces of its slices, its bold text the bold ones.
 */
export function emitDeckFonts(dist: string, base: string, slicing: FontSlicing, cut: CutFace[], slidePages: string[]): DeckFonts {
  const faces: EmittedFace[] = []
  for (const face of cut) {
    const slice = slicing.slices[face.slice]!
    const file = `assets/deck-serif-sc-${face.weight}-${slice.name}-${createHash('sha256').update(face.woff2).digest('hex').slice(0, 8)}.woff2`
    mkdirSync(join(dist, 'assets'), { recursive: true })
    writeFileSync(join(dist, file), face.woff2)
    faces.push({ slice: face.slice, weight: face.weight, url: base + file, range: unicodeRange(slice.glyphs) })
  }
  const sliceOf = new Map<string, number>()
  slicing.slices.forEach((slice, index) => {
    for (const glyph of slice.glyphs) sliceOf.set(glyph, index)
  })
  const weights = [...new Set(faces.map((face) => face.weight))]
  /** Per slide and weight, the slices its first frame's text of that weight touches. */
  const wanted = slidePages.map((html) => {
    const { regular, bold } = pageText(html)
    const slicesOf = (text: string) => [...new Set(glyphsOf(text).map((glyph) => sliceOf.get(glyph)).filter((i) => i !== undefined))].sort((a, b) => a - b)
    // Regular faces for all of it: text taken for bold (a heading the theme sets regular) still shows.
    return { [REGULAR]: slicesOf(regular + bold), [BOLD]: slicesOf(bold) } as Record<string, number[]>
  })
  // The runtime's keys: in regular, every slice the slide may show (its diagrams and later clicks too).
  const keys: SlideFontKeys = Object.fromEntries(
    weights.map((weight) => [
      weight,
      slidePages.map((_, i) => ((weight === REGULAR ? slicing.slideSlices[i] : wanted[i]![weight]) ?? []).map((index) => slicing.slices[index]!.glyphs[0]).join('')),
    ]),
  )
  const keysScript = `<script type="application/json" id="${FONT_KEYS_ID}">${JSON.stringify(keys)}</script>`
  const preloaded = (no: number) => {
    const slices = wanted[no - 1]
    return slices ? faces.filter((face) => slices[face.weight]?.includes(face.slice)) : []
  }
  const allFaces = fontFaceCss(faces)
  // One file for every page (cached once), rather than 26 KB of rules in each of them.
  const sheet = `assets/deck-serif-sc-faces-${createHash('sha256').update(allFaces).digest('hex').slice(0, 8)}.css`
  if (faces.length) writeFileSync(join(dist, sheet), allFaces)
  return {
    faces,
    head: faces.length ? `<style>${allFaces}</style>${keysScript}` : '',
    pageHead: (no, { carriesFaces = false } = {}) => {
      if (!faces.length) return ''
      // The page's own faces come after the sheet: where both have a face for a character, the page's (loaded with
      // the page) is the one drawn, and the sheet's copy is never loaded again.
      const own = carriesFaces ? '' : `<style>${fontFaceCss(preloaded(no))}</style>`
      return `<link rel="stylesheet" href="${base}${sheet}" disabled ${LATER_FACES_ATTRIBUTE}>${own}${keysScript}`
    },
    preloads: (no) => preloaded(no).map((face) => face.url),
  }
}

/** The build's fonts from its pages and files: slice, cut (cached in `cacheDir`), emit. */
export async function deckFonts(options: { dist: string; base: string; cacheDir: string; use: GlyphUse; slidePages: string[] }): Promise<DeckFonts & { missing?: string; slicing: FontSlicing; deckFont: (weight: string) => Promise<Buffer> }> {
  const slicing = sliceGlyphs(options.use)
  const deckFont = deckSourceFonts(slicing)
  const { faces, missing } = await cutSlices(slicing, options.cacheDir, deckFont)
  return { ...emitDeckFonts(options.dist, options.base, slicing, faces, options.slidePages), missing, slicing, deckFont }
}
