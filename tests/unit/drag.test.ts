// Slidev's v-drag: places read (frontmatter `dragPos`, inline), the elements handed to the Drag component at build time
// with bad places warned about at their line, the frame's geometry, and the frontmatter write-back: one entry's bytes
// change, every other key, comment and the slide's body keep theirs; bad names and places are refused.
import { describe, expect, it } from 'vitest'
import { resolve } from 'node:path'
import matter from 'gray-matter'
import { analyzeSlide } from '../../plugin/markdown/pipeline'
import { slideModuleCode } from '../../plugin/markdown/to-module'
import { DragWriteRefusal, formatDragPos, parseDragPos, setDragPos, type DragPos } from '../../shared/drag'
import { spliceSlide, readSlideText } from '../../shared/parser/write-back'
import { parseDeck } from '../../shared/parser/parse'
import { arrowStep, moveDragPos, resizeDragPos, rotationTowards } from '../../src/logic/drag-frame'

const root = resolve(import.meta.dirname, '../..')
const options = { frontmatter: {}, mermaid: {}, lineNumbers: false, codeCopy: false, publicDir: resolve(root, 'public'), deckDir: root, checkDiagrams: false as const }

function compile(content: string, frontmatter: Record<string, unknown> = {}) {
  const analyzed = analyzeSlide(content, { ...options, frontmatter })
  return { analyzed, code: slideModuleCode({ no: 2, hast: analyzed.hast, noteHtml: '' }) }
}

const yamlOf = (text: string) => matter(`---\n${text}\n---\n`).data as Record<string, unknown>
const at = (x: number, y: number, w: number, h: number | null, rotate = 0): DragPos => ({ x, y, w, h, rotate })

describe('places as written', () => {
  it('reads Slidev’s forms: "x,y,w,h", a rotation, "_" or NaN for a content height, an array', () => {
    expect(parseDragPos('600,120,200,150')).toEqual(at(600, 120, 200, 150))
    expect(parseDragPos('691,32,167,_,-16')).toEqual(at(691, 32, 167, null, -16))
    expect(parseDragPos(' 1.5, -2 ,3,NaN ')).toEqual(at(1.5, -2, 3, null))
    expect(parseDragPos('[10,20,30,40,5]')).toEqual(at(10, 20, 30, 40, 5))
    expect(parseDragPos([10, 20, 30, Number.NaN, 5])).toEqual(at(10, 20, 30, null, 5))
    expect(parseDragPos('10,20,30')).toEqual(at(10, 20, 30, null))
  })

  it('is null for anything else', () => {
    for (const bad of ['', 'square', '1,2', '1,2,3,4,5,6', '1,x,3,4', '1,2,3,4,deg', '1,2,Infinity,4', null, 12, { x: 1 }, [1, 2, true, 4]]) expect(parseDragPos(bad)).toBeNull()
  })

  it('is written as Slidev writes it: whole pixels, "_" for a content height, the rotation only when there is one', () => {
    expect(formatDragPos(at(600.4, 119.6, 200, 150))).toBe('600,120,200,150')
    expect(formatDragPos(at(1, 2, 3, null, -15.6))).toBe('1,2,3,_,-16')
  })
})

describe('v-drag at build time', () => {
  const SLIDE = `# T\n\n<v-drag pos="square">\n\nHello\n\n</v-drag>\n\n<VDrag pos="1,2,300,40">tag</VDrag>\n\n<img v-drag="'logo'" src="/x.png" alt="logo">\n\n<div v-drag="[10,20,30,NaN,5]" v-mark.circle>z</div>\n\n<p v-drag>bare</p>`

  it('hands each element to the Drag component with its name or place; no v-drag is left in the page', () => {
    const { analyzed, code } = compile(SLIDE, { dragPos: { square: '600,120,200,150' } })
    expect(analyzed.messages.filter((m) => !m.message.startsWith('Image not found'))).toEqual([])
    expect(code).toContain('import _Drag from "/src/components/Drag.tsx"')
    // <v-drag> is a div (Slidev's VDrag, p-1 included) holding the content.
    expect(code).toMatch(/_jsxs?\(_Drag,\{"as":"div","drag":\{"name":"square"\},"className":"slidev-vdrag p-1","children":/)
    expect(code).toContain('"as":"span","drag":{"pos":{"x":1,"y":2,"w":300,"h":40,"rotate":0}}')
    expect(code).toContain('"as":"img","drag":{"name":"logo"}')
    // A mark around it wraps the Drag component, which renders the element.
    expect(code).toContain('_jsx(_Mark,{"is":_Drag,"mark":{"type":"circle","since":1},"as":"div","drag":{"pos":{"x":10,"y":20,"w":30,"h":null,"rotate":5}}')
    expect(code).toContain('"as":"p","drag":{"pos":null}')
    expect(code).not.toMatch(/v-drag|deck-v-drag|"pos":"/)
  })

  it('written inside a paragraph, <v-drag> is a span (a div would end the paragraph in the page’s HTML)', () => {
    expect(compile('Text <v-drag pos="a">inline</v-drag> more').code).toContain('"as":"span","drag":{"name":"a"}')
  })

  it('warns, naming the line, about a place that is not one; a bad stored place keeps the name (the next drag fixes it)', () => {
    const { analyzed, code } = compile(`# T\n\n<p v-drag="nope">n</p>\n\n<p v-drag="[1,2]">m</p>\n\n<v-drag pos="square">s</v-drag>`, { dragPos: { square: 'left' } })
    expect(analyzed.messages).toEqual([
      { line: 3, message: expect.stringMatching(/^v-drag="nope" is not a name \('square'\) or a place/) },
      { line: 5, message: expect.stringMatching(/^v-drag="\[1,2\]" is not a name/) },
      { line: 7, message: expect.stringMatching(/^frontmatter dragPos "square" is "left", not x,y,width,height/) },
    ])
    expect(code).toContain('"drag":{"name":"square"}')
    expect(code.match(/_Drag,/g)).toHaveLength(1)
  })
})

describe('writing a place into the frontmatter', () => {
  const FRONTMATTER = ['layout: default', '# where things are', 'dragPos:', '  square: 600,120,200,150 # the blue one', '  "circle": 1,2,3,4', 'class: text-center # centred'].join('\n')

  it('replaces an entry’s value where it is, keeping its comment and every other line', () => {
    const next = setDragPos(FRONTMATTER, 'square', at(10.4, 20, 30, null, 45))
    expect(next).toBe(FRONTMATTER.replace('600,120,200,150', '10,20,30,_,45'))
    expect(setDragPos(FRONTMATTER, 'circle', at(5, 6, 70, 80))).toBe(FRONTMATTER.replace('"circle": 1,2,3,4', '"circle": 5,6,70,80'))
    expect(yamlOf(next)).toEqual({ layout: 'default', dragPos: { square: '10,20,30,_,45', circle: '1,2,3,4' }, class: 'text-center' })
  })

  it('adds an entry at the end of the dragPos block, in its indentation', () => {
    const next = setDragPos(FRONTMATTER.replace(/ {2}/g, '    '), 'loose', at(1, 2, 180, 90))
    expect(next.split('\n')).toEqual(['layout: default', '# where things are', 'dragPos:', '    square: 600,120,200,150 # the blue one', '    "circle": 1,2,3,4', '    loose: 1,2,180,90', 'class: text-center # centred'])
  })

  it('adds a dragPos block at the end when there is none, and makes the frontmatter when the slide has none', () => {
    expect(setDragPos('layout: center\n# last comment\n', 'a', at(1, 2, 3, 4))).toBe('layout: center\n# last comment\ndragPos:\n  a: 1,2,3,4')
    expect(setDragPos('', 'a', at(1, 2, 3, 4))).toBe('dragPos:\n  a: 1,2,3,4')
    expect(setDragPos('dragPos: {}\nx: 1', 'a', at(1, 2, 3, 4))).toBe('dragPos:\n  a: 1,2,3,4\nx: 1')
    expect(setDragPos('a: 1\r\nb: 2', 'n', at(1, 2, 3, 4))).toBe('a: 1\r\nb: 2\r\ndragPos:\r\n  n: 1,2,3,4')
  })

  it('refuses a name YAML would read otherwise, a place that is no place, and a dragPos it cannot edit line by line', () => {
    for (const name of ['', 'a b', 'x: 1', '#x', '1abc', 'a\nb']) expect(() => setDragPos('', name, at(1, 2, 3, 4))).toThrow(DragWriteRefusal)
    for (const pos of [at(Number.NaN, 2, 3, 4), at(1, 2, Infinity, 4), at(1, 2, 0, 4), at(1, 2, 3, -1), at(1, 2, 3, 4, Number.NaN)]) expect(() => setDragPos('', 'a', pos)).toThrow(DragWriteRefusal)
    expect(() => setDragPos('dragPos: { a: "1,2,3,4" }', 'a', at(1, 2, 3, 4))).toThrow(/on one line/)
    expect(() => setDragPos('dragPos:\n  - 1,2,3,4', 'a', at(1, 2, 3, 4))).toThrow(/not a "name: x,y,w,h" line/)
  })

  it('goes through the side editor’s splice: only the dragPos entry’s bytes change in the file (CRLF kept)', () => {
    const deck = ['# One', '', '---', 'layout: default', 'dragPos:', '  square: 600,120,200,150 # the blue one', '---', '', '# Two', '', '<v-drag pos="square">x</v-drag>', '', '<!--', 'The note.', '-->', '', '---', '', '# Three', ''].join('\r\n')
    const bytes = Buffer.from(deck)
    const slide = parseDeck(deck).slides[1]!
    const text = readSlideText(bytes, slide)
    const result = spliceSlide(bytes, slide, { ...text, frontmatter: setDragPos(text.frontmatter, 'square', at(1, 2, 3, 4)) })
    expect(result.bytes.toString()).toBe(deck.replace('600,120,200,150', '1,2,3,4'))
    const added = spliceSlide(bytes, slide, { ...text, frontmatter: setDragPos(text.frontmatter, 'loose', at(5, 6, 7, null)) })
    expect(added.bytes.toString()).toBe(deck.replace('# the blue one\r\n', '# the blue one\r\n  loose: 5,6,7,_\r\n'))
    expect(parseDeck(added.bytes.toString()).slides[1]!.frontmatter.dragPos).toEqual({ square: '600,120,200,150', loose: '5,6,7,_' })
  })
})

describe('the frame’s geometry', () => {
  const slide = { width: 980, height: 552 }

  it('moves by the pointer’s movement, keeping 10 px of the element on the slide', () => {
    expect(moveDragPos(at(100, 100, 200, 50), 50, 30, -20, slide)).toEqual(at(130, 80, 200, 50))
    expect(moveDragPos(at(100, 100, 200, 50), 50, -1000, 1000, slide)).toEqual(at(-190, 542, 200, 50))
  })

  it('resizes from a handle with the opposite edge fixed, never below 40 px; Shift keeps a corner’s ratio', () => {
    expect(resizeDragPos({ ...at(100, 100, 200, 100), h: 100 }, { sx: 1, sy: 1 }, 50, 20, false)).toEqual(at(100, 100, 250, 120))
    expect(resizeDragPos({ ...at(100, 100, 200, 100), h: 100 }, { sx: -1, sy: 0 }, 50, 20, false)).toEqual(at(150, 100, 150, 100))
    expect(resizeDragPos({ ...at(100, 100, 200, 100), h: 100 }, { sx: 0, sy: -1 }, 0, 500, false)).toEqual(at(100, 160, 200, 40))
    const kept = resizeDragPos({ ...at(100, 100, 200, 100), h: 100 }, { sx: 1, sy: 1 }, 100, 10, true)
    expect(kept.w / kept.h!).toBeCloseTo(2)
    expect(kept.w).toBeCloseTo(300)
    // Rotated a quarter turn, the right handle's own axis is the slide's downward one.
    const turned = resizeDragPos({ ...at(0, 0, 100, 50), h: 50, rotate: 90 }, { sx: 1, sy: 0 }, 0, 20, false)
    expect(turned.w).toBeCloseTo(120)
    expect(turned.x + turned.w / 2).toBeCloseTo(50)
    expect(turned.y + turned.h! / 2).toBeCloseTo(35)
  })

  it('rotates towards the pointer, snapping near the quarter turns; arrow keys step 1 px, 10 with Shift', () => {
    expect(rotationTowards({ x: 0, y: 0 }, { x: 0, y: -10 })).toBe(0)
    expect(rotationTowards({ x: 0, y: 0 }, { x: 10, y: 0.5 })).toBe(90)
    expect(rotationTowards({ x: 0, y: 0 }, { x: 10, y: -10 })).toBeCloseTo(45)
    expect(rotationTowards({ x: 0, y: 0 }, { x: -10, y: -10 })).toBeCloseTo(-45)
    expect(arrowStep('ArrowLeft', false)).toEqual({ dx: -1, dy: 0 })
    expect(arrowStep('ArrowDown', true)).toEqual({ dx: 0, dy: 10 })
    expect(arrowStep('a', false)).toBeNull()
  })
})
