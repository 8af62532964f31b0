// The side editor's write-back rules: a slide's new text goes into its lines only, in the file's line endings, and
// text the deck would read differently (a split slide, a comment turned into the note, bad YAML) is refused.
import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { parseDeck } from '../../plugin/parser'
import { fieldsOfPart, lineEndingOf, readSlideText, rewritePart, spliceSlide, SpliceRefusal } from '../../shared/parser/write-back'
import { normalizeSlideText, type SlideText } from '../../shared/slide-source'

const DECK = [
  '---',
  'theme: seriph',
  '---',
  '',
  '# One',
  '',
  '---',
  'layout: center',
  '---',
  '',
  '# Two',
  '',
  '<!--',
  'note two',
  '-->',
  '',
  '---',
  '',
  '# Three',
  '',
  '----',
  '# Four <!-- inline -->',
  '',
  '---',
  '',
  '```yaml',
  'layout: center',
  '```',
  '',
  '# Five',
  '',
  '---',
  '',
  '',
].join('\n')

const parts = parseDeck(DECK).parts

/** The deck with part `index` given new fields (the others as they are). */
function edit(index: number, patch: Partial<SlideText>, text = DECK): string {
  const bytes = Buffer.from(text)
  const part = parseDeck(text).parts[index]!
  return spliceSlide(bytes, part, { ...readSlideText(bytes, part), ...patch }).bytes.toString('utf8')
}

function refusal(index: number, patch: Partial<SlideText>, text = DECK): SpliceRefusal {
  try {
    edit(index, patch, text)
  } catch (error) {
    if (error instanceof SpliceRefusal) return error
    throw error
  }
  throw new Error('expected a refusal')
}

describe('reading a slide', () => {
  it('reads every part of the fixture decks as the parser does, LF and CRLF alike', () => {
    for (const file of ['tests/fixtures/basic.md', 'tests/fixtures/rich.md', 'tests/fixtures/widgets.md', 'slides.md']) {
      const source = readFileSync(file, 'utf8')
      for (const text of [source, source.replace(/\r?\n/g, '\r\n')]) {
        for (const part of parseDeck(text).parts) {
          const fields = fieldsOfPart(part.raw)
          expect(fields, `${file} part ${part.index}`).toEqual(normalizeSlideText({ frontmatter: part.frontmatterRaw, content: part.content, note: part.note }))
          // Unchanged fields give the part back byte for byte.
          expect(rewritePart(part.raw, fields, text.includes('\r\n') ? '\r\n' : '\n', part.start === 0)).toBe(part.raw)
        }
      }
    }
  })

  it.each([
    ['dashes frontmatter and a note', 1, { frontmatter: 'layout: center', content: '# Two', note: 'note two' }],
    ['a bare separator', 2, { frontmatter: '', content: '# Three', note: '' }],
    ['a ---- separator and an inline note', 3, { frontmatter: '', content: '# Four', note: 'inline' }],
    ['a ```yaml block as frontmatter', 4, { frontmatter: 'layout: center', content: '# Five', note: '' }],
    ['an empty last slide', 5, { frontmatter: '', content: '', note: '' }],
  ])('reads %s', (_name, index, fields) => {
    expect(readSlideText(Buffer.from(DECK), parts[index]!)).toEqual(fields)
  })

  it('tells the line ending a file mostly uses', () => {
    expect(lineEndingOf(Buffer.from('a\nb\n'))).toBe('\n')
    expect(lineEndingOf(Buffer.from('a\r\nb\r\n'))).toBe('\r\n')
    expect(lineEndingOf(Buffer.from('one line'))).toBe('\n')
  })
})

describe('writing a slide back', () => {
  // Each row: the part, the change, the text that replaces the part's lines (the rest of the deck stays as is).
  it.each<[string, number, Partial<SlideText>, string, string]>([
    ['content only', 1, { content: '# Two!' }, '---\nlayout: center\n---\n\n# Two\n\n<!--', '---\nlayout: center\n---\n\n# Two!\n\n<!--'],
    ['a note, keeping its layout', 1, { note: 'new note\nline 2' }, '<!--\nnote two\n-->', '<!--\nnew note\nline 2\n-->'],
    ['removing the note', 1, { note: '' }, '# Two\n\n<!--\nnote two\n-->\n\n---', '# Two\n\n---'],
    ['adding a note', 2, { note: 'added' }, '# Three\n\n----', '# Three\n\n<!--\nadded\n-->\n\n----'],
    ['adding frontmatter after a bare separator', 2, { frontmatter: 'class: x' }, '---\n\n# Three', '---\nclass: x\n---\n\n# Three'],
    ['removing frontmatter (a blank line keeps the separator plain)', 1, { frontmatter: '' }, '---\nlayout: center\n---\n\n# Two', '---\n\n# Two'],
    ['adding frontmatter to a ---- slide', 3, { frontmatter: 'class: x' }, '----\n# Four', '---\nclass: x\n---\n# Four'],
    ['an inline note', 3, { note: 'changed' }, '# Four <!-- inline -->', '# Four <!-- changed -->'],
    ['a ```yaml frontmatter, keeping its form', 4, { frontmatter: 'layout: cover' }, '```yaml\nlayout: center\n```', '```yaml\nlayout: cover\n```'],
    ['removing a ```yaml frontmatter', 4, { frontmatter: '' }, '---\n\n```yaml\nlayout: center\n```\n\n# Five', '---\n\n\n# Five'],
    ['text in an empty slide after a bare ---', 5, { content: 'Six' }, '# Five\n\n---\n\n', '# Five\n\n---\n\nSix\n'],
    ['emptying a slide with a note', 1, { content: '', note: 'n' }, '---\n\n# Two\n\n<!--\nnote two\n-->', '---\n\n<!--\nn\n-->'],
  ])('%s', (_name, index, patch, before, after) => {
    expect(DECK.includes(before)).toBe(true)
    expect(edit(index, patch)).toBe(DECK.replace(before, after))
  })

  it('changes nothing when the fields are what the file holds (trailing space and CRLF from the textarea do not count)', () => {
    const bytes = Buffer.from(DECK)
    const fields = readSlideText(bytes, parts[1]!)
    const result = spliceSlide(bytes, parts[1]!, { ...fields, content: fields.content + '\r\n\n  ' })
    expect(result.changed).toBe(false)
    expect(result.bytes).toBe(bytes)
  })

  it('writes CRLF into a CRLF file and leaves every other byte alone', () => {
    const crlf = DECK.replace(/\n/g, '\r\n')
    const out = edit(2, { content: '# Three\n\n- a\n- b', note: 'first\nsecond' }, crlf)
    expect(out).toBe(crlf.replace('# Three\r\n\r\n----', '# Three\r\n\r\n- a\r\n- b\r\n\r\n<!--\r\nfirst\r\nsecond\r\n-->\r\n\r\n----'))
    expect(/[^\r]\n/.test(out)).toBe(false)
  })

  it('keeps bytes that are not UTF-8 in other slides exactly', () => {
    const bytes = Buffer.concat([Buffer.from('# One \xff\xfe latin1 bytes\n\n---\n\n# Two\n', 'latin1')])
    const second = parseDeck(bytes.toString('utf8')).parts[1]!
    const out = spliceSlide(bytes, second, { frontmatter: '', content: '# Deux', note: '' }).bytes
    expect(out.subarray(0, 20)).toEqual(bytes.subarray(0, 20))
    expect(out.toString('latin1').endsWith('# Deux\n')).toBe(true)
  })

  it('refuses to rewrite a slide that itself holds bytes that are not UTF-8', () => {
    const bytes = Buffer.from('# One\n\n---\n\n# Two \xff\n', 'latin1')
    const second = parseDeck(bytes.toString('utf8')).parts[1]!
    expect(() => spliceSlide(bytes, second, { frontmatter: '', content: 'x', note: '' })).toThrow(/not UTF-8/)
  })

  it.each<[string, number, Partial<SlideText>, SpliceRefusal['reason'], RegExp]>([
    ['a --- line that would split the slide', 1, { content: 'a\n\n---\n\nb' }, 'structure', /split or merge slides/],
    ['an unclosed code block that would swallow the next slides', 1, { content: '```js\nconst a = 1' }, 'structure', /unclosed ``` code block/],
    ['an unclosed comment', 2, { content: '# Three <!-- draft' }, 'structure', /unclosed <!-- comment/],
    ['a trailing comment that would become the note', 1, { content: 'x <!-- c -->', note: '' }, 'reinterpreted', /reads as the note/],
    ['a ```yaml block that would become frontmatter', 2, { content: '```yaml\na: 1\n```\nx' }, 'reinterpreted', /reads as frontmatter/],
    ['malformed YAML', 1, { frontmatter: 'layout: [' }, 'deck-error', /line 8: Malformed YAML/],
    ['a bad configuration value in the headmatter', 0, { frontmatter: 'canvasWidth: 5' }, 'deck-error', /"canvasWidth" must be/],
    ['a note holding -->', 1, { note: 'a --> b' }, 'note', /cannot contain/],
  ])('refuses %s, with a message saying why', (_name, index, patch, reason, message) => {
    const error = refusal(index, patch)
    expect(error.reason).toBe(reason)
    expect(error.message).toMatch(message)
  })

  it('refuses lines that are not in the file', () => {
    expect(() => spliceSlide(Buffer.from('# a\n'), { start: 3, end: 9 }, { frontmatter: '', content: 'x', note: '' })).toThrow(/not in the file/)
  })
})
