// Monaco blocks: a fence's `{monaco}`, `{monaco-run}`, `{monaco-diff}` and its options read as Slidev reads them (the
// options object may nest), the block compiled to the editor's element holding its static code, the output's click
// counted; bad input warned about with its line, the code never lost. The console's value formatting too.
import { describe, expect, it } from 'vitest'
import { resolve } from 'node:path'
import { analyzeSlide, highlightSlide } from '../../plugin/markdown/pipeline'
import { slideModuleCode } from '../../plugin/markdown/to-module'
import { monacoLanguage, parseMonacoInfo, splitDiff } from '../../plugin/markdown/remark-monaco'
import { formatLogLine, formatValue } from '../../src/features/monaco/format-value'
import type { MonacoBlock } from '../../shared/monaco'

const root = resolve(import.meta.dirname, '../..')
const deckDir = resolve(root, 'tests/fixtures')
const options = { frontmatter: {}, mermaid: {}, lineNumbers: false, codeCopy: false, publicDir: resolve(root, 'public'), deckDir, checkDiagrams: false as const }

async function compile(content: string) {
  const analyzed = analyzeSlide(content, options)
  const hast = await highlightSlide(analyzed.hast, { lineNumbers: false, codeCopy: false })
  const code = slideModuleCode({ no: 1, hast, noteHtml: '' })
  // Each Monaco element's block, as the module hands it to the component.
  const blocks = [...code.matchAll(/_jsxs?\(Monaco,\{"block":("(?:[^"\\]|\\.)*")/g)].map((m) => JSON.parse(JSON.parse(m[1]!) as string) as MonacoBlock)
  return { analyzed, code, blocks }
}

describe('parseMonacoInfo', () => {
  it('reads the three kinds, with or without a language, with or without a space before the braces', () => {
    expect(parseMonacoInfo('ts', '{monaco}')).toEqual({ kind: 'monaco', lang: 'ts', options: {}, problems: [] })
    expect(parseMonacoInfo('ts{monaco-run}', null)).toMatchObject({ kind: 'monaco-run', lang: 'ts' })
    expect(parseMonacoInfo('{monaco-diff}', null)).toMatchObject({ kind: 'monaco-diff', lang: '' })
    expect(parseMonacoInfo('ts', '{1|2}')).toBeNull()
    expect(parseMonacoInfo('ts', '[monaco.ts]')).toBeNull()
    expect(parseMonacoInfo('md', 'magic-move')).toBeNull()
  })

  it("reads the options object as JSON5, nested objects included, keeping Slidev's names", () => {
    const parsed = parseMonacoInfo('ts', "{monaco-run} {autorun: false, showOutputAt: '+1', height: 'auto', outputHeight: 120, lines: true, editorOptions: { wordWrap: 'on', fontSize: 14 }, timeout: 2000}")
    expect(parsed?.problems).toEqual([])
    expect(parsed?.options).toEqual({ autorun: false, showOutputAt: '+1', height: 'auto', outputHeight: '120px', lines: true, editorOptions: { wordWrap: 'on', fontSize: 14 }, timeout: 2000 })
    expect(parseMonacoInfo('ts', "{monaco} {height: 300, lineNumbers: 'relative', readonly: true}")?.options).toEqual({ height: '300px', lineNumbers: 'relative', readonly: true })
    expect(parseMonacoInfo('ts', "{monaco-run} {autorun: 'once'}")?.options).toEqual({ autorun: 'once' })
    // Slidev's type acquisition and runner hooks are accepted and left out (no network, one runner).
    expect(parseMonacoInfo('ts', '{monaco} {ata: false, runnerOptions: {}}')).toMatchObject({ options: {}, problems: [] })
  })

  it('names every bad option, unclosed object, stray text and unknown kind; the block stays an editor', () => {
    expect(parseMonacoInfo('ts', "{monaco-run} {autorun: 'sometimes', timeout: -1, colour: 'red'}")?.problems).toEqual([
      `Monaco option autorun: "sometimes" is not true, false or 'once'; it is left out`,
      'Monaco option timeout: -1 is not a number of milliseconds above 0; it is left out',
      'Monaco option colour: "red" is not a known option; it is left out',
    ])
    expect(parseMonacoInfo('ts', '{monaco} {height: 200')?.problems).toEqual(['Monaco options {height: 200 are not closed with }; the defaults are used'])
    expect(parseMonacoInfo('ts', '{monaco} {height: }')?.problems[0]).toMatch(/^Monaco options \{height: \} are not an object literal/)
    expect(parseMonacoInfo('ts', '{monaco} {height: 200} extra')?.problems).toEqual(['Unrecognised text after {monaco}: "extra"'])
    expect(parseMonacoInfo('ts', '{monaco-write}')).toMatchObject({ kind: 'monaco', problems: [expect.stringContaining('{monaco-write}')] })
    expect(parseMonacoInfo('ts', '{monaco-play}')).toMatchObject({ kind: 'monaco', problems: [expect.stringContaining('Unknown Monaco block {monaco-play}')] })
  })
})

describe('splitDiff and monacoLanguage', () => {
  it('cuts a diff at its first ~~~ line (spaces around allowed)', () => {
    expect(splitDiff('a\nb\n~~~\nc')).toEqual({ original: 'a\nb', modified: 'c' })
    expect(splitDiff('a\n  ~~~  \nc\n~~~\nd')).toEqual({ original: 'a', modified: 'c\n~~~\nd' })
    expect(splitDiff('a ~~~ b')).toEqual({ original: 'a ~~~ b' })
  })

  it("maps a fence's language to Monaco's, plain text for the ones without a grammar", () => {
    expect(['ts', 'TypeScript', 'tsx', 'js', 'mjs', 'json', 'css', 'html', 'md', 'py', ''].map(monacoLanguage)).toEqual(['typescript', 'typescript', 'typescript', 'javascript', 'javascript', 'json', 'css', 'html', 'markdown', 'plaintext', 'plaintext'])
  })
})

describe('Monaco blocks compiled', () => {
  it('become the Monaco component holding the code highlighted at build time', async () => {
    const { code, blocks, analyzed } = await compile("```ts {monaco} {height: 'auto'}\nconst a: number = 1\n```")
    expect(analyzed.messages).toEqual([])
    expect(code).toContain('import Monaco from "/src/components/Monaco.tsx"')
    expect(blocks).toEqual([{ kind: 'monaco', language: 'typescript', code: 'const a: number = 1', options: { height: 'auto' } }])
    // The static form: a shiki block inside the component (print, reader, thumbnails, the prerendered page).
    expect(code).toMatch(/_jsx\(Monaco,\{"block":.*"className":"shiki shiki-themes vitesse-light vitesse-dark"/)
  })

  it('{monaco-diff} holds both sides, each highlighted; `{lines: true}` numbers the static code', async () => {
    const { blocks, code } = await compile('```js {monaco-diff} {lines: true}\nlet a = 1\n~~~\nlet a = 2\n```')
    expect(blocks).toEqual([{ kind: 'monaco-diff', language: 'javascript', code: 'let a = 1', modified: 'let a = 2', options: { lines: true } }])
    expect(code.match(/"className":"shiki shiki-themes vitesse-light vitesse-dark line-numbers"/g)).toHaveLength(2)
  })

  it('`showOutputAt` is a click counted in document order, like a v-click', async () => {
    const { analyzed, blocks } = await compile("<p v-click>first</p>\n\n```ts {monaco-run} {showOutputAt: '+1'}\nconsole.log(1)\n```\n\n<p v-click>after</p>")
    expect(analyzed.clicks).toBe(3)
    expect(blocks[0]?.outputSince).toBe(2)
    const absolute = await compile('```ts {monaco-run} {showOutputAt: 4}\nconsole.log(1)\n```')
    expect(absolute.blocks[0]?.outputSince).toBe(4)
    expect(absolute.analyzed.clicks).toBe(4)
  })

  it('a snippet with {monaco} is an editor holding the file region', async () => {
    const { blocks, analyzed } = await compile('<<< @/snippets/parity.ts#multiplier {monaco}')
    expect(analyzed.messages).toEqual([])
    expect(blocks).toEqual([{ kind: 'monaco', language: 'typescript', code: expect.stringContaining('export function multiplier(reserveRatio: number): number {'), options: {} }])
  })

  it('warns with the line and keeps the code: a diff without ~~~, a run of a language it cannot run, bad options', async () => {
    const { analyzed, blocks } = await compile("# T\n\n```ts {monaco-diff}\nlet a = 1\n```\n\n```py {monaco-run}\nprint(1)\n```\n\n```ts {monaco} {autorun: 'x'}\nlet b = 2\n```")
    expect(analyzed.messages).toEqual([
      { line: 3, message: '{monaco-diff} needs a ~~~ line between the original code and the modified one; the block is an editor, {monaco}' },
      { line: 7, message: '{monaco-run} runs JavaScript and TypeScript; this py block is an editor, {monaco}' },
      { line: 11, message: `Monaco option autorun: "x" is not true, false or 'once'; it is left out` },
    ])
    expect(blocks.map((b) => [b.kind, b.code])).toEqual([
      ['monaco', 'let a = 1'],
      ['monaco', 'print(1)'],
      ['monaco', 'let b = 2'],
    ])
  })
})

describe('formatValue', () => {
  it('shows values as a browser console does, in one line', () => {
    expect(formatLogLine(['total', 350])).toBe('total 350')
    expect(formatValue({ owner: 'Ann', balance: 100, 'two words': true })).toBe("{ owner: 'Ann', balance: 100, 'two words': true }")
    expect(formatValue([1, 'a', null, undefined, 10n])).toBe("[1, 'a', null, undefined, 10n]")
    expect(formatValue(new Map([['rate', 0.1]]))).toBe("Map(1) { 'rate' => 0.1 }")
    expect(formatValue(new Set([1, 2]))).toBe('Set(2) { 1, 2 }')
    expect(formatValue(new TypeError('bad'))).toBe('TypeError: bad')
    expect(formatValue(function named() {})).toBe('[Function: named]')
    expect(formatValue(new Date(0))).toBe('1970-01-01T00:00:00.000Z')
    expect(formatValue(/a+/g)).toBe('/a+/g')
    expect(formatValue(-0)).toBe('-0')
    class Point {
      constructor(
        readonly x: number,
        readonly y: number,
      ) {}
    }
    expect(formatValue(new Point(1, 2))).toBe('Point { x: 1, y: 2 }')
    expect(formatValue({})).toBe('{}')
  })

  it('survives cycles, deep nesting and long lists', () => {
    const cycle: Record<string, unknown> = { name: 'loop' }
    cycle.self = cycle
    expect(formatValue(cycle)).toBe("{ name: 'loop', self: [Circular] }")
    expect(formatValue({ a: { b: { c: { d: 1 } } } })).toBe('{ a: { b: { c: [Object] } } }')
    expect(formatValue(Array.from({ length: 60 }, (_, i) => i))).toMatch(/, 49, … 10 more\]$/)
    expect(formatValue('x'.repeat(3000))).toHaveLength(2001)
  })
})
