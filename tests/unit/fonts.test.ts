import { describe, expect, it } from 'vitest'
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { cachedCut, cutSlices, emitDeckFonts, fontFaceCss, sourceIdentity, CJK_SOURCES } from '../../plugin/fonts'
import { sliceGlyphs } from '../../plugin/font-slices'
import { FONT_KEYS_ID } from '../../shared/fonts'

const installed = existsSync(CJK_SOURCES['400']!.file)

describe('cutting Noto Serif SC from @fontsource/noto-serif-sc', () => {
  it('takes the font from the npm package, the same on every machine', () => {
    expect(installed).toBe(true)
    expect(CJK_SOURCES['400']!.file).toMatch(/node_modules[\\/]@fontsource[\\/]noto-serif-sc[\\/]files[\\/]noto-serif-sc-chinese-simplified-400-normal\.woff2$/)
  })

  it('cuts a small WOFF2 per slice and weight and serves the second build from the cache', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'deck-fonts-'))
    const slicing = sliceGlyphs({ slides: ['银行业务', '货币创造'], other: '' }, { commonShare: 1, rangeSize: 8, minGlyphs: 1 })
    const first = await cutSlices(slicing, cache)
    expect(first.missing).toBeUndefined()
    expect(first.faces.map((f) => `${f.weight}:${slicing.slices[f.slice]!.name}`)).toEqual(['400:slide-1', '400:slides-2-2', '700:slide-1', '700:slides-2-2'])
    for (const face of first.faces) {
      expect(face.woff2.toString('latin1', 0, 4)).toBe('wOF2')
      expect(face.woff2.length).toBeLessThan(8_000)
    }
    const started = performance.now()
    const second = await cutSlices(slicing, cache)
    expect(performance.now() - started).toBeLessThan(500)
    expect(second.faces[0]!.woff2.equals(first.faces[0]!.woff2)).toBe(true)
  }, 60_000)

  it('keeps a cut by its source’s content and the cutting tools’ versions, not by the source’s path', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'deck-source-'))
    const [a, b, c] = ['a.woff2', 'b.woff2', 'c.woff2'].map((name) => join(dir, name)) as [string, string, string]
    copyFileSync(CJK_SOURCES['400']!.file, a)
    copyFileSync(CJK_SOURCES['400']!.file, b)
    writeFileSync(c, 'another font')
    expect(sourceIdentity(a)).toBe(sourceIdentity(b))
    expect(sourceIdentity(a)).not.toBe(sourceIdentity(c))
    expect(sourceIdentity(a)).toMatch(/^[0-9a-f]{64} subset-font@\d+\.\d+\.\d+ harfbuzzjs@\d+\.\d+\.\d+ wawoff2@\d+\.\d+\.\d+ (@napi-rs\/woff-build-[\w-]+@\d+\.\d+\.\d+ q\d+|wawoff2)$/)
    const cache = mkdtempSync(join(tmpdir(), 'deck-fonts-'))
    let made = 0
    const cut = (file: string) => cachedCut(cache, 'x', 'bin', [sourceIdentity(file), '400', '银'], async () => Buffer.from(`cut ${++made}`))
    expect(String(await cut(a))).toBe('cut 1')
    // The same bytes elsewhere: the kept cut; other bytes: a new one.
    expect(String(await cut(b))).toBe('cut 1')
    expect(String(await cut(c))).toBe('cut 2')
    expect(readdirSync(cache)).toHaveLength(2)
  })

  it('says why when the source font is missing, and cuts nothing', async () => {
    const saved = CJK_SOURCES['400']!.file
    CJK_SOURCES['400']!.file = join(tmpdir(), 'no-such-font.woff2')
    try {
      const result = await cutSlices(sliceGlyphs({ slides: ['银行'], other: '' }), mkdtempSync(join(tmpdir(), 'deck-fonts-')))
      expect(result.faces).toEqual([])
      expect(result.missing).toMatch(/no-such-font\.woff2 not found \(npm install @fontsource\/noto-serif-sc\)/)
    } finally {
      CJK_SOURCES['400']!.file = saved
    }
  })
})

describe('font-face rules', () => {
  it('names the family, the weight, its slice as unicode-range, and waits for the face instead of a fallback', () => {
    expect(fontFaceCss([{ slice: 0, weight: '400', url: '/assets/a.woff2', range: 'U+94F6,U+884C' }])).toBe(
      "@font-face{font-family:'Deck Serif SC';font-style:normal;font-weight:400;font-display:block;src:url(/assets/a.woff2) format('woff2');unicode-range:U+94F6,U+884C}",
    )
  })
})

describe('the pages’ fonts', () => {
  const pages = ['<h1>银行</h1><p>钱庄存款</p>', '<p>钱庄贷款</p>', '<p>货币</p>']
  const slicing = sliceGlyphs({ slides: pages, other: '设置' }, { commonShare: 0.6, rangeSize: 1, minGlyphs: 1 })
  const faces = slicing.slices.flatMap((_, slice) => ['400', '700'].map((weight) => ({ slice, weight, woff2: Buffer.from(`${slice}${weight}`) })))
  const dist = mkdtempSync(join(tmpdir(), 'deck-dist-'))
  const fonts = emitDeckFonts(dist, '/', slicing, faces, pages)

  it('writes every face into assets/ under its slice’s name', () => {
    expect(fonts.faces).toHaveLength(slicing.slices.length * 2)
    for (const face of fonts.faces) expect(existsSync(join(dist, face.url.slice(1)))).toBe(true)
    expect(fonts.faces.map((f) => f.url)).toContainEqual(expect.stringMatching(/^\/assets\/deck-serif-sc-700-common-[0-9a-f]{8}\.woff2$/))
    expect(readFileSync(join(dist, fonts.faces[0]!.url.slice(1)), 'utf8')).toBe('0400')
  })

  it('preloads a slide’s slices in regular, and in bold only those its bold text touches', () => {
    const names = (no: number) => fonts.preloads(no).map((url) => /deck-serif-sc-(\d+)-(.+)-[0-9a-f]{8}/.exec(url)!.slice(1, 3).join(':'))
    expect(names(1)).toEqual(['400:common', '400:slide-1', '700:slide-1'])
    expect(names(2)).toEqual(['400:common', '400:slides-2-2'])
    expect(names(3)).toEqual(['400:slides-3-3'])
    expect(names(9)).toEqual([])
  })

  it('puts the rules and each slide’s keys (a glyph per slice and weight) in the head', () => {
    expect(fonts.head).toContain("@font-face{font-family:'Deck Serif SC'")
    const keys = JSON.parse(new RegExp(`<script type="application/json" id="${FONT_KEYS_ID}">(.*)</script>`).exec(fonts.head)![1]!) as Record<string, string[]>
    expect(keys['400']).toHaveLength(3)
    expect(keys['700']![1]).toBe('')
    const sliceOf = (glyph: string) => slicing.slices.findIndex((s) => s.glyphs.includes(glyph))
    expect([...keys['400']![0]!].map(sliceOf)).toEqual(slicing.slideSlices[0])
  })

  it('gives a slide’s page the rules of the faces it preloads, after a link to the deck’s faces sheet that is off until the app loads', () => {
    const head = fonts.pageHead(2)
    const [, href = '', own = ''] = /^<link rel="stylesheet" href="([^"]+)" disabled data-deck-later-faces><style>(.*?)<\/style><script type="application\/json"/s.exec(head) ?? []
    const urls = (css: string) => [...css.matchAll(/url\(([^)]+)\)/g)].map(([, url]) => url)
    expect(urls(own).sort()).toEqual([...fonts.preloads(2)].sort())
    expect(href).toMatch(/^\/assets\/deck-serif-sc-faces-[0-9a-f]{8}\.css$/)
    // One sheet for every page, with every face's rule.
    expect(fonts.pageHead(3)).toContain(href)
    expect(urls(readFileSync(join(dist, href.slice(1)), 'utf8')).sort()).toEqual(fonts.faces.map((f) => f.url).sort())
    expect(head).toContain(`id="${FONT_KEYS_ID}"`)
    // A page carrying its first frame's faces (slide 1's) has the sheet and the keys, and no rule of its own.
    const carrying = fonts.pageHead(1, { carriesFaces: true })
    expect(carrying).toMatch(/^<link rel="stylesheet" href="[^"]+" disabled data-deck-later-faces><script type="application\/json"/)
    expect(carrying).not.toContain('@font-face')
  })
})
