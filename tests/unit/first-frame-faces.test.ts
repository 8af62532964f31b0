// Slide 1's page carries its first frame's faces (plugin/first-frame-faces.ts): which faces, cut to which glyphs, and
// the rules that make them the ones drawn.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runInNewContext } from 'node:vm'
import { carriedFaceCss, carriedFaces, carriedFacesLoader } from '../../plugin/first-frame-faces'
import { CJK_SOURCES } from '../../plugin/fonts'
import { leadingFamilies, stylesheetFaces } from '../../plugin/stylesheet-faces'
import { rangeOfPoints } from '../../plugin/font-slices'

const face = (subset: string, weight: number | string, range: string) =>
  `@font-face{font-family:Noto Serif;font-style:normal;font-weight:${weight};src:url(/assets/noto-serif-${subset}-${String(weight).replace(' ', '-')}.woff2)format("woff2");unicode-range:${range}}`
const THEME = [
  face('latin', 400, 'U+??,U+131,U+2000-206F'),
  face('latin', 700, 'U+??,U+131,U+2000-206F'),
  face('greek', 400, 'U+370-3FF'),
  ":root{--deck-serif:'Noto Serif','Deck Serif SC',serif}",
  '.slidev-layout{font-family:var(--deck-serif)}',
  '.mono{font-family:ui-monospace,monospace}',
].join('\n')
const faces = stylesheetFaces(THEME)
const families = leadingFamilies(THEME)
const CJK = { '400': '/fonts/sc-400.woff2', '700': '/fonts/sc-700.woff2' }
const fileOf = (url: string) => `/dist${url}`

describe('the faces slide 1’s page carries', () => {
  it('cuts the Chinese serif to the page’s glyphs: regular for all its text, bold for its bold text', () => {
    const carried = carriedFaces({ regular: '程序员的 1 / 107', bold: '银行业务' }, CJK, faces, families, fileOf)
    const chinese = carried.filter((f) => f.family === 'Deck Serif SC')
    expect(chinese).toEqual([
      { family: 'Deck Serif SC', weight: '400', style: 'normal', glyphs: '业务员序的程行银', file: '/fonts/sc-400.woff2' },
      { family: 'Deck Serif SC', weight: '700', style: 'normal', glyphs: '业务行银', file: '/fonts/sc-700.woff2' },
    ])
  })

  it('cuts the theme’s faces to the Latin the page draws in each weight, with the space its lines are measured by', () => {
    const carried = carriedFaces({ regular: '第 1 / 107 张', bold: '银行业务' }, CJK, faces, families, fileOf)
    const theme = carried.filter((f) => f.family === 'Noto Serif')
    // Bold text with no Latin letter still needs the bold face's space (the family's first available font).
    expect(theme).toEqual([
      { family: 'Noto Serif', weight: '400', style: 'normal', glyphs: ' /017', file: '/dist/assets/noto-serif-latin-400.woff2' },
      { family: 'Noto Serif', weight: '700', style: 'normal', glyphs: ' ', file: '/dist/assets/noto-serif-latin-700.woff2' },
    ])
  })

  it('adds a face of another script only for the characters it draws, and none for a weight with no text', () => {
    const carried = carriedFaces({ regular: 'α β', bold: '' }, CJK, faces, families, fileOf)
    expect(carried.map((f) => `${f.family} ${f.weight} ${JSON.stringify(f.glyphs)} ${f.file}`)).toEqual([
      'Noto Serif 400 " " /dist/assets/noto-serif-latin-400.woff2',
      'Noto Serif 400 "αβ" /dist/assets/noto-serif-greek-400.woff2',
    ])
  })

  it('leaves out what it cannot cut: no Chinese source installed, a face outside the build, a page with no text', () => {
    expect(carriedFaces({ regular: '程序 a', bold: '' }, {}, faces, families, () => undefined)).toEqual([])
    expect(carriedFaces({ regular: '  ', bold: '' }, CJK, faces, families, fileOf)).toEqual([])
  })

  it('keeps a variable face’s weight range', () => {
    const variable = stylesheetFaces(face('latin', '100 900', 'U+??'))
    const carried = carriedFaces({ regular: 'Hi', bold: '' }, {}, variable, new Set(['Noto Serif']), fileOf)
    expect(carried).toEqual([{ family: 'Noto Serif', weight: '100 900', style: 'normal', glyphs: ' Hi', file: '/dist/assets/noto-serif-latin-100-900.woff2' }])
  })
})

describe('the carried faces’ rules', () => {
  const cache = mkdtempSync(join(tmpdir(), 'first-frame-'))
  afterAll(() => rmSync(cache, { recursive: true, force: true }))

  it('are data: URIs of real cuts, ranged to exactly their glyphs, blocking rather than falling back; cached by content', async () => {
    const glyphs = '银行业务员序的程'
    const css = await carriedFaceCss([{ family: 'Deck Serif SC', weight: '400', style: 'normal', glyphs, file: CJK_SOURCES['400']!.file }], cache)
    const rule = /^@font-face\{font-family:'Deck Serif SC';font-style:normal;font-weight:400;font-display:block;src:url\(data:font\/woff2;base64,([A-Za-z0-9+/=]+)\) format\('woff2'\);unicode-range:([^}]+)\}$/.exec(css)
    expect(rule).not.toBeNull()
    const woff2 = Buffer.from(rule![1]!, 'base64')
    expect(woff2.subarray(0, 4).toString('latin1')).toBe('wOF2')
    // A handful of glyphs, not the 1.5 MB source.
    expect(woff2.length).toBeGreaterThan(500)
    expect(woff2.length).toBeLessThan(8 * 1024)
    // Given in any order, ranged in code point order.
    expect(rule![2]).toBe(rangeOfPoints([...glyphs].map((ch) => ch.codePointAt(0)!).sort((a, b) => a - b)))
    expect(rule![2]).toBe('U+4E1A,U+52A1,U+5458,U+5E8F,U+7684,U+7A0B,U+884C,U+94F6')
    expect(readdirSync(cache)).toHaveLength(1)
    expect(readFileSync(join(cache, readdirSync(cache)[0]!)).equals(woff2)).toBe(true)
    // The second time, from the cache: the same rule.
    expect(await carriedFaceCss([{ family: 'Deck Serif SC', weight: '400', style: 'normal', glyphs, file: CJK_SOURCES['400']!.file }], cache)).toBe(css)
  })

  it('are TrueType for a face of spaces alone (Chromium refuses a WOFF2 file with no outlines)', async () => {
    const latin = join(dirname(CJK_SOURCES['400']!.file), '..', '..', 'noto-serif', 'files', 'noto-serif-latin-700-normal.woff2')
    const css = await carriedFaceCss([{ family: 'Noto Serif', weight: '700', style: 'normal', glyphs: ' ', file: latin }], cache)
    const rule = /src:url\(data:font\/ttf;base64,([A-Za-z0-9+/=]+)\) format\('truetype'\);unicode-range:U\+20\}$/.exec(css)
    expect(rule).not.toBeNull()
    expect(Buffer.from(rule![1]!, 'base64').readUInt32BE(0)).toBe(0x00010000)
  })

  it('skip a face whose file is gone', async () => {
    expect(await carriedFaceCss([{ family: 'X', weight: '400', style: 'normal', glyphs: 'a', file: join(cache, 'missing.woff2') }], cache)).toBe('')
  })
})

describe('the carried faces’ loader', () => {
  const faces = [
    { family: 'Deck Serif SC', weight: '700', style: 'normal', glyphs: '业务', file: '/a' },
    { family: 'Noto Serif', weight: '100 900', style: 'normal', glyphs: ' ', file: '/b' },
  ]

  /** A page's `document.fonts`: its faces, each recording whether it was asked to load. */
  const fontsOf = (list: { family: string; display: string; weight: string }[]) => {
    const loaded: string[] = []
    const set = list.map((face) => ({ ...face, load: () => (loaded.push(`${face.family} ${face.weight}`), Promise.resolve()) }))
    return { loaded, document: { fonts: { load: () => Promise.reject(new Error('not by glyph')), forEach: (each: (face: (typeof set)[number]) => void) => set.forEach(each) } } }
  }

  it('starts every carried face loading as the head is parsed (the Chinese serif’s and the theme’s cuts), never the theme’s whole faces (they swap)', () => {
    const page = fontsOf([
      { family: 'Noto Serif', display: 'swap', weight: '400' },
      { family: '"Noto Serif"', display: 'block', weight: '400' },
      { family: 'Deck Serif SC', display: 'block', weight: '700' },
      { family: 'Deck Serif SC', display: 'swap', weight: '400' },
      { family: 'KaTeX_Main', display: 'block', weight: '400' },
    ])
    runInNewContext(carriedFacesLoader(faces), { document: page.document })
    expect(page.loaded).toEqual(['"Noto Serif" 400', 'Deck Serif SC 700'])
  })

  it('does nothing where the browser has no font loading, and is empty with no face', () => {
    expect(() => runInNewContext(carriedFacesLoader(faces), { document: {} })).not.toThrow()
    expect(carriedFacesLoader([])).toBe('')
  })
})

