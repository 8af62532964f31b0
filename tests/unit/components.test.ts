// Components in slides: Slidev's built-ins compiled into slide modules with their props (bound ones as values), a
// deck's own components found by file name beside the deck, unknown tags warned about with slide and line, and the
// engine free of any deck's component names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { tmpdir } from 'node:os'
import { analyzeSlide } from '../../plugin/markdown/pipeline'
import { slideModuleCode } from '../../plugin/markdown/to-module'
import { DeckState } from '../../plugin/deck/state'
import { resolveDeckOptions } from '../../plugin/options'
import { deckModules, SLIDE_PREFIX } from '../../plugin/deck/modules'
import { tocEntries, type TocItem, type TocSlide } from '../../src/logic/toc'
import { embedUrl, watchUrl, youtubeVideo } from '../../src/logic/youtube'

const root = resolve(import.meta.dirname, '../..')
const options = { frontmatter: {}, mermaid: {}, lineNumbers: false, codeCopy: false, publicDir: resolve(root, 'public'), deckDir: root, checkDiagrams: false as const }

/** A slide's module code and warnings, compiled alone. */
function compile(content: string) {
  const analyzed = analyzeSlide(content, options)
  return { code: slideModuleCode({ no: 1, hast: analyzed.hast, noteHtml: '' }), messages: analyzed.messages }
}

/** The props object the module passes to `Name` (its first use). */
function propsOf(code: string, name: string): Record<string, unknown> {
  const start = code.indexOf(`(${name},`)
  if (start < 0) throw new Error(`${name} is not used in:\n${code}`)
  // The props are JSON-like up to the element's key (children aside, which these tests do not read).
  const text = code.slice(start + name.length + 2, code.indexOf(`},"deck-`, start) + 1)
  return JSON.parse(text.replace(/"children":\[.*\]/s, '"children":null'))
}

describe('built-in components', () => {
  it.each([
    ['<Toc />', 'Toc'],
    ['<Arrow x1="1" y1="2" x2="3" y2="4" />', 'Arrow'],
    ['<Transform :scale="0.5">\n\ntext\n\n</Transform>', 'Transform'],
    ['<SlideCurrentNo />', 'SlideCurrentNo'],
    ['<SlidesTotal />', 'SlidesTotal'],
    ['<Youtube id="luoMHjh-XcQ" />', 'Youtube'],
    ['<Link to="2">two</Link>', 'SlideLink'],
  ])('%s compiles to an import of the engine component, with no warning', (content, name) => {
    const { code, messages } = compile(content)
    expect(messages).toEqual([])
    expect(code).toMatch(new RegExp(`^import ${name} from "/src/components/(builtin/)?${name}\\.tsx"$`, 'm'))
    expect(code).toContain(`(${name},`)
  })

  it('props arrive as the component names them: camelCase from any spelling, bound values as values', () => {
    const { code } = compile('<Toc minDepth="2" :max-depth="3" mode="onlySiblings" v-bind="{ columns: 2 }" />')
    expect(propsOf(code, 'Toc')).toEqual({ minDepth: '2', maxDepth: 3, mode: 'onlySiblings', columns: 2 })
    const arrow = propsOf(compile('<Arrow x1="10" y1="20" x2="100" y2="200" two-way color="red" :width="4" />').code, 'Arrow')
    expect(arrow).toEqual({ x1: '10', y1: '20', x2: '100', y2: '200', twoWay: '', color: 'red', width: 4 })
    expect(propsOf(compile('<Transform :scale="0.5" origin="top center">\n\nx\n\n</Transform>').code, 'Transform')).toMatchObject({ scale: 0.5, origin: 'top center' })
  })

  it('a binding on an HTML element becomes its attribute; one that needs script is dropped with a warning', () => {
    const { code } = compile('<img src="/favicon.svg" alt="" :width="200" :class="[\'a\', \'b\']">')
    expect(code).toContain('"width":"200"')
    expect(code).toContain('"className":"a b"')
    const dropped = compile('<Transform :scale="zoom * 2">x</Transform>')
    expect(dropped.messages.map((m) => m.message)).toEqual([expect.stringMatching(/^":scale" was dropped: the expression uses "zoom", which a slide does not know/)])
    expect(propsOf(dropped.code, 'Transform')).not.toHaveProperty('scale')
  })

  it('a bound script address on a link is made harmless', () => {
    const { code } = compile(`<Link :to="'javascript:alert(1)'">x</Link>`)
    expect(code).toContain('"href":"about:blank"')
    expect(code).not.toContain('javascript:')
  })
})

describe("a deck's own components", () => {
  let dir: string
  let state: DeckState
  const deckFile = () => join(dir, 'deck.md')

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'deck-components-'))
    mkdirSync(join(dir, 'components', 'charts'), { recursive: true })
    writeFileSync(join(dir, 'components', 'Gauge.tsx'), 'export default function Gauge() { return null }\n')
    writeFileSync(join(dir, 'components', 'charts', 'BarChart.jsx'), 'export default function BarChart() { return null }\n')
    writeFileSync(join(dir, 'components', 'Toc.tsx'), 'export default function Toc() { return null }\n')
    writeFileSync(join(dir, 'components', 'helpers.ts'), 'export const x = 1\n')
    writeFileSync(join(dir, 'components', 'charts', 'Gauge.tsx'), 'export default function Gauge() { return null }\n')
    writeFileSync(deckFile(), ['# One', '', '<Gauge value="3" />', '', '---', '', '# Two', '', 'text', '', '<BarChart />', '', '<Nope a="1" />', '', '<Toc />', ''].join('\n'))
    state = new DeckState(resolveDeckOptions({ entry: deckFile() }))
    expect(state.load()).toEqual([])
  })

  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  const slideCode = async (no: number) => (await deckModules(state).load(`\0${SLIDE_PREFIX}${no}`))!.code

  it('are found by file name, in subfolders too, and imported by the slides that use them', async () => {
    expect(Object.keys(state.components.byTag).sort()).toEqual(['deck-bar-chart', 'deck-gauge', 'deck-toc'])
    const one = await slideCode(1)
    expect(one).toContain(`import Deck_Gauge from ${JSON.stringify(join(dir, 'components', 'Gauge.tsx'))}`)
    expect(one).toContain('_jsx(Deck_Gauge,{"value":"3"}')
    const two = await slideCode(2)
    expect(two).toContain(`import Deck_BarChart from ${JSON.stringify(join(dir, 'components', 'charts', 'BarChart.jsx'))}`)
    expect(two).not.toContain('Gauge')
  })

  it("replace a built-in of the same name (as Slidev's components/ does)", async () => {
    const two = await slideCode(2)
    expect(two).toContain(`import Deck_Toc from ${JSON.stringify(join(dir, 'components', 'Toc.tsx'))}`)
    expect(two).not.toContain('/src/components/builtin/Toc.tsx')
  })

  it('an unknown component tag is a warning naming slide and line; the tag stays as an element', async () => {
    const warnings = state.states.flatMap((s) => state.warnings(s))
    expect(warnings).toEqual([`slide 2 (${relative(root, deckFile())}:13): <Nope> is not a component: none is built in by that name, and there is no components/Nope.tsx beside the deck`])
    expect(await slideCode(2)).toContain('_jsx("deck-nope",{"a":"1"}')
  })

  it('two files of one name: the first is used, the other is a deck warning', () => {
    expect(state.deck!.warnings.map((w) => w.message)).toEqual([expect.stringMatching(/^components\/charts\/Gauge\.tsx is not used: .*components\/Gauge\.tsx already answers <Gauge>$/)])
  })

  it('a component file added later is picked up by the next load, and only the slides naming it are compiled again', () => {
    const before = state.states.map((s) => s.analyzed)
    writeFileSync(join(dir, 'components', 'Nope.tsx'), 'export default function Nope() { return null }\n')
    state.load()
    expect(state.states[0]!.analyzed).toBe(before[0])
    expect(state.states[1]!.analyzed).not.toBe(before[1])
    expect(state.states.flatMap((s) => state.warnings(s))).toEqual([])
  })
})

describe('the engine names no deck component', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name)
      return statSync(path).isDirectory() ? files(path) : [path]
    })

  it('src/, plugin/, shared/ and themes/ never mention the deck widgets', () => {
    const engine = ['src', 'plugin', 'shared', 'themes'].flatMap((d) => files(resolve(root, d)))
    const naming = engine.filter((file) => /ReserveRatioSimulator|MultiplierCalculator|money-widget|logic\/money/.test(readFileSync(file, 'utf8')))
    expect(naming).toEqual([])
  })
})

describe('table of contents', () => {
  const slides: TocSlide[] = [
    { no: 1, title: 'Deck', level: 1, frontmatter: {} },
    { no: 2, title: 'Agenda', level: 1, frontmatter: { hideInToc: true } },
    { no: 3, title: 'Part A', level: 1, frontmatter: {} },
    { no: 4, title: 'A.1', level: 2, frontmatter: {} },
    { no: 5, title: '', level: 1, frontmatter: {} },
    { no: 6, title: 'A.2', level: 2, frontmatter: {} },
    { no: 7, title: 'A.2.i', level: 3, frontmatter: {} },
    { no: 8, title: 'Part B', level: 1, frontmatter: {} },
    { no: 9, title: 'B.1', level: 2, frontmatter: {} },
    { no: 10, title: 'Unleveled', level: undefined, frontmatter: {} },
  ]
  /** The tree as `title*` (current) / `title+` (above the current) with children in brackets. */
  const shape = (items: TocItem[]): string =>
    items.map((i) => `${i.title}${i.active ? '*' : i.activeParent ? '+' : ''}${i.children.length ? `[${shape(i.children)}]` : ''}`).join(' ')

  it.each([
    [{}, 7, 'Deck Part A+[A.1 A.2+[A.2.i*]] Part B[B.1] Unleveled'],
    [{ maxDepth: 1 }, 3, 'Deck Part A* Part B Unleveled'],
    [{ minDepth: 2 }, 4, 'A.1* A.2[A.2.i]'],
    [{ minDepth: 2, maxDepth: 2 }, 7, 'A.1 A.2+'],
    [{ minDepth: 2 }, 1, ''],
    [{ mode: 'onlyCurrentTree' as const }, 6, 'Part A+[A.2*[A.2.i]]'],
    [{ mode: 'onlySiblings' as const }, 6, 'Deck Part A+[A.1 A.2*[A.2.i]] Part B Unleveled'],
    [{}, 2, 'Deck Part A[A.1 A.2[A.2.i]] Part B[B.1] Unleveled'],
  ])('%j on slide %i: %s', (options, current, expected) => {
    expect(shape(tocEntries(slides, current, options))).toBe(expected)
  })

  it('a hidden slide takes what nests under it out too, and untitled slides are not entries', () => {
    const hidden = slides.map((s) => (s.no === 3 ? { ...s, frontmatter: { hideInToc: true } } : s))
    expect(shape(tocEntries(hidden, 1))).toBe('Deck* Part B[B.1] Unleveled')
  })
})

describe('YouTube addresses', () => {
  it.each([
    ['luoMHjh-XcQ', { id: 'luoMHjh-XcQ', start: 0 }, 'https://www.youtube.com/watch?v=luoMHjh-XcQ', 'https://www.youtube-nocookie.com/embed/luoMHjh-XcQ?autoplay=1'],
    ['luoMHjh-XcQ?start=1234', { id: 'luoMHjh-XcQ', start: 1234 }, 'https://www.youtube.com/watch?v=luoMHjh-XcQ&t=1234s', 'https://www.youtube-nocookie.com/embed/luoMHjh-XcQ?autoplay=1&start=1234'],
  ])('%s', (id, video, watch, embed) => {
    expect(youtubeVideo(id)).toEqual(video)
    expect(watchUrl(video)).toBe(watch)
    expect(embedUrl(video)).toBe(embed)
  })

  it.each(['', 'a b', 'x"><script>', 'https://evil.example/'])('%j is no video id', (id) => {
    expect(youtubeVideo(id)).toBeNull()
  })
})
