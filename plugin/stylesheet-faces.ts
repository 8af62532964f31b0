// The web fonts a page's own stylesheets declare for its text (a theme's @fontsource faces, cut by script with
// unicode-range): the faces its first frame waits for are preloaded with the page, beside the Chinese slices
// (plugin/fonts.ts), so they are fetched with the HTML instead of once the styles have been applied.

/** One `@font-face` rule with a WOFF2 source and a unicode-range. */
export interface StylesheetFace {
  family: string
  /** The weights it serves (a variable face serves a range). */
  weights: [number, number]
  style: string
  url: string
  ranges: [number, number][]
}

const unquote = (name: string) => name.trim().replace(/^(['"])(.*)\1$/, '$2')

/** `U+41`, `U+0-7F`, `U+4??` → code point ranges. */
export function parseUnicodeRange(value: string): [number, number][] {
  return value.split(',').flatMap((part): [number, number][] => {
    const match = /^\s*u\+([0-9a-f?]{1,6})(?:-([0-9a-f]{1,6}))?\s*$/i.exec(part)
    if (!match) return []
    const [, from = '', to] = match
    if (from.includes('?')) return [[parseInt(from.replace(/\?/g, '0'), 16), parseInt(from.replace(/\?/g, 'f'), 16)]]
    return [[parseInt(from, 16), parseInt(to ?? from, 16)]]
  })
}

function parseWeights(value: string | undefined): [number, number] {
  const words: Record<string, number> = { normal: 400, bold: 700 }
  const [low = 400, high = low] = (value ?? 'normal').trim().split(/\s+/).map((w) => words[w] ?? Number(w))
  return [low, high]
}

/** The faces of a stylesheet that name a WOFF2 file and a unicode-range (faces without one are left to the browser). */
export function stylesheetFaces(css: string): StylesheetFace[] {
  return [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].flatMap(([, body = '']) => {
    const property = (name: string) => new RegExp(`(?:^|;)\\s*${name}\\s*:\\s*([^;]+)`, 'i').exec(body)?.[1]?.trim()
    const family = property('font-family')
    const range = property('unicode-range')
    const url = /url\(\s*(['"]?)([^'")]+\.woff2)\1\s*\)/i.exec(property('src') ?? '')?.[2]
    if (!family || !range || !url) return []
    return [{ family: unquote(family), weights: parseWeights(property('font-weight')), style: property('font-style') ?? 'normal', url, ranges: parseUnicodeRange(range) }]
  })
}

/**
 * The families text is set in first: the head of every font stack a stylesheet declares (`font-family`, or a custom
 * property holding a stack). A family further down a stack draws only what those before it lack.
 */
export function leadingFamilies(css: string): Set<string> {
  const rules = css.replace(/@font-face\s*\{[^}]*\}/g, '')
  const stacks = [...rules.matchAll(/(?:font-family|--[\w-]+)\s*:\s*([^;}]+)/gi)].map(([, value = '']) => value)
  return new Set(stacks.filter((stack) => !/^\s*var\(/i.test(stack)).map((stack) => unquote(stack.split(',')[0] ?? '')).filter(Boolean))
}

/** Whether `face`'s range holds code point `point`. */
export function faceHolds(face: StylesheetFace, point: number): boolean {
  return face.ranges.some(([from, to]) => from <= point && point <= to)
}

/** Whether text of `weight` set in `families` is drawn in `face` (for the characters its range holds). */
export function drawsIn(face: StylesheetFace, families: Set<string>, weight: number): boolean {
  return families.has(face.family) && face.style === 'normal' && face.weights[0] <= weight && weight <= face.weights[1]
}

/** The space: the face whose range holds it is the "first available font" of its family, the one text's lines are measured in. */
const SPACE = 0x20

/**
 * The faces to preload for a page's text: for each leading family, in each weight the text is drawn in (regular
 * 400, bold 700), the face whose range holds the space. The browser loads that face for any text set in the family,
 * whatever its letters (its line metrics come from it), so the first frame waits for it. Faces for other scripts
 * (Greek, Cyrillic, symbols) are left to the browser: which element a rare character sits in, and so its family, is
 * known only once the page is laid out.
 */
export function facesForText(faces: StylesheetFace[], families: Set<string>, text: { regular: string; bold: string }): string[] {
  const drawn = (chars: string) => chars.trim() !== ''
  const weights = [...(drawn(text.regular + text.bold) ? [400] : []), ...(drawn(text.bold) ? [700] : [])]
  return [
    ...new Set(
      weights.flatMap((weight) =>
        faces
          .filter((face) => drawsIn(face, families, weight) && faceHolds(face, SPACE))
          .map((face) => face.url),
      ),
    ),
  ]
}
