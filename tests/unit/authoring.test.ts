// Slidev's authoring features compiled by the plugin: math, line steps of code and math, block options, UnoCSS config.
import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { toHtml } from 'hast-util-to-html'
import { slideHtml } from './helpers/slide-html'
import { createGenerator } from '@unocss/core'
import { analyzeSlide, highlightSlide, KATEX_CSS, type SlideCompileOptions } from '../../plugin/markdown/pipeline'
import { parseCodeMeta } from '../../plugin/markdown/remark-block-meta'
import { cannotBeUtility, unoConfig } from '../../plugin/unocss/config'
import { scanEdit } from '../../plugin/unocss/index'
import { highlightStepsOfLines, stepAt } from '../../shared/line-steps'

const options: SlideCompileOptions = { frontmatter: {}, mermaid: {}, lineNumbers: false, codeCopy: false, publicDir: '/nonexistent', deckDir: '/nonexistent', checkDiagrams: false }
const compile = (md: string) => analyzeSlide(md, options)

describe('math', () => {
  it('renders inline and block formulas with KaTeX at build time and asks for its style sheet', () => {
    const slide = compile('Money: $m = \\frac{q+1}{q+r+e}$\n\n$$\nM = mB\n$$\n')
    const html = toHtml(slide.hast)
    expect(html).toContain('class="katex"')
    expect(html).toContain('katex-display')
    expect(html).toContain('<math')
    expect(slide.styles).toEqual([KATEX_CSS])
    expect(slide.clicks).toBe(0)
  })

  it('loads no KaTeX style on a slide without math', () => {
    expect(compile('# Plain\n\nNo formulas, $5 and $6.').styles).toEqual([])
  })

  it('counts the line steps of a math block as clicks and marks each row with its steps', () => {
    const slide = compile('$$ {1|3|all}\n\\begin{aligned}\na &= 1 \\\\\nb &= 2 \\\\\nc &= 3\n\\end{aligned}\n$$\n')
    expect(slide.clicks).toBe(2)
    const html = toHtml(slide.hast)
    expect(html).toContain('data-steps-since="1"')
    expect(html).toContain('data-steps-count="3"')
    // Row 1 is highlighted at steps 0 and 2, row 2 only at 2, row 3 at 1 and 2; each row has two aligned columns.
    expect(html.match(/data-highlight-steps="0,2"/g)).toHaveLength(2)
    expect(html.match(/data-highlight-steps="2"/g)).toHaveLength(2)
    expect(html.match(/data-highlight-steps="1,2"/g)).toHaveLength(2)
  })

  it('shows a TeX error in its own box and warns with the line', () => {
    const slide = compile('# T\n\nText\n\n$$\n\\frac{1}{\n$$\n')
    expect(toHtml(slide.hast)).toContain('katex-error')
    expect(slide.messages).toHaveLength(1)
    expect(slide.messages[0]!.message).toMatch(/KaTeX.*(Expected|Unexpected|end of input)/i)
    expect(slide.messages[0]!.line).toBe(5)
  })
})

describe('code blocks', () => {
  it('reads Slidev fence meta', () => {
    expect(parseCodeMeta('ts', '[main.ts] {1|2-3|all} {lines:true, startLine:5, maxHeight:\'100px\'}')).toEqual({
      lang: 'ts',
      title: 'main.ts',
      steps: '1|2-3|all',
      options: { lines: true, startLine: 5, maxHeight: '100px' },
      flags: [],
    })
    expect(parseCodeMeta('ts{2,3}', null)).toMatchObject({ lang: 'ts', steps: '2,3' })
    // Bare words (`twoslash`) stand before the title and steps or after the options, as Slidev reads them.
    expect(parseCodeMeta('ts', 'twoslash {2|3}')).toMatchObject({ steps: '2|3', flags: ['twoslash'] })
    expect(parseCodeMeta('ts', '[a.ts] {1|2} {lines:true} twoslash')).toMatchObject({ title: 'a.ts', steps: '1|2', options: { lines: true }, flags: ['twoslash'] })
  })

  it('counts code steps as clicks after the clicks before them', async () => {
    const slide = compile('<div v-click>a</div>\n\n```ts {1|2-3|all}\nconst a = 1\nconst b = 2\nconst c = 3\n```\n\n<div v-click>b</div>\n')
    expect(slide.clicks).toBe(4)
    const html = slideHtml(await highlightSlide(slide.hast, { lineNumbers: false, codeCopy: false }))
    expect(html).toContain('data-steps-since="2"')
    expect(html).toMatch(/class="line highlighted" data-highlight-steps="0,2"/)
    expect(html).toMatch(/class="line dishonored" data-highlight-steps="1,2"/)
    expect(html).toContain('data-click-since="4"')
  })

  it('highlights fixed lines without clicks, and shows a title, line numbers from startLine and a max height', async () => {
    const slide = compile('```ts [util.ts] {2} {lines:true,startLine:10,maxHeight:120}\nconst a = 1\nconst b = 2\n```\n')
    expect(slide.clicks).toBe(0)
    const html = slideHtml(await highlightSlide(slide.hast, { lineNumbers: false, codeCopy: false }))
    expect(html).toContain('<div class="deck-code-title">util.ts</div>')
    expect(html).toContain('line-numbers')
    expect(html).toContain('counter-reset: deck-code-line 9')
    expect(html).toContain('max-height:120px')
    expect(html).toMatch(/class="line dishonored"[^>]*data-highlight-steps=""/)
    expect(html).toMatch(/class="line highlighted"[^>]*data-highlight-steps="0"/)
  })
})

describe('line steps', () => {
  it('maps clicks to steps and lines to the steps that highlight them', () => {
    expect(highlightStepsOfLines(['1', '2-3', 'all'], 3)).toEqual(['', '0,2', '1,2', '1,2'])
    expect([0, 1, 2, 3, 9].map((c) => stepAt(c, 2, 3))).toEqual([0, 0, 1, 2, 2])
  })
})

describe('UnoCSS', () => {
  it('generates utilities, attributify and Slidev shortcuts on demand, with the deck\'s text sizes and colours', async () => {
    const uno = await createGenerator(unoConfig())
    const { css } = await uno.generate('<div class="abs-br text-3xl mt-6 grid-cols-4 text-sm text-red bg-main" mt-4></div>', { preflights: false })
    expect(css).toContain('.abs-br{position:absolute;bottom:0;right:0;}')
    expect(css).toMatch(/\.text-3xl\{font-size:1\.875em;line-height:inherit;\}/)
    expect(css).toMatch(/\.text-sm\{font-size:0\.875em;line-height:inherit;\}/)
    expect(css).toContain('grid-template-columns:repeat(4,minmax(0,1fr))')
    expect(css).toContain('color:rgb(192 57 43')
    expect(css).toContain('.dark .text-red')
    expect(css).toContain('[mt-4=""]')
    expect(css).toContain('.bg-main')
  })

  it('sets aside the words no rule can match before trying the rules, and keeps every word that can be a utility', async () => {
    for (const word of ['银行业务与货币创造', 'J["客户甲"]', 'useEffect(()', '[。钱庄资不抵债=""]', 'const{', "'a',", 'ChatGPT']) expect(cannotBeUtility(word), word).toBe(true)
    for (const word of ['text-[#c0392b]', 'dark:(bg-[#121212] text-[#ddd])', '[b=""]', '[mt~="4"]', 'bg-$slidev-theme-primary', "content-['中文']", 'w-1/2', '!text-red', 'hover:op-80', 'font-[Noto_Serif]'])
      expect(cannotBeUtility(word), word).toBe(false)
    // The deck's own words: the same style sheet with and without the words set aside.
    const deck = readFileSync(new URL('../../slides.md', import.meta.url), 'utf8')
    const all = await (await createGenerator({ ...unoConfig(), blocklist: [] })).generate(deck)
    const kept = await (await createGenerator(unoConfig())).generate(deck)
    expect(kept.css).toBe(all.css)
    expect(kept.matched.size).toBeGreaterThan(20)
  })

  it('hands a dev edit to UnoCSS only when it brings a word that may be a utility (new text alone leaves the style sheet be)', async () => {
    const uno = await createGenerator(unoConfig())
    const slide = '---\nclass: text-center\n---\n\n# 银行的钱从哪里来\n\n<div class="mt-4">存款</div>\n'
    const tokens = await uno.applyExtractors(slide, 'deck.md#2', new Set<string>())
    const scanned: string[] = []
    const context = { uno, tokens, extract: async (code: string) => void scanned.push(code) }
    // New Chinese words and punctuation: no rule can match them.
    await scanEdit(context, slide.replace('存款', '存款，以及贷款创造的新存款。'), 'deck.md#2')
    expect(scanned).toEqual([])
    // A class the deck never used, in the body and in the frontmatter.
    for (const edit of [slide.replace('mt-4', 'mt-4 tracking-[0.31em]'), slide.replace('text-center', 'text-center skew-x-[7deg]')]) {
      await scanEdit(context, edit, 'deck.md#2')
      expect(scanned.at(-1)).toBe(edit)
    }
    expect(scanned).toHaveLength(2)
  })
})
