// Magic move: a ````md magic-move` block's fences read as steps (line highlights, line numbers, title, options), its
// clicks counted in document order as Slidev counts them, its steps tokenized at build time; bad input warned about
// with its line, nothing lost.
import { describe, expect, it } from 'vitest'
import { resolve } from 'node:path'
import { analyzeSlide, highlightSlide } from '../../plugin/markdown/pipeline'
import { slideModuleCode } from '../../plugin/markdown/to-module'
import { parseMagicMove } from '../../plugin/markdown/remark-magic-move'
import { magicMoveClicks, magicMoveStepAt, stepRanges } from '../../shared/magic-move'
import { resolveConfig } from '../../shared/config'

const root = resolve(import.meta.dirname, '../..')
const options = { frontmatter: {}, mermaid: {}, lineNumbers: false, codeCopy: false, publicDir: resolve(root, 'public'), deckDir: root, checkDiagrams: false as const }

const block = (info: string, body: string) => `\`\`\`\`md magic-move${info}\n${body}\n\`\`\`\`\n`
const THREE = '```js {*|1|2}\nlet a = 1\nlet b = 2\n```\n\nA comment between steps.\n\n```js\nlet a = 1\n```\n```ts {*}{lines: false}\nconst a: number = 1\n```'

async function compile(content: string) {
  const analyzed = analyzeSlide(content, options)
  const hast = await highlightSlide(analyzed.hast, { lineNumbers: false, codeCopy: false })
  const code = slideModuleCode({ no: 1, hast, noteHtml: '' })
  return { analyzed, code }
}

describe('parseMagicMove', () => {
  it('reads each fence as a step: language, code, line ranges, its own line numbers; text between is left out', () => {
    const { block: parsed, problems } = parseMagicMove('magic-move [app.ts] {at: 3, lines: true, duration: 500}', THREE)
    expect(problems).toEqual([])
    expect(parsed).toEqual({
      title: 'app.ts',
      at: 3,
      duration: 500,
      steps: [
        { lang: 'js', code: 'let a = 1\nlet b = 2', ranges: ['*', '1', '2'], lines: true },
        { lang: 'js', code: 'let a = 1', ranges: ['all'], lines: true },
        { lang: 'ts', code: 'const a: number = 1', ranges: ['*'], lines: false },
      ],
    })
  })

  it('an empty block is no block: a warning, and the Markdown stays as written', () => {
    expect(parseMagicMove('magic-move', 'just text')).toEqual({ block: null, problems: [{ offset: 0, message: expect.stringMatching(/needs at least one ``` code fence/) }] })
  })

  it('malformed options are a warning and the defaults; an unclosed fence still gives its step', () => {
    const { block: parsed, problems } = parseMagicMove('magic-move {at: }', '```js\nlet a = 1\n```\n```js\nlet a = 2')
    expect(problems.map((p) => p.offset)).toEqual([0, 4])
    expect(problems[0]!.message).toMatch(/options \{at: \} are not an object literal/)
    expect(problems[1]!.message).toMatch(/not closed/)
    expect(parsed?.steps.map((s) => s.code)).toEqual(['let a = 1', 'let a = 2'])
    expect(parsed?.at).toBeUndefined()
  })
})

describe('magic-move clicks (shared/magic-move.ts)', () => {
  it('one click per range of every step, less the first; a block of one step and one range takes none', () => {
    expect(magicMoveClicks([stepRanges('*|1|2'), stepRanges(''), stepRanges('*')])).toBe(4)
    expect(magicMoveClicks([stepRanges(undefined)])).toBe(0)
    expect(magicMoveClicks([['all'], ['all']])).toBe(1)
  })

  it.each([
    [0, 0, '*'],
    [1, 0, '*'],
    [2, 0, '1'],
    [3, 0, '2'],
    [4, 1, 'all'],
    [5, 2, '*'],
    [6, 2, 'all'],
    [99999, 2, 'all'],
  ])('at click %i a block starting at click 2 shows step %i, lines %s', (clicks, step, range) => {
    expect(magicMoveStepAt(clicks, 2, [['*', '1', '2'], ['all'], ['*']])).toEqual({ step, range })
  })

  it('a page without steps (the reader) shows the last step', () => {
    expect(magicMoveStepAt(null, 1, [['all'], ['1', '2']])).toEqual({ step: 1, range: 'all' })
  })
})

describe('magic move in a slide', () => {
  it('counts its clicks in document order with v-click, and the module carries the build’s tokens', async () => {
    const { analyzed, code } = await compile(`<p v-click>a</p>\n\n${block(' {lines: true}', THREE)}\n<p v-click>b</p>`)
    expect(analyzed.messages).toEqual([])
    // a: 1; the block: 2, 3, 4, 5; b: 6.
    expect(analyzed.clicks).toBe(6)
    expect(code).toContain('import MagicMove from "/src/components/MagicMove.tsx"')
    const props = code.match(/_jsx\(MagicMove,(\{.*?\})\)/s)?.[1] ?? ''
    expect(props).toContain('"since":2')
    expect(props).toContain('"ranges":[["*","1","2"],["all"],["*"]]')
    // Tokens with both themes' colours, keyed for the morph; no highlighter in the module.
    expect(props).toMatch(/"content":"let".*"--shiki-dark"/)
    expect(props).toContain('shiki-magic-move-line-number')
    expect(code).not.toMatch(/from "shiki"/)
  })

  it('at: an absolute first click, as Slidev’s calculateSince', async () => {
    const { analyzed, code } = await compile(block(' {at: 3}', '```js {1|2}\nlet a\nlet b\n```'))
    expect(analyzed.clicks).toBe(3)
    expect(code).toContain('"since":3')
  })

  it('an empty block stays a code block showing its Markdown, with a warning naming its line', async () => {
    const { analyzed, code } = await compile(`# Title\n\n${block('', 'no fences here')}`)
    expect(analyzed.messages).toEqual([{ line: 3, message: expect.stringMatching(/magic-move block needs at least one/) }])
    expect(code).not.toContain('MagicMove')
    expect(code).toContain('no fences here')
  })

  it('a malformed option names the block’s line; the block still works with the defaults', async () => {
    const { analyzed, code } = await compile(`# Title\n\n${block(' {lines: tru', '```js\nlet a\n```\n```js\nlet b\n```')}`)
    expect(analyzed.messages).toEqual([{ line: 3, message: expect.stringMatching(/options \{lines: tru/) }])
    expect(analyzed.clicks).toBe(1)
    expect(code).toContain('MagicMove')
  })
})

describe('snippets in a magic-move block', () => {
  const deck = { ...options, deckDir: resolve(root, 'tests/fixtures') }
  it('a `<<< @/snippets/…` line between the fences is a step, with its region, language and line ranges', () => {
    const analyzed = analyzeSlide(block('', '<<< @/snippets/parity.ts#multiplier ts {1|2}\n```ts\nconst x = 1\n```'), deck)
    expect(analyzed.messages).toEqual([])
    const data = JSON.parse(String((analyzed.hast.children.flatMap((c) => ('children' in c ? c.children : [])).find((c) => c.type === 'element' && c.tagName === 'deck-magic-move') as { properties: Record<string, unknown> }).properties.dataMagicMove))
    expect(data.steps).toEqual([
      { lang: 'ts', code: expect.stringMatching(/^export function multiplier[\s\S]*return 1 \/ ratio\n\}$/), ranges: ['1', '2'] },
      { lang: 'ts', code: 'const x = 1', ranges: ['all'] },
    ])
    expect(analyzed.clicks).toBe(2)
  })

  it('a missing file names its line; the other steps stay, and a later problem keeps the block’s own line', () => {
    const analyzed = analyzeSlide(`# T\n\n${block('', '<<< @/snippets/none.ts\n<<< @/snippets/parity.ts\n```js\nlet a = 1')}`, deck)
    expect(analyzed.messages).toEqual([
      { line: 4, message: expect.stringMatching(/^Snippet file not found: @\/snippets\/none.ts/) },
      { line: 6, message: expect.stringMatching(/not closed/) },
    ])
    expect(analyzed.clicks).toBe(1)
  })
})

describe('the deck’s magic-move settings', () => {
  const propsOf = async (content: string, settings: Parameters<typeof highlightSlide>[1]) => {
    const hast = await highlightSlide(analyzeSlide(content, options).hast, settings)
    return slideModuleCode({ no: 1, hast, noteHtml: '' }).match(/_jsx\(MagicMove,(\{.*?\})\)/s)?.[1] ?? ''
  }
  const two = block('', '```js\nlet a\n```\n```js\nlet b\n```')

  it('a copy button with codeCopy (on every step, or the last with magicMoveCopy: final); a duration from the headmatter unless the block has one', async () => {
    expect(await propsOf(two, { lineNumbers: false, codeCopy: true })).toContain('"copy":"always"')
    expect(await propsOf(two, { lineNumbers: false, codeCopy: true, magicMoveCopy: 'final', magicMoveDuration: 300 })).toMatch(/"duration":300.*"copy":"final"/)
    expect(await propsOf(two, { lineNumbers: false, codeCopy: false, magicMoveCopy: 'always' })).not.toContain('"copy"')
    expect(await propsOf(block(' {duration: 500}', '```js\nlet a\n```'), { lineNumbers: false, codeCopy: false, magicMoveDuration: 300 })).toContain('"duration":500')
  })

  it('resolves magicMoveCopy and magicMoveDuration, refusing what they cannot be', () => {
    const reports: string[] = []
    const config = resolveConfig({ magicMoveCopy: 'final', magicMoveDuration: -1 }, (_key, message) => void reports.push(message))
    expect(config.magicMoveCopy).toBe('final')
    expect(config.magicMoveDuration).toBe(800)
    expect(reports).toEqual([expect.stringMatching(/"magicMoveDuration" must be a number of milliseconds/)])
    expect(resolveConfig({ magicMoveCopy: false }).magicMoveCopy).toBe(false)
  })
})
