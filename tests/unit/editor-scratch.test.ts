import { it } from 'vitest'
import { parseDeck } from '../../plugin/parser'
import { spliceSlide, readSlideFields } from '../../plugin/editor-write'
const A = '---\ntheme: seriph\n---\n\n# One\n\n---\nlayout: center\n---\n\n# Two\n\n<!--\nnote two\n-->\n\n---\n\n# Three\n\n----\n# Four <!-- inline -->\n\n---\n\n```yaml\nlayout: center\n```\n\n# Five\n\n---\n\n'
it('x', () => {
  const deck = parseDeck(A)
  const buf = Buffer.from(A)
  const run = (i: number, patch: object) => {
    const p = deck.parts[i]
    const cur = readSlideFields(buf, p)
    try {
      const r = spliceSlide(buf, p, { ...cur, ...patch })
      console.log(i, JSON.stringify(patch), '\n' + JSON.stringify(r.bytes.toString()))
    } catch (e) { console.log(i, JSON.stringify(patch), 'REFUSED', (e as Error).message) }
  }
  console.log(deck.parts.map(p => [p.start, p.end, JSON.stringify(p.raw)]))
  run(1, { content: '# Two!' })
  run(1, { note: 'new note\nline 2' })
  run(1, { note: '' })
  run(2, { note: 'added' })
  run(2, { frontmatter: 'class: x' })
  run(1, { frontmatter: '' })
  run(0, { frontmatter: '' })
  run(3, { frontmatter: 'class: x' })
  run(3, { note: 'changed' })
  run(5, { content: 'Six' })
  run(5, { frontmatter: 'a: 1' })
  run(4, { frontmatter: 'layout: cover' })
  run(4, { frontmatter: '' })
  run(1, { content: '', note: 'n' })
  run(1, { content: 'a\n---\nb' })
  run(1, { content: '```js\nx' })
  run(1, { content: 'x <!-- c -->', note: '' })
  run(2, { content: '```yaml\na: 1\n```\nx' })
  run(1, { frontmatter: 'layout: [' })
  run(0, { frontmatter: 'canvasWidth: 5' })
  run(1, { note: 'a --> b' })
  run(2, { content: '' })
})
