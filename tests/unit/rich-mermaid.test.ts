// Mermaid fences at build time: option parsing, the diagram element, and warnings naming the broken diagram's line.
import { describe, expect, it } from 'vitest'
import type { Element, Root } from 'hast'
import { visit } from 'unist-util-visit'
import { parseMermaidOptions } from '../../plugin/markdown/mermaid-options'
import { findDiagramProblem } from '../../plugin/markdown/mermaid-check'
import { analyzeSlide, highlightSlide, type SlideCompileOptions } from '../../plugin/markdown/pipeline'
import { slideModuleCode } from '../../plugin/markdown/to-module'

const options: SlideCompileOptions = {
  total: 5,
  frontmatter: {},
  mermaid: { theme: 'neutral' },
  lineNumbers: false,
  codeCopy: false,
  publicDir: '/nonexistent/public',
  deckDir: '/nonexistent',
}

function diagrams(hast: Root): Element[] {
  const found: Element[] = []
  visit(hast, 'element', (node: Element) => {
    if (node.tagName === 'deck-mermaid') found.push(node)
  })
  return found
}

describe('parseMermaidOptions: a JavaScript object literal, parsed, never run', () => {
  const ok: [string | undefined, Record<string, unknown>][] = [
    [undefined, {}],
    ['', {}],
    ['   ', {}],
    ["{theme: 'neutral', scale: 1.25}", { theme: 'neutral', scale: 1.25 }],
    ['{ scale: 0.4 }', { scale: 0.4 }],
    ['{"theme": "dark", "scale": 1}', { theme: 'dark', scale: 1 }],
    ["{theme: 'neutral', themeVariables: { primaryColor: '#fff', fontSize: '14px' }, flowchart: { curve: 'basis' }}", { theme: 'neutral', themeVariables: { primaryColor: '#fff', fontSize: '14px' }, flowchart: { curve: 'basis' } }],
    ['{a: [1, 2, 3], b: true, c: false, d: null,}', { a: [1, 2, 3], b: true, c: false, d: null }],
    ["{title: 'it\\'s'}", { title: "it's" }],
    ['{scale: .5}', { scale: 0.5 }],
  ]
  it.each(ok)('%j → options', (meta, expected) => {
    const result = parseMermaidOptions(meta)
    expect(result.error).toBeUndefined()
    expect(result.options).toEqual(expected)
  })

  const bad: [string, RegExp][] = [
    ['theme: neutral', /must be written as \{key: value, …\}/],
    ['{theme: neutral}', /"neutral" is not a value/],
    ["{theme: 'neutral'", /expected "," or "\}" but the text ended/],
    ["{theme: 'neutral' scale: 1}", /expected "," or "\}" but found "s"/],
    ['{scale: alert(1)}', /"alert" is not a value/],
    ['{scale: `${alert(1)}`}', /template expressions are not allowed/],
    ['{__proto__: {polluted: true}}', /the key "__proto__" is not allowed/],
    ["{constructor: {prototype: {x: 1}}}", /the key "constructor" is not allowed/],
    ["{scale: 'big'}", /"scale" must be a number above 0, got "big"/],
    ['{scale: 0}', /"scale" must be a number above 0/],
    ['{scale: -1}', /"scale" must be a number above 0/],
    ["{theme: 'a'} trailing", /unexpected text after the options/],
    ["{theme: 'unclosed}", /a string is not closed/],
  ]
  it.each(bad)('%j → a clear error', (meta, message) => {
    const result = parseMermaidOptions(meta)
    expect(result.error).toMatch(message)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('keeps the valid options when only scale is wrong', () => {
    expect(parseMermaidOptions("{theme: 'forest', scale: 'big'}").options).toEqual({ theme: 'forest' })
  })
})

describe('remark-mermaid: fences become diagram boxes', () => {
  it('passes the code and the merged options (deck defaults, fence wins) to the Mermaid component', () => {
    const slide = analyzeSlide("# 图\n\n```mermaid {scale: 1.25, theme: 'forest'}\nflowchart LR\n  A[存款] --> B[贷款]\n```\n\n```mermaid\npie\n  \"a\" : 1\n```\n", options)
    const [first, second] = diagrams(slide.hast)
    expect(first!.properties.code).toBe('flowchart LR\n  A[存款] --> B[贷款]')
    expect(JSON.parse(String(first!.properties.options))).toEqual({ theme: 'forest', scale: 1.25 })
    expect(JSON.parse(String(second!.properties.options))).toEqual({ theme: 'neutral' })
    expect(slide.messages).toEqual([])
  })

  it('emits a module that imports the Mermaid component and hands it code and options', async () => {
    const slide = analyzeSlide('```mermaid {scale: 0.4}\nflowchart TD\n  A --> B\n```', options)
    const code = slideModuleCode({ no: 1, hast: await highlightSlide(slide.hast, options), noteHtml: '' })
    expect(code).toContain('import Mermaid from "/src/components/Mermaid.tsx"')
    expect(code).toContain('_jsx(Mermaid,{"code":"flowchart TD\\n  A --> B","options":"{\\"theme\\":\\"neutral\\",\\"scale\\":0.4}"}')
  })

  it('leaves other fences alone (a mermaid block in a ```md fence is text)', () => {
    const slide = analyzeSlide('````md\n```mermaid\nflowchart TD\n```\n````', options)
    expect(diagrams(slide.hast)).toEqual([])
  })

  it('warns about bad options with the fence line and still draws the diagram with the defaults', () => {
    const slide = analyzeSlide('text\n\n```mermaid {scale: big}\nflowchart TD\n  A --> B\n```', options)
    expect(diagrams(slide.hast)).toHaveLength(1)
    expect(JSON.parse(String(diagrams(slide.hast)[0]!.properties.options))).toEqual({ theme: 'neutral' })
    expect(slide.messages).toEqual([{ line: 3, message: expect.stringMatching(/^Mermaid options ignored: "big" is not a value/) }])
  })

  it('refuses securityLevel "loose" (diagram links could run script)', () => {
    const slide = analyzeSlide("```mermaid {securityLevel: 'loose'}\nflowchart TD\n  A --> B\n```", options)
    expect(JSON.parse(String(diagrams(slide.hast)[0]!.properties.options))).toEqual({ theme: 'neutral' })
    expect(slide.messages[0]!.message).toMatch(/securityLevel: "loose" would let diagram links run script/)
  })

  it('warns (never throws) about each broken diagram of spec.md section 8, naming its line', () => {
    const big = `flowchart TD\n${'  A --> B\n'.repeat(5001)}`
    const content = [
      '# 坏图', // 1
      '', // 2
      '```mermaid', // 3
      'graph TD', // 4
      '  A[开始] --> B(', // 5
      '  B -->> C((', // 6
      '```', // 7
      '',
      '```mermaid', // 9
      '---',
      'title: [未闭合',
      '---',
      'graph TD',
      '```', // 14
      '',
      '```mermaid', // 16
      'notADiagram',
      '```',
      '',
      '```mermaid', // 20
      big,
      '```',
    ].join('\n')
    const slide = analyzeSlide(content, options)
    expect(diagrams(slide.hast)).toHaveLength(4)
    const messages = slide.messages.map((m) => `${m.line}: ${m.message}`)
    expect(messages).toHaveLength(4)
    expect(messages[0]).toMatch(/^6: Broken mermaid diagram \(syntax error\): Parse error on line 3/)
    expect(messages[1]).toMatch(/^\d+: Broken mermaid diagram \(invalid front-matter\)/)
    expect(slide.messages[1]!.line).toBeGreaterThanOrEqual(9)
    expect(messages[2]).toMatch(/^16: Broken mermaid diagram \(unknown diagram type\): No diagram type detected/)
    expect(messages[3]).toMatch(/^20: Broken mermaid diagram \(its text is too long\): Maximum text size in diagram exceeded \(\d+ characters; the limit is 50000\)/)
  })

  it("a build's deferred check ('later') finds the same problems without blocking the analysis", async () => {
    const content = ['# 坏图', '', '```mermaid', 'graph TD', '  A[开始] --> B(', '  B -->> C((', '```', '', '```mermaid', 'notADiagram', '```'].join('\n')
    const now = analyzeSlide(content, options)
    const later = analyzeSlide(content, { ...options, checkDiagrams: 'later' })
    expect(later.messages).toEqual([])
    expect(diagrams(later.hast)).toHaveLength(2)
    expect(await later.later).toEqual(now.messages)
    expect(await now.later).toEqual([])
  })
})

describe('findDiagramProblem: mermaid itself judges the text', () => {
  const cases: [string, string | null][] = [
    ['flowchart LR\n  A[客户] --> B(钱庄)', null],
    ['pie title 资产\n  "贷款" : 58\n  "其他" : 42', null],
    ['---\ntitle: 流程\n---\nflowchart TD\n  A --> B', null],
    ['graph TD\n  A --> B(', 'syntax'],
    ['pie\n  "a" 1', 'syntax'],
    ['---\ngraph TD\n  A --> B', 'front-matter'],
    ['---\ntitle: [x\n---\ngraph TD\n  A --> B', 'front-matter'],
    ['notADiagram\n  A --> B', 'not-found'],
    ['', 'not-found'],
    ['x'.repeat(50_001), 'too-large'],
  ]
  it.each(cases)('%j → %s', (code, kind) => {
    expect(findDiagramProblem(code)?.kind ?? null).toBe(kind)
  })
})
