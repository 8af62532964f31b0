// The theme's faces a prerendered page preloads (plugin/stylesheet-faces.ts): read from its style sheets, chosen by
// the families its text is set in first and the weights it is drawn in.
import { describe, expect, it } from 'vitest'
import { facesForText, leadingFamilies, parseUnicodeRange, stylesheetFaces } from '../../plugin/stylesheet-faces'

const face = (subset: string, weight: number, range: string) =>
  `@font-face{font-family:Noto Serif;font-style:normal;font-display:swap;font-weight:${weight};src:url(/assets/noto-serif-${subset}-${weight}-normal-x.woff2)format("woff2"),url(/assets/noto-serif-${subset}-${weight}-normal-x.woff)format("woff");unicode-range:${range}}`
const THEME = [
  face('latin', 400, 'U+??,U+131,U+152-153,U+2000-206F'),
  face('latin', 700, 'U+??,U+131,U+152-153,U+2000-206F'),
  face('greek', 400, 'U+370-377,U+37A-37F'),
  face('math', 400, 'U+2190,U+2192,U+2194-21AE'),
  "@font-face{font-family:'KaTeX_Main';src:url(/assets/KaTeX_Main-Regular.woff2) format('woff2')}",
  ":root{--deck-serif:'Noto Serif','Deck Serif SC',serif;--deck-mono:ui-monospace,monospace}",
  '.slidev-layout{font-family:var(--deck-serif)}',
  '.katex{font:normal 1.21em KaTeX_Main,Times New Roman,serif}',
].join('\n')

describe('the theme faces a page preloads', () => {
  it('reads unicode ranges, wildcards included', () => {
    expect(parseUnicodeRange('U+??, U+131, U+152-153, U+4??')).toEqual([[0, 0xff], [0x131, 0x131], [0x152, 0x153], [0x400, 0x4ff]])
    expect(parseUnicodeRange('nonsense')).toEqual([])
  })

  it('reads the faces with a WOFF2 file and a range, and the families that lead a font stack', () => {
    const faces = stylesheetFaces(THEME)
    expect(faces.map((f) => `${f.family} ${f.weights.join('-')} ${f.url}`)).toEqual([
      'Noto Serif 400-400 /assets/noto-serif-latin-400-normal-x.woff2',
      'Noto Serif 700-700 /assets/noto-serif-latin-700-normal-x.woff2',
      'Noto Serif 400-400 /assets/noto-serif-greek-400-normal-x.woff2',
      'Noto Serif 400-400 /assets/noto-serif-math-400-normal-x.woff2',
    ])
    expect([...leadingFamilies(THEME)]).toEqual(['Noto Serif', 'ui-monospace'])
  })

  it('preloads the face holding the space in each weight the text is drawn in, whatever its letters', () => {
    const faces = stylesheetFaces(THEME)
    const families = leadingFamilies(THEME)
    // All Chinese: the lines are still measured in the Latin face (the family's first available font).
    expect(facesForText(faces, families, { regular: '程序员的金融知识', bold: '银行业务' })).toEqual(['/assets/noto-serif-latin-400-normal-x.woff2', '/assets/noto-serif-latin-700-normal-x.woff2'])
    expect(facesForText(faces, families, { regular: '开始 →', bold: '' })).toEqual(['/assets/noto-serif-latin-400-normal-x.woff2'])
    expect(facesForText(faces, families, { regular: ' \n ', bold: '' })).toEqual([])
    // A family that leads no stack is never preloaded.
    expect(facesForText(faces, new Set(['Other']), { regular: 'text', bold: 'text' })).toEqual([])
  })
})
