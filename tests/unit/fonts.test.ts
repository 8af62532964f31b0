import { describe, expect, it } from 'vitest'
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { deckGlyphs, subsetDeckFonts, fontFaceCss, CJK_SOURCES } from '../../plugin/fonts'

describe('deck glyphs', () => {
  it('keeps every non-ASCII character once, sorted', () => {
    expect(deckGlyphs('银行 bank 银行', '钱庄，收据')).toBe([...new Set('银行钱庄，收据')].sort().join(''))
  })
  it('is empty for ASCII-only text', () => expect(deckGlyphs('# Title\n\n- a, b')).toBe(''))
})

const installed = existsSync(CJK_SOURCES['400']!.file)

describe('subsetting Noto Serif SC from @fontsource/noto-serif-sc', () => {
  it('takes the font from the npm package, the same on every machine', () => {
    expect(installed).toBe(true)
    expect(CJK_SOURCES['400']!.file).toMatch(/node_modules[\\/]@fontsource[\\/]noto-serif-sc[\\/]files[\\/]noto-serif-sc-chinese-simplified-400-normal\.woff2$/)
  })
  it('cuts a small WOFF2 per weight and serves the second build from the cache', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'deck-fonts-'))
    const first = await subsetDeckFonts('银行业务与货币创造', cache)
    expect(first.missing).toBeUndefined()
    expect(first.fonts.map((f) => f.weight)).toEqual(['400', '700'])
    for (const font of first.fonts) {
      expect(font.woff2.toString('latin1', 0, 4)).toBe('wOF2')
      expect(font.woff2.length).toBeLessThan(20_000)
    }
    const started = performance.now()
    const second = await subsetDeckFonts('银行业务与货币创造', cache)
    expect(performance.now() - started).toBeLessThan(500)
    expect(second.fonts[0]!.woff2.equals(first.fonts[0]!.woff2)).toBe(true)
  }, 60_000)
})

describe('font-face rules', () => {
  it('names the subset family and each weight', () => {
    expect(fontFaceCss({ '400': '/assets/a.woff2' })).toBe(
      "@font-face{font-family:'Deck Serif SC';font-style:normal;font-weight:400;font-display:swap;src:url(/assets/a.woff2) format('woff2')}",
    )
  })
})
