// KaTeX's output in a slide's module: one HTML string per formula (plugin/markdown/rehype-static-math.ts), unless the
// formula's rows are click steps.
import { describe, expect, it } from 'vitest'
import type { Element, Root } from 'hast'
import { toHtml } from 'hast-util-to-html'
import { visit } from 'unist-util-visit'
import { analyzeSlide, highlightSlide, type SlideCompileOptions } from '../../plugin/markdown/pipeline'
import { STATIC_HTML_PROPERTY, slideModuleCode } from '../../plugin/markdown/to-module'

const options: SlideCompileOptions = { frontmatter: {}, mermaid: {}, lineNumbers: false, codeCopy: false, publicDir: '/nonexistent/public', deckDir: '/nonexistent', checkDiagrams: false }

async function compiled(markdown: string) {
  const analysed = analyzeSlide(markdown, options)
  const before = toHtml(analysed.hast)
  const hast = await highlightSlide(analysed.hast, options)
  return { before, hast }
}

const formulas = (hast: Root) => {
  const found: Element[] = []
  visit(hast, 'element', (node: Element) => {
    if ((node.properties.className as string[] | undefined)?.includes('katex')) found.push(node)
  })
  return found
}

describe('formulas in a slide module', () => {
  it('are one element each, holding the same markup KaTeX made', async () => {
    const { before, hast } = await compiled('# 乘数\n\n$m = \\dfrac{1+q}{q+r+e}$，上限 $1/r$\n\n$$\nM = mB\n$$')
    const found = formulas(hast)
    expect(found).toHaveLength(3)
    for (const formula of found) {
      expect(formula.children).toEqual([])
      expect(formula.properties[STATIC_HTML_PROPERTY]).toMatch(/<math xmlns="http:\/\/www\.w3\.org\/1998\/Math\/MathML"/)
    }
    // The page's HTML is unchanged: the module writes each string back where its elements were.
    const restored = structuredClone(hast)
    visit(restored, 'element', (node: Element) => {
      const html = node.properties[STATIC_HTML_PROPERTY]
      if (typeof html !== 'string') return
      delete node.properties[STATIC_HTML_PROPERTY]
      node.children = [{ type: 'raw', value: html } as never]
    })
    expect(toHtml(restored, { allowDangerousHtml: true })).toBe(before)
    const code = slideModuleCode({ no: 1, hast, noteHtml: '' })
    expect(code.match(/dangerouslySetInnerHTML/g)).toHaveLength(3)
  })

  it('keep their elements where rows are click steps', async () => {
    const { hast } = await compiled('$$ {1|2|all}\n\\begin{aligned}\na &= b \\\\\nc &= d\n\\end{aligned}\n$$')
    const [formula] = formulas(hast)
    expect(formula!.properties[STATIC_HTML_PROPERTY]).toBeUndefined()
    expect(toHtml(formula!)).toContain('data-highlight-steps')
  })
})
