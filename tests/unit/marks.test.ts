// v-mark: each mark counted as a click in document order as Slidev counts it, its type and colour from the
// modifiers or an object, the element kept and handed to the Mark component (which alone loads Rough Notation).
import { describe, expect, it } from 'vitest'
import { resolve } from 'node:path'
import { analyzeSlide } from '../../plugin/markdown/pipeline'
import { slideModuleCode } from '../../plugin/markdown/to-module'

const root = resolve(import.meta.dirname, '../..')
const options = { frontmatter: {}, mermaid: {}, lineNumbers: false, codeCopy: false, publicDir: resolve(root, 'public'), deckDir: root, checkDiagrams: false as const }

function compile(content: string) {
  const analyzed = analyzeSlide(content, options)
  const code = slideModuleCode({ no: 1, hast: analyzed.hast, noteHtml: '' })
  const marks = [...code.matchAll(/_jsx\(_Mark,\{"is":"(\w+)","mark":(\{[^}]*\})/g)].map((m) => ({ is: m[1], ...(JSON.parse(m[2]!) as object) }))
  return { analyzed, code, marks }
}

describe('v-mark', () => {
  it('counts as a click in document order: bare the next, a number that click, +n relative, an object with at', () => {
    const { analyzed, marks } = compile('<p v-click>a</p>\n\n<span v-mark.circle.orange>b</span> <span v-mark="\'+1\'">c</span> <b v-mark="{ at: 1, color: \'blue\', type: \'box\' }">d</b> <i v-mark.strike-through="5">e</i> <u v-mark>f</u>')
    expect(analyzed.messages).toEqual([])
    expect(marks).toEqual([
      { is: 'span', type: 'circle', color: 'orange', since: 2 },
      { is: 'span', type: 'underline', since: 3 },
      { is: 'b', type: 'box', color: 'blue', since: 1 },
      { is: 'i', type: 'strike-through', since: 5 },
      { is: 'u', type: 'underline', since: 4 },
    ])
    expect(analyzed.clicks).toBe(5)
  })

  it.each(['underline', 'circle', 'box', 'highlight', 'strike-through', 'crossed-off', 'bracket'])('knows the type %s', (type) => {
    expect(compile(`<span v-mark.${type}>x</span>`).marks).toEqual([{ is: 'span', type, since: 1 }])
  })

  it('the element itself is never hidden; a slide without marks does not import the Mark component', () => {
    const { code } = compile('<span v-mark.box>x</span>')
    expect(code).toContain('import _Mark from "/src/components/Mark.tsx"')
    expect(code).not.toContain('slidev-vclick-hidden')
    expect(compile('<span v-click>x</span>').code).not.toContain('Mark')
  })

  it('a value that is not an object literal takes the next click, with a warning naming its line', () => {
    const { analyzed, marks } = compile('# T\n\n<span v-mark="{ at: }">x</span>')
    expect(analyzed.messages).toEqual([{ line: 3, message: expect.stringMatching(/^v-mark="\{ at: \}" is not an object literal/) }])
    expect(marks).toEqual([{ is: 'span', type: 'underline', since: 1 }])
  })
})
