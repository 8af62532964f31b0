import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { glyphsOf, pageText, sliceGlyphs, unicodeRange, type GlyphUse } from '../../plugin/font-slices'
import { parseDeck } from '../../plugin/parser'

/** The properties every slicing keeps: each glyph in exactly one slice; a slide's slices are exactly those it touches. */
function expectSound(use: GlyphUse, slicing: ReturnType<typeof sliceGlyphs>) {
  const seen = new Map<string, number>()
  slicing.slices.forEach((slice, index) => {
    expect(slice.glyphs.length).toBeGreaterThan(0)
    for (const glyph of slice.glyphs) {
      expect(seen.has(glyph), `${glyph} in ${slice.name} and ${slicing.slices[seen.get(glyph)!]?.name}`).toBe(false)
      seen.set(glyph, index)
    }
  })
  const every = new Set([...use.slides.flatMap((text) => glyphsOf(text)), ...glyphsOf(use.other)])
  expect(new Set(seen.keys())).toEqual(every)
  use.slides.forEach((text, i) => {
    const touched = [...new Set(glyphsOf(text).map((glyph) => seen.get(glyph)!))].sort((a, b) => a - b)
    expect(slicing.slideSlices[i], `slide ${i + 1}`).toEqual(touched)
  })
}

describe('slicing the glyphs by where they are used', () => {
  it('keeps glyphs on many slides together, slide 1 alone, the rest by slide ranges, and what no slide shows apart', () => {
    const use: GlyphUse = {
      // 的 and 银 are on every slide; 封 only on the cover; 甲 on slides 2–3, 乙 on 4–5, 丙 on 2 and 5.
      slides: ['的银封', '的银甲丙', '的银甲', '的银乙', '的银乙丙'],
      other: '设置的',
    }
    const slicing = sliceGlyphs(use, { commonShare: 0.6, rangeSize: 2, minGlyphs: 1 })
    expect(slicing.slices).toEqual([
      { name: 'common', glyphs: '的银'.split('').sort().join('') },
      { name: 'slide-1', glyphs: '封' },
      { name: 'slides-2-5', glyphs: '丙' },
      { name: 'slides-2-3', glyphs: '甲' },
      { name: 'slides-4-5', glyphs: '乙' },
      { name: 'interface', glyphs: '置设'.split('').sort().join('') },
    ])
    expect(slicing.slideSlices).toEqual([[0, 1], [0, 2, 3], [0, 3], [0, 4], [0, 2, 4]])
    expectSound(use, slicing)
  })

  it('folds a range too small for a file of its own into the wider one above it', () => {
    const use: GlyphUse = { slides: ['封', '甲', '乙乙', '丙丁', '戊己'], other: '' }
    const slicing = sliceGlyphs(use, { commonShare: 1, rangeSize: 1, minGlyphs: 2 })
    // Slides 2 and 3 have one glyph each: together (2–3) they make a slice; 4 and 5 have two each and stay.
    expect(slicing.slices.map((s) => s.name)).toEqual(['slide-1', 'slides-2-3', 'slides-4-4', 'slides-5-5'])
    expectSound(use, slicing)
  })

  it('leaves the Latin range to the Latin serif, and cuts nothing for a deck without Chinese', () => {
    expect(glyphsOf('A “quote” — ×·é → 银行')).toEqual(['→', '行', '银'])
    expect(sliceGlyphs({ slides: ['# Title', 'plain text'], other: 'OK' })).toEqual({ slices: [], slideSlices: [[], []] })
    expect(sliceGlyphs({ slides: [], other: '设置' })).toEqual({ slices: [{ name: 'interface', glyphs: '置设'.split('').sort().join('') }], slideSlices: [] })
  })

  it('slices this deck so that slide 1 needs two slices and every slide a few', () => {
    const deck = parseDeck(readFileSync(new URL('../../slides.md', import.meta.url), 'utf8'))
    const use: GlyphUse = { slides: deck.slides.map((s) => s.title + s.content), other: deck.slides.map((s) => s.note).join('') }
    const slicing = sliceGlyphs(use)
    expectSound(use, slicing)
    expect(slicing.slideSlices[0]!.map((i) => slicing.slices[i]!.name)).toEqual(['common', 'slide-1'])
    expect(Math.max(...slicing.slideSlices.map((s) => s.length))).toBeLessThanOrEqual(7)
    // Slide 1's slices hold a small share of the deck's glyphs.
    const glyphs = (indexes: number[]) => indexes.reduce((n, i) => n + [...slicing.slices[i]!.glyphs].length, 0)
    expect(glyphs(slicing.slideSlices[0]!)).toBeLessThan(glyphs(slicing.slices.map((_, i) => i)) / 4)
  })
})

describe('unicode-range', () => {
  it('lists code points, consecutive ones as a range', () => {
    expect(unicodeRange('一丁七万丈三')).toBe('U+4E00-4E01,U+4E03,U+4E07-4E09')
    expect(unicodeRange('')).toBe('')
  })
})

describe('the text a rendered page shows', () => {
  it('splits text by weight, leaving out tags, attributes, comments, scripts and styles', () => {
    const html = '<div aria-label="设置"><h1>银行<span>业务</span></h1><!--$--><p>钱庄<strong>存款</strong><br/>汇兑</p><img alt="标志"/><th>表头</th><style>.a{content:"样"}</style><script>"脚"</script><p>尾</p></div>'
    expect(pageText(html)).toEqual({ regular: '钱庄汇兑尾', bold: '银行业务存款表头' })
  })
})
