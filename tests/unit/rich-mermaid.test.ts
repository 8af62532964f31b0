// Mermaid fences at build time: option parsing, the diagram element, and warnings naming the broken diagram's line.
import { describe, expect, it } from 'vitest'
import type { Element, Root } from 'hast'
import { visit } from 'unist-util-visit'
import { parseMermaidOptions } from '../../plugin/markdown/mermaid-options'
import { spawnSync } from 'node:child_process'
import { join, resolve } from 'node:path'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { createDiagramChecker, fileVerdictCache, findDiagramProblem } from '../../plugin/markdown/mermaid-check'
import { analyzeSlide, highlightSlide, type SlideCompileOptions } from '../../plugin/markdown/pipeline'
import { slideModuleCode } from '../../plugin/markdown/to-module'

const root = resolve(import.meta.dirname, '../..')

const options: SlideCompileOptions = {
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
  it('passes the code and the merged options (deck defaults, fence wins) to the Mermaid component', async () => {
    const slide = analyzeSlide("# 图\n\n```mermaid {scale: 1.25, theme: 'forest'}\nflowchart LR\n  A[存款] --> B[贷款]\n```\n\n```mermaid\npie\n  \"a\" : 1\n```\n", options)
    const [first, second] = diagrams(slide.hast)
    expect(first!.properties.code).toBe('flowchart LR\n  A[存款] --> B[贷款]')
    expect(JSON.parse(String(first!.properties.options))).toEqual({ theme: 'forest', scale: 1.25 })
    expect(JSON.parse(String(second!.properties.options))).toEqual({ theme: 'neutral' })
    expect(slide.messages).toEqual([])
    expect(await slide.later).toEqual([])
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

  it('warns (never throws) about each broken diagram of spec.md section 8, naming its line', async () => {
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
    expect(slide.messages).toEqual([])
    const found = await slide.later
    const messages = found.map((m) => `${m.line}: ${m.message}`)
    expect(messages).toHaveLength(4)
    expect(messages[0]).toMatch(/^6: Broken mermaid diagram \(syntax error\): Parse error on line 3/)
    expect(messages[1]).toMatch(/^\d+: Broken mermaid diagram \(invalid front-matter\)/)
    expect(found[1]!.line).toBeGreaterThanOrEqual(9)
    expect(messages[2]).toMatch(/^16: Broken mermaid diagram \(unknown diagram type\): No diagram type detected/)
    expect(messages[3]).toMatch(/^20: Broken mermaid diagram \(its text is too long\): Maximum text size in diagram exceeded \(\d+ characters; the limit is 50000\)/)
  })

  it('compiles the slide before mermaid answers, and checks nothing when told not to', async () => {
    const content = ['# 坏图', '', '```mermaid', 'graph TD', '  A[开始] --> B(', '```'].join('\n')
    const checked = analyzeSlide(content, options)
    let answered = false
    void checked.later.then(() => (answered = true))
    // The tree and the click count are there at once; mermaid's verdict comes from its worker afterwards.
    expect(diagrams(checked.hast)).toHaveLength(1)
    expect(answered).toBe(false)
    expect(await checked.later).toEqual([{ line: 5, message: expect.stringMatching(/^Broken mermaid diagram \(syntax error\)/) }])
    const unchecked = analyzeSlide(content, { ...options, checkDiagrams: false })
    expect(diagrams(unchecked.hast)).toHaveLength(1)
    expect(await unchecked.later).toEqual([])
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
  it.each(cases)('%j → %s', async (code, kind) => {
    expect((await findDiagramProblem(code))?.kind ?? null).toBe(kind)
  })
})

describe("the check runs in mermaid's worker: nothing waits for it", () => {
  it('keeps the event loop running while a check is in flight (a timer fires before the verdict)', async () => {
    // A checker of its own: its first verdict waits for a new worker to load mermaid, the slowest check there is.
    const checker = createDiagramChecker()
    try {
      const events: string[] = []
      const verdict = checker.check('graph TD\n  A --> B(').then((problem) => events.push(`verdict: ${problem?.kind}`))
      const ticks = setInterval(() => events.push('tick'), 1)
      await verdict
      clearInterval(ticks)
      expect(events.at(-1)).toBe('verdict: syntax')
      expect(events.filter((e) => e === 'tick').length).toBeGreaterThan(1)
    } finally {
      await checker.close()
    }
  })

  it('answers checks made together, each with its own verdict', async () => {
    const codes = ['flowchart LR\n  A --> B', 'graph TD\n  A --> B(', 'notADiagram', 'pie\n  "a" : 1']
    const found = await Promise.all(codes.map((code) => findDiagramProblem(code)))
    expect(found.map((p) => p?.kind ?? null)).toEqual([null, 'syntax', 'not-found', null])
  })

  it('held (a dev server starting): kept verdicts answer at once, the others wait for the hold and then for mermaid', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'deck-diagram-checks-')), 'checks.json')
    const cache = fileVerdictCache(file, '11.0.0')
    cache.set('flowchart LR\n  kept --> verdict', { ok: true })
    let open = () => {}
    const hold = new Promise<void>((done) => (open = done))
    const checker = createDiagramChecker({ cache, held: () => hold })
    try {
      expect(await checker.check('flowchart LR\n  kept --> verdict')).toBeNull()
      let settled = false
      const waiting = checker.check('graph TD\n  A --> B(').then((problem) => ((settled = true), problem))
      // A checker not held, asked at the same moment, loads mermaid and answers; the held one has not even started.
      const unheld = createDiagramChecker()
      expect((await unheld.check('graph TD\n  A --> B(').finally(() => unheld.close()))?.kind).toBe('syntax')
      expect(settled).toBe(false)
      const opened = performance.now()
      open()
      expect((await waiting)?.kind).toBe('syntax')
      // Its worker started only now: loading mermaid takes it far longer than a verdict from a loaded one.
      expect(performance.now() - opened).toBeGreaterThan(100)
    } finally {
      await checker.close()
    }
  })

  it('after close, a waiting check gets no verdict (null) instead of hanging', async () => {
    const checker = createDiagramChecker()
    const waiting = checker.check('graph TD\n  A --> B(')
    await checker.close()
    expect(await waiting).toBeNull()
  })

  it("keeps mermaid's verdicts for the next process, by mermaid's version, and only its own answers", async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'deck-diagram-checks-')), 'checks.json')
    const broken = 'graph TD\n  A --> B('
    const kept = fileVerdictCache(file, '11.0.0')
    const first = createDiagramChecker({ cache: kept })
    const problem = await first.check(broken)
    expect(problem?.kind).toBe('syntax')
    // Closed with a check waiting: no verdict, and nothing kept for it.
    const unanswered = first.check('flowchart LR\n  never --> answered')
    await first.close()
    expect(await unanswered).toBeNull()
    kept.save()
    const cache = fileVerdictCache(file, '11.0.0')
    expect(cache.get(broken)?.ok).toBe(false)
    expect(cache.get('flowchart LR\n  never --> answered')).toBeUndefined()
    expect(fileVerdictCache(file, '12.0.0').get(broken)).toBeUndefined()
    // The next process's checker answers from the file: the same problem, without asking mermaid.
    const next = createDiagramChecker({ cache })
    expect(await next.check(broken)).toEqual(problem)
    await next.close()
  })

  it('takes a verdict from the file without asking mermaid; a broken file is an empty cache', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'deck-diagram-checks-'))
    const file = join(dir, 'checks.json')
    const valid = 'flowchart LR\n  A --> B'
    const planted = fileVerdictCache(file, '11.0.0')
    // Mermaid would find nothing wrong with this text: the problem can only come from the file.
    planted.set(valid, { ok: false, name: 'Error', message: 'Parse error on line 2: planted' })
    planted.save()
    const checker = createDiagramChecker({ cache: fileVerdictCache(file, '11.0.0') })
    expect(await checker.check(valid)).toMatchObject({ kind: 'syntax', line: 2 })
    await checker.close()
    writeFileSync(file, '{ not json')
    const fresh = createDiagramChecker({ cache: fileVerdictCache(file, '11.0.0') })
    expect(await fresh.check(valid)).toBeNull()
    await fresh.close()
  })

  it('does not keep a script alive once its checks are answered (the worker lets Node exit)', () => {
    const script = [
      "import { findDiagramProblem } from './plugin/markdown/mermaid-check.ts'",
      // A text never checked before: mermaid's verdicts kept from earlier runs would answer without the worker.
      `const problem = await findDiagramProblem('graph TD\\n  A${Date.now()} --> B(')`,
      'console.log(problem?.kind, problem?.line)',
    ].join('\n')
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, encoding: 'utf8', timeout: 60_000 })
    expect(run.error).toBeUndefined()
    expect(run.stdout.trim()).toMatch(/^syntax \d+$/)
    expect(run.status).toBe(0)
  })
})
