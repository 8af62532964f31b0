// Decides which of the deck's Chinese glyphs travel together: slices by where they are used, so a page fetches only
// the slices its text touches (served as one family with several `unicode-range` faces). Pure: text in, slices out.

/** Where the build saw each glyph. */
export interface GlyphUse {
  /** Each slide's glyphs (its page and the code that draws it), in deck order. */
  slides: string[]
  /** Glyphs shown elsewhere: the runtime's dialogs, notes in the presenter, the reader. They get slices too. */
  other: string
}

export interface FontSlice {
  /** A name for files: `common`, `slide-1`, `slides-2-9`, `interface`. */
  name: string
  /** Its glyphs, sorted, each once. */
  glyphs: string
}

export interface FontSlicing {
  slices: FontSlice[]
  /** For each slide (deck order), the indexes into `slices` of the slices its glyphs are in. */
  slideSlices: number[][]
}

export interface SliceOptions {
  /** A glyph on at least this share of the slides goes to the slice every slide loads. */
  commonShare: number
  /** Slides 2.. are grouped in ranges of this many consecutive slides. */
  rangeSize: number
  /** A slice of fewer glyphs than this joins the next larger range (each file costs a request and a header). */
  minGlyphs: number
}

export const DEFAULT_SLICE_OPTIONS: SliceOptions = { commonShare: 0.15, rangeSize: 8, minGlyphs: 12 }

/**
 * The first code point the Chinese serif draws: below it (Latin, Greek, Cyrillic, general punctuation such as “ — ·)
 * the Latin serif ahead of it in the theme's stack has every glyph, so those never reach the Chinese faces.
 */
export const FIRST_CJK_POINT = 0x2100

/** Every character of `text` the Chinese serif draws (arrows, symbols, CJK), each once, in code point order. */
export function glyphsOf(text: string): string[] {
  const chars = new Set<string>()
  for (const ch of text) if (ch.codePointAt(0)! >= FIRST_CJK_POINT) chars.add(ch)
  return [...chars].sort((a, b) => a.codePointAt(0)! - b.codePointAt(0)!)
}

/**
 * The slices, in three tiers:
 * - `common`: glyphs on many slides (every slide needs it, so it is loaded once);
 * - `slide-1`: slide 1's other glyphs, alone, as it is the page opened cold most often;
 * - range slices: slides 2.. in ranges of `rangeSize`; a glyph goes to the smallest aligned run of ranges (1, 2, 4…
 *   ranges) that holds every slide using it, so a slide needs one slice per level: a few, and the ones of its
 *   neighbours are mostly its own;
 * - `interface`: glyphs no slide shows (dialogs, notes).
 * Every glyph is in exactly one slice; a slide's slices are exactly those holding one of its glyphs.
 */
export function sliceGlyphs(use: GlyphUse, options: SliceOptions = DEFAULT_SLICE_OPTIONS): FontSlicing {
  const slides = use.slides.map((text) => new Set(glyphsOf(text)))
  const usedBy = new Map<string, number[]>()
  slides.forEach((glyphs, index) => {
    for (const glyph of glyphs) usedBy.set(glyph, [...(usedBy.get(glyph) ?? []), index])
  })
  const commonAt = Math.max(2, Math.ceil(options.commonShare * slides.length))
  const rangeOf = (index: number) => Math.floor((index - 1) / options.rangeSize)
  const rangeCount = Math.max(1, Math.ceil((slides.length - 1) / options.rangeSize))

  const common: string[] = []
  const first: string[] = []
  /** Range runs by `${size}:${position}` (size in ranges, a power of two; position counted in runs of that size). */
  const runs = new Map<string, string[]>()
  for (const [glyph, users] of usedBy) {
    if (users.length >= commonAt) common.push(glyph)
    else if (users[0] === 0) first.push(glyph)
    else {
      const lo = rangeOf(users[0]!)
      const hi = rangeOf(users[users.length - 1]!)
      let size = 1
      while (Math.floor(lo / size) !== Math.floor(hi / size)) size *= 2
      addTo(runs, `${size}:${Math.floor(lo / size)}`, glyph)
    }
  }
  // Small runs join the run above them (twice as many ranges) until they are worth a file or hold the whole deck.
  for (let size = 1; size < rangeCount; size *= 2) {
    for (const [key, glyphs] of [...runs]) {
      const [runSize, position] = key.split(':').map(Number) as [number, number]
      if (runSize !== size || glyphs.length >= options.minGlyphs) continue
      runs.delete(key)
      for (const glyph of glyphs) addTo(runs, `${size * 2}:${Math.floor(position / 2)}`, glyph)
    }
  }

  const slices: FontSlice[] = []
  const add = (name: string, glyphs: Iterable<string>) => {
    const sorted = glyphsOf([...glyphs].join(''))
    if (sorted.length) slices.push({ name, glyphs: sorted.join('') })
  }
  add('common', common)
  add('slide-1', first)
  const lastSlide = slides.length
  for (const [key, glyphs] of [...runs].sort(([a], [b]) => runOrder(a) - runOrder(b) || a.localeCompare(b))) {
    const [size, position] = key.split(':').map(Number) as [number, number]
    const from = position * size * options.rangeSize + 2
    const to = Math.min(lastSlide, (position + 1) * size * options.rangeSize + 1)
    add(`slides-${from}-${to}`, glyphs)
  }
  add('interface', glyphsOf(use.other).filter((glyph) => !usedBy.has(glyph)))

  const sliceOf = new Map<string, number>()
  slices.forEach((slice, index) => {
    for (const glyph of slice.glyphs) sliceOf.set(glyph, index)
  })
  const slideSlices = slides.map((glyphs) => [...new Set([...glyphs].map((glyph) => sliceOf.get(glyph)!))].sort((a, b) => a - b))
  return { slices, slideSlices }
}

/** Runs in deck order of their first slide; a wider run before the narrower ones it holds. */
function runOrder(key: string): number {
  const [size, position] = key.split(':').map(Number) as [number, number]
  return position * size * 1024 - size
}

function addTo(map: Map<string, string[]>, key: string, glyph: string) {
  const list = map.get(key)
  if (list) list.push(glyph)
  else map.set(key, [glyph])
}

/** The CSS `unicode-range` value naming exactly `glyphs` (runs of consecutive code points as ranges). */
export function unicodeRange(glyphs: string): string {
  return rangeOfPoints(glyphsOf(glyphs).map((ch) => ch.codePointAt(0)!))
}

/** The CSS `unicode-range` value naming exactly `points` (sorted, each once): runs of consecutive points as ranges. */
export function rangeOfPoints(points: number[]): string {
  const parts: string[] = []
  const hex = (n: number) => n.toString(16).toUpperCase()
  for (let i = 0; i < points.length; i++) {
    let end = i
    while (end + 1 < points.length && points[end + 1] === points[end]! + 1) end++
    parts.push(end > i ? `U+${hex(points[i]!)}-${hex(points[end]!)}` : `U+${hex(points[i]!)}`)
    i = end
  }
  return parts.join(',')
}

/** Elements whose text the theme sets bold (its headings, table heads, strong): their glyphs want the bold faces. */
const BOLD_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'th', 'strong', 'b'])
const VOID_TAGS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr'])

/**
 * The text a rendered page shows (React's HTML: text nodes, not attributes, scripts or styles), split by the weight
 * it is likely drawn in. Used to preload a page's faces; a misjudged weight costs a late face, never a missing glyph.
 */
export function pageText(html: string): { regular: string; bold: string } {
  let regular = ''
  let bold = ''
  const open: string[] = []
  let skip = 0
  for (const match of html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9-]*)[^>]*?(\/?)>|<!--[\s\S]*?-->|([^<]+)/g)) {
    const [, closing, rawTag, selfClosing, text] = match
    if (text !== undefined) {
      if (skip) continue
      if (open.some((tag) => BOLD_TAGS.has(tag))) bold += text
      else regular += text
      continue
    }
    if (!rawTag) continue
    const tag = rawTag.toLowerCase()
    if (closing) {
      const at = open.lastIndexOf(tag)
      if (at >= 0) open.length = at
      if (tag === 'script' || tag === 'style') skip = Math.max(0, skip - 1)
    } else if (!selfClosing && !VOID_TAGS.has(tag)) {
      open.push(tag)
      if (tag === 'script' || tag === 'style') skip++
    }
  }
  return { regular, bold }
}
