// Twoslash: a ```ts twoslash block is run through TypeScript at build time; its types become focusable hover popups
// of plain HTML, `^?` queries and expected errors lines of their own; an error nobody expected is a warning at its
// line, and the block falls back to plain highlighting.
import { describe, expect, it } from 'vitest'
import { resolve } from 'node:path'
import { analyzeSlide, highlightSlide, TWOSLASH_CSS } from '../../plugin/markdown/pipeline'
import { slideModuleCode } from '../../plugin/markdown/to-module'

const root = resolve(import.meta.dirname, '../..')
const options = { frontmatter: {}, mermaid: {}, lineNumbers: false, codeCopy: true, publicDir: resolve(root, 'public'), deckDir: root, checkDiagrams: false as const }

async function compile(content: string) {
  const analyzed = analyzeSlide(content, options)
  const hast = await highlightSlide(analyzed.hast, { lineNumbers: false, codeCopy: true })
  return { analyzed, code: slideModuleCode({ no: 1, hast, noteHtml: '', styles: analyzed.styles }), later: await analyzed.later }
}

const QUERY_AND_ERROR = [
  '# Types',
  '',
  '```ts twoslash {2|3}',
  "const user = { name: 'Ada', born: 1815 }",
  '// ---cut---',
  'const born = user.born',
  '//    ^?',
  '// @errors: 2322',
  "const name: number = user.name",
  '```',
].join('\n')

describe('twoslash blocks', () => {
  it('renders the query, the hover types (focusable, labelled popups) and the expected error; clicks still step the lines', async () => {
    const { analyzed, code, later } = await compile(QUERY_AND_ERROR)
    expect(later).toEqual([])
    // `{2|3}`: one click, as without twoslash.
    expect(analyzed.clicks).toBe(1)
    expect(analyzed.styles).toEqual([TWOSLASH_CSS])
    expect(code).toContain(`import ${JSON.stringify(TWOSLASH_CSS)}`)
    // The query `born: number` as a line under its code.
    expect(code).toMatch(/twoslash-meta-line twoslash-query-line/)
    expect(code).toMatch(/const <\/span><span[^>]*>born<\/span><span[^>]*>: <\/span><span[^>]*>number/)
    // A hover token can take focus; its popup is a tooltip.
    expect(code).toMatch(/class=\\"twoslash-hover\\" tabindex=\\"0\\"><span class=\\"twoslash-popup-container\\" role=\\"tooltip\\">/)
    // The expected error: the token underlined, the message a line of its own.
    expect(code).toContain('twoslash-error-line')
    expect(code).toContain("Type 'string' is not assignable to type 'number'.")
    // The cut part and the notations are gone from what is shown and from what the copy button copies.
    expect(code).not.toContain('---cut---')
    expect(code).not.toContain('@errors')
    expect(code).toContain(JSON.stringify('const born = user.born\nconst name: number = user.name'))
    // Line steps count the block's shown lines, not the lines twoslash adds.
    expect(code.match(/data-highlight-steps/g)).toHaveLength(2)
  }, 60_000)

  it('an error nobody expected is a warning naming its line; the block falls back to plain highlighting', async () => {
    const content = ['# Types', '', 'Some text.', '', '```ts twoslash', 'const a = 1', "const b: string = a", '```'].join('\n')
    const { code, later } = await compile(content)
    expect(later).toEqual([{ line: 7, message: expect.stringMatching(/^Twoslash: TS2322: Type 'number' is not assignable to type 'string'\. \(not expected: add "\/\/ @errors: 2322".*shown without types$/) }])
    expect(code).not.toContain('twoslash-hover')
    expect(code).toContain('const')
  }, 60_000)

  it('an unexpected error in a `// @filename:` file of the block is found at its line', async () => {
    const content = ['```ts twoslash', '// @filename: a.ts', 'export const n = 1', '// @filename: b.ts', "import { n } from './a'", 'const s: string = n', '```'].join('\n')
    const { later } = await compile(content)
    expect(later).toEqual([{ line: 6, message: expect.stringMatching(/^Twoslash: TS2322: /) }])
  }, 60_000)

  it('`// @noErrors` lets errors pass; `// @errors` lists what may fail', async () => {
    const { later, code } = await compile('```ts twoslash\n// @noErrors\nconst b: string = 1\n```')
    expect(later).toEqual([])
    expect(code).toContain('twoslash-hover')
  }, 60_000)

  it('a language twoslash does not read is a warning at the fence, highlighted as usual; blocks without twoslash load no TypeScript', async () => {
    const { analyzed, code } = await compile('# A\n\n```py twoslash\nx = 1\n```')
    expect(analyzed.messages).toEqual([{ line: 3, message: expect.stringMatching(/twoslash reads ts, tsx, js and jsx blocks, not "py"/) }])
    expect(analyzed.styles).toEqual([])
    expect(code).not.toContain('twoslash')
  })
})
