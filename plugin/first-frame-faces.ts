// Slide 1's page draws its first frame without fetching a font: the page carries its own faces, cut to the glyphs that
// frame shows (its Chinese in the deck's serif, its Latin in the theme's faces), inside its <head> as data: URIs.
// A font fetched with the page, however small, costs a round trip that the first paint waits for; a few KB of glyphs
// in the HTML cost none. Cold loads of `/1`, the title's paint: on this host 156 → 144 ms (medians of 15 taking
// turns); over a Fast 3G profile, 1.73–1.81 → 0.76–0.78 s (101 KB of faces fetched before it, 14 KB carried).
// Only slide 1's page does it: it is the page opened cold (the root is slide 1), and every face cut costs the build an
// encoding. The full faces (the deck's slices, the theme's files) still come with the app, for everything else.
import { existsSync, readFileSync } from 'node:fs'
import { SUBSET_FAMILY } from '../shared/fonts.ts'
import { FIRST_CJK_POINT, glyphsOf, rangeOfPoints } from './font-slices.ts'
import { cachedCut, fontFaceRule, sourceIdentity } from './fonts.ts'
import { faceCutter, type FaceCutter } from './font-cut.ts'
import { drawsIn, faceHolds, type StylesheetFace } from './stylesheet-faces.ts'

/** One face a page carries: a family's face in one weight, cut from `file` to `glyphs`. */
export interface CarriedFace {
  family: string
  /** As the face it stands in for declares it: `400`, `700`, or a variable face's range `100 900`. */
  weight: string
  style: string
  /** The glyphs, each once, in code point order. */
  glyphs: string
  /** The font file to cut them from (WOFF2 or TrueType). */
  file: string
}

/** The text of a page, split by the weight it is drawn in (plugin/font-slices.ts `pageText`). */
export interface PageText {
  regular: string
  bold: string
}

const SPACE = ' '
const SPACE_POINT = 0x20
const REGULAR = 400
const BOLD = 700

const uniqueSorted = (chars: Iterable<string>) => [...new Set(chars)].sort((a, b) => a.codePointAt(0)! - b.codePointAt(0)!).join('')

/**
 * The faces a page's first frame is drawn in, each cut to what it draws there. Pure.
 * - The deck's Chinese serif: regular for all the page's Chinese (text taken for bold may be set regular), bold for
 *   its bold text's; `cjkFiles` names the source file per weight (none: the system's fonts draw it).
 * - The theme's faces (its stylesheets' `@font-face` rules) of the families text is set in first: in each weight
 *   the page draws text in, every face whose range holds one of its characters, and the face holding the space even
 *   without one (the browser measures a family's lines in that face, whatever the letters). `fileOf` finds a face's
 *   file from its URL.
 */
export function carriedFaces(text: PageText, cjkFiles: Record<string, string | undefined>, themeFaces: StylesheetFace[], families: Set<string>, fileOf: (url: string) => string | undefined): CarriedFace[] {
  const inWeight = (weight: number) => (weight === BOLD ? text.bold : text.regular + text.bold)
  const drawn = (weight: number) => inWeight(weight).trim() !== ''
  const carried: CarriedFace[] = []
  for (const weight of [REGULAR, BOLD]) {
    const glyphs = glyphsOf(inWeight(weight)).join('')
    const file = cjkFiles[String(weight)]
    if (glyphs && file) carried.push({ family: SUBSET_FAMILY, weight: String(weight), style: 'normal', glyphs, file })
  }
  const byFace = new Map<StylesheetFace, Set<string>>()
  for (const weight of [REGULAR, BOLD].filter(drawn)) {
    for (const face of themeFaces) {
      if (!drawsIn(face, families, weight)) continue
      const chars = [...inWeight(weight)].filter((ch) => ch.codePointAt(0)! < FIRST_CJK_POINT && ch.trim() !== '' && faceHolds(face, ch.codePointAt(0)!))
      if (faceHolds(face, SPACE_POINT)) chars.push(SPACE)
      if (chars.length) byFace.set(face, new Set([...(byFace.get(face) ?? []), ...chars]))
    }
  }
  for (const [face, chars] of byFace) {
    const file = fileOf(face.url)
    if (!file) continue
    const [low, high] = face.weights
    carried.push({ family: face.family, weight: low === high ? String(low) : `${low} ${high}`, style: face.style, glyphs: uniqueSorted(chars), file })
  }
  return carried
}

/**
 * The `@font-face` rules of the carried faces, each a data: URI of its cut (cached in `cacheDir` by content, as the
 * deck's slices are); `fontOf` gives the font a face is cut from (the build passes its TrueType copy of the deck's
 * glyphs for the Chinese serif, decompressed once). Declared after every other face of their families, they are the ones drawn for
 * their glyphs (CSS Fonts: among faces whose ranges overlap, the last declared is tried first). `font-display:
 * block`: a face in the page is ready with it, and text never shows in another face first.
 */
export async function carriedFaceCss(faces: CarriedFace[], cacheDir: string, fontOf: (face: CarriedFace) => Buffer | Promise<Buffer> = (face) => readFileSync(face.file), cut: FaceCutter = faceCutter()): Promise<string> {
  const rules: string[] = []
  for (const face of faces) {
    if (!existsSync(face.file)) continue
    // A face of spaces alone (a weight whose text has no Latin letter) is TrueType: Chromium refuses a WOFF2 file
    // whose glyphs have no outlines (the encoder's transformed glyf table), and would fetch the theme's whole face.
    const blank = face.glyphs.trim() === ''
    const [format, mime, extension] = blank ? (['truetype', 'font/ttf', 'ttf'] as const) : (['woff2', 'font/woff2', 'woff2'] as const)
    const faceCut = await cachedCut(cacheDir, 'first-frame', extension, [sourceIdentity(face.file), face.weight, face.glyphs], async () =>
      cut(await fontOf(face), face.glyphs, blank ? 'sfnt' : 'woff2'),
    )
    const range = rangeOfPoints([...new Set([...face.glyphs].map((ch) => ch.codePointAt(0)!))].sort((a, b) => a - b))
    rules.push(fontFaceRule({ family: face.family, style: face.style, weight: face.weight, src: `data:${mime};base64,${faceCut.toString('base64')}`, format, range }))
  }
  return rules.join('\n')
}

/**
 * The script that starts loading the carried faces as the page's head is parsed. Chromium loads a data: face in a
 * task of its own once a layout asks for it: the first layout was made in fallback faces (asking the browser process
 * for system fonts), and made again once the carried faces were in, a frame later; the logo and the toolbar's icons
 * painted before the text. Started from the head, every carried face is in by the first layout: one layout, and the
 * slide is painted whole. Without script the faces load as the layout asks (the text then follows its frame).
 * The faces are taken from the page's own `document.fonts`, by family and `font-display: block`, which only the
 * carried faces have in their families (the theme's faces swap): `document.fonts.load` would load every face of a
 * family whose range holds the glyph asked for, and the theme's own Latin faces, whole files declared beside the
 * carried cuts, hold every Latin glyph.
 */
export function carriedFacesLoader(faces: CarriedFace[]): string {
  const families = [...new Set(faces.map((face) => face.family))]
  if (!families.length) return ''
  const json = JSON.stringify(families).replace(/</g, '\\u003c')
  return `if(document.fonts&&document.fonts.forEach){var c=${json};document.fonts.forEach(function(f){if(f.display==='block'&&c.indexOf(f.family.replace(/^["']|["']$/g,''))>=0)f.load().catch(function(){})})}`
}

