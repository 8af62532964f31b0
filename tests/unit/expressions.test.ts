// Slide expressions (`{{ … }}`, `:attr`, `v-if`/`v-else-if`/`v-else`, `v-show`): what the compiler accepts and
// refuses, that a slide's module holds plain functions (no eval, no Function constructor), and what they evaluate to
// in a slide's context at each click and in the static forms.
import { describe, expect, it } from 'vitest'
import { resolve } from 'node:path'
import { compileExpression } from '../../plugin/markdown/expressions'
import { analyzeSlide } from '../../plugin/markdown/pipeline'
import { slideModuleCode } from '../../plugin/markdown/to-module'
import { displayText, expressionContext, type ExpressionContext, type ExpressionInput } from '../../src/logic/expression-context'

const root = resolve(import.meta.dirname, '../..')
const options = { frontmatter: {}, mermaid: {}, lineNumbers: false, codeCopy: false, publicDir: resolve(root, 'public'), deckDir: root, checkDiagrams: false as const, configs: { title: 'Talk', secret: 'hunter2' } }

const slide: ExpressionInput = { no: 3, clicks: 1, slideClicks: 2, total: 12, frontmatter: { subtitle: 'sub', items: ['a', 'b', 'c'] }, layout: 'center', renderContext: 'slide', position: { no: 3, clicks: 1, clicksTotal: 2 }, isPresenter: false }

/** The expression compiled, then run as the slide's module runs it (the test builds the function; the engine never does). */
function run(expression: string, input: Partial<ExpressionInput> = {}, configs: Record<string, unknown> = {}): unknown {
  const compiled = compileExpression(expression, { configs })
  if ('problem' in compiled) throw new Error(compiled.problem)
  const fn = new Function('c', `return (${compiled.code})`) as (c: ExpressionContext) => unknown
  return fn(expressionContext({ ...slide, ...input }))
}

describe('the expression compiler', () => {
  it.each([
    ['$page', 3],
    ['$clicks', 1],
    ["$clicks > 0 ? 'after' : 'before'", 'after'],
    ['$nav.currentPage + " / " + $nav.total', '3 / 12'],
    ['$slidev.nav.clicksTotal', 2],
    ['$frontmatter.subtitle.toUpperCase()', 'SUB'],
    ['$frontmatter.items[$clicks]', 'b'],
    ['$frontmatter.missing?.deeper', undefined],
    ['$frontmatter.missing.deeper', undefined],
    ['`Slide ${$page}`', 'Slide 3'],
    ['Math.max($page, 10) * 2', 20],
    ['(0.5).toFixed(2)', '0.50'],
    ['[1, 2, $page].join("-")', '1-2-3'],
    ['({ on: $clicks >= 1, "is-x": true })', { on: true, 'is-x': true }],
    ['!$nav.isPresenter && $renderContext === "slide"', true],
    ['$nav.hasNext', true],
    ["$slidev.configs.title + '!'", 'Talk!'],
  ])('accepts %s', (expression, value) => {
    expect(run(expression, {}, { title: 'Talk' })).toEqual(value)
  })

  it.each([
    ['window.location', /uses "window", which a slide does not know/],
    ['alert(1)', /calls alert\(\)/],
    ['$nav.next()', /calls the method next\(\)/],
    ['$frontmatter.constructor', /reads "constructor"/],
    ['$frontmatter["__proto__"]', /reads "__proto__"/],
    ['x = 1', /an assignment/],
    ['$page++', /an increment/],
    ['(() => 1)()', /calls something that is not a known function/],
    ['() => 1', /a function/],
    ['new Date()', /"new"/],
    ['this', /"this"/],
    ['$page, 2', /a comma sequence/],
    ['"x".match(/x/)', /regular expression/],
    ['$slidev.configs', /whole; name a key/],
    ['$page; alert(1)', /has text after its expression/],
    ['1 +', /is not an expression/],
    ['', /is empty/],
  ])('refuses %s', (expression, problem) => {
    const compiled = compileExpression(expression)
    expect(compiled).toEqual({ problem: expect.stringMatching(problem) })
  })

  it('writes a headmatter value in, and only the ones named (the rest of the headmatter never reaches the page)', () => {
    const compiled = compileExpression("$slidev.configs.title + ' ' + $page", { configs: options.configs })
    expect(compiled).toEqual({ code: '(("Talk")+(" "))+(c.$page)', names: ['$page'] })
  })

  it('guards reads and calls at run time too: no function, no constructor, only the pure methods of data', () => {
    const c = expressionContext(slide)
    expect(c.get({ a: 1 }, 'a')).toBe(1)
    expect(c.get('abc', 'length')).toBe(3)
    expect(c.get({}, 'constructor')).toBeUndefined()
    expect(c.get('abc', 'toUpperCase')).toBeUndefined()
    expect(c.call({ join: () => 'x' }, 'join', [])).toBeUndefined()
    expect(c.call('abc', 'toUpperCase', [])).toBe('ABC')
    expect(c.call('abc', 'constructor', [])).toBeUndefined()
    expect(c.fn('eval', ['1'])).toBeUndefined()
  })
})

describe('the context at each click and in the static forms', () => {
  it('counts the print step (99999 included) to the slide’s click count, and a static page is its own current page', () => {
    expect(run('$clicks', { clicks: 99999, renderContext: 'print', position: null })).toBe(2)
    expect(run('[$nav.currentPage, $nav.clicks, $nav.isPrintMode]', { no: 5, clicks: 99999, renderContext: 'print', position: null })).toEqual([5, 2, true])
    // Played, $nav is where the deck is (a presenter's preview of the next slide still sees the current page).
    expect(run('[$page, $nav.currentPage]', { no: 4, clicks: 0, position: { no: 3, clicks: 2, clicksTotal: 2 } })).toEqual([4, 3])
  })

  it('shows text as Vue does', () => {
    expect([displayText(undefined), displayText(null), displayText(3), displayText(false), displayText([1, 2])]).toEqual(['', '', '3', 'false', '[\n  1,\n  2\n]'])
  })
})

describe('expressions in a slide', () => {
  const compile = (content: string) => {
    const analyzed = analyzeSlide(content, options)
    return { analyzed, code: slideModuleCode({ no: 1, hast: analyzed.hast, noteHtml: '' }) }
  }

  it('compile into functions of the slide module, which imports the Live component only when it has any', () => {
    const { code, analyzed } = compile('<p :title="\'Step \' + $clicks" v-show="$clicks > 0">{{ $page }}</p>\n\n<b v-if="$clicks">a</b>\n<i v-else>b</i>')
    expect(analyzed.messages).toEqual([])
    expect(code).toContain('import _Live from "/src/components/Live.tsx"')
    expect(code).toContain('"bind":(c)=>({"title":(("Step ")+(c.$clicks))})')
    expect(code).toContain('"show":(c)=>((c.$clicks)>(0))')
    expect(code).toContain('_jsx(_Live,{text:(c)=>(c.$page)}')
    expect(code).toMatch(/_jsx\(_Live,\{branches:\[\[\(c\)=>\(c\.\$clicks\),_jsx\("b".*\],\[null,_jsx\("i"/)
    expect(code).not.toMatch(/\beval\b|\bFunction\b/)
    expect(compile('# Plain\n\n<p :title="\'literal\'">x</p>').code).not.toContain('Live')
  })

  it('an expression outside the context is a warning naming its line; code keeps {{ }} as written', () => {
    const { analyzed, code } = compile('# T\n\n<p :title="window.name">a</p>\n\n{{ document.cookie }}\n\n<p v-if="fetch()">c</p>\n\n`{{ $page }}`')
    expect([...analyzed.messages].sort((a, b) => (a.line ?? 0) - (b.line ?? 0))).toEqual([
      { line: 3, message: expect.stringMatching(/^":title" was dropped: the expression uses "window"/) },
      { line: 5, message: expect.stringMatching(/^"\{\{ document\.cookie \}\}" was left as text: the expression uses "document"/) },
      { line: 7, message: expect.stringMatching(/^"v-if" was dropped: the expression calls fetch\(\)/) },
    ])
    expect(code).toContain('"children":"{{ $page }}"')
    expect(code).toContain('{{ document.cookie }}')
  })

  it('a v-else with no v-if is shown with a warning; an event handler binding is dropped', () => {
    const { analyzed } = compile('<p v-else>x</p>\n\n<button :onclick="$page">y</button>')
    expect(analyzed.messages.map((m) => m.message)).toEqual(['"v-else" has no "v-if" before it; the element is always shown', '":onclick" was dropped: event handlers are not supported in slides'])
  })

  it('a click inside a v-if branch is counted in document order', () => {
    const { analyzed } = compile('<p v-click>1</p>\n\n<div v-if="$clicks > 0"><p v-click>2</p></div>\n<div v-else>none</div>')
    expect(analyzed.clicks).toBe(2)
  })
})
