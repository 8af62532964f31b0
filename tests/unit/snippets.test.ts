// Code snippets: `<<< @/snippets/file.ts#region lang {steps} [title]` as a code block of the file or its region,
// with the fence's meta; a missing file or region is a warning naming the line, the line left as written.
import { describe, expect, it } from 'vitest'
import { resolve } from 'node:path'
import { analyzeSlide, highlightSlide } from '../../plugin/markdown/pipeline'
import { snippetRegion } from '../../plugin/markdown/remark-snippets'
import { slideHtml } from './helpers/slide-html'

const root = resolve(import.meta.dirname, '../..')
const options = { frontmatter: {}, mermaid: {}, lineNumbers: false, codeCopy: false, publicDir: resolve(root, 'public'), deckDir: resolve(root, 'tests/fixtures'), checkDiagrams: false as const }

async function compile(content: string) {
  const analyzed = analyzeSlide(content, options)
  return { analyzed, html: slideHtml(await highlightSlide(analyzed.hast, options)) }
}

describe('snippets', () => {
  it('a region becomes a highlighted block with its title and click steps', async () => {
    const { analyzed, html } = await compile('<<< @/snippets/parity.ts#multiplier {2|3} [multiplier.ts]')
    expect(analyzed.messages).toEqual([])
    // Two line steps: one click.
    expect(analyzed.clicks).toBe(1)
    expect(html).toContain('multiplier.ts')
    expect(html).toContain('reserveRatio')
    expect(html).not.toContain('not in the region')
    expect(html).not.toContain('#region')
  })

  it('the whole file in the language of its extension, or the one written', async () => {
    const whole = await compile('<<< @/snippets/parity.ts')
    expect(whole.html).toContain('not in the region')
    expect(whole.html).toMatch(/language-ts|data-lang="ts"|class="shiki/)
    const written = await compile('<<< @/snippets/parity.ts js')
    expect(written.analyzed.messages).toEqual([])
    expect(written.html).not.toBe(whole.html)
  })

  it('a missing file or region is a warning naming its line; the line stays as written', async () => {
    const { analyzed, html } = await compile('# T\n\n<<< @/snippets/none.ts\n\n<<< @/snippets/parity.ts#nothing')
    expect(analyzed.messages).toEqual([
      { line: 3, message: 'Snippet file not found: @/snippets/none.ts (looked for snippets/none.ts beside the deck)' },
      { line: 5, message: 'Snippet region not found: #region nothing in snippets/parity.ts' },
    ])
    expect(html).toContain('&#x3C;&#x3C;&#x3C; @/snippets/none.ts')
  })

  it('takes a region between its markers, nested regions included, its indent removed', () => {
    const source = 'a\n  // #region outer\n  b\n  // #region inner\n    c\n  // #endregion inner\n  d\n  // #endregion outer\ne'
    expect(snippetRegion(source, 'outer')).toBe('b\n  c\nd')
    expect(snippetRegion(source, 'inner')).toBe('c')
    expect(snippetRegion(source, 'none')).toBeNull()
  })
})
