// One policy for what a slide may run (issue 34 item 4): a `<script>` in slide Markdown is left out of every output with
// a warning at its line, note exports are cleaned by the views' allow-list, frontmatter of the wrong type is a warning.
import { describe, expect, it } from 'vitest'
import { analyzeSlide, highlightSlide, type SlideCompileOptions } from '../../plugin/markdown/pipeline'
import { slideModuleCode } from '../../plugin/markdown/to-module'
import { parseDeck } from '../../shared/parser/parse'
import { cleanNote, notesMarkdown } from '../../scripts/export/md'
import { slideHtml } from './helpers/slide-html'

const options: SlideCompileOptions = { frontmatter: {}, mermaid: {}, lineNumbers: false, codeCopy: false, publicDir: '/nonexistent', deckDir: '/nonexistent', checkDiagrams: false }

async function compile(content: string) {
  const analyzed = analyzeSlide(content, options)
  const hast = await highlightSlide(analyzed.hast, options)
  return { messages: analyzed.messages, html: slideHtml(hast), module: slideModuleCode({ no: 1, hast, noteHtml: '' }) }
}

describe('a <script> in slide Markdown', () => {
  it.each([
    ['a block', '# Hi\n\n<script>window.ran = 1</script>\n\ntext', 3],
    ['inline', '# Hi\n\ntext <script>window.ran = 1</script> more', 3],
    ['inside other HTML', '<div>\n<p>x</p>\n<script>\nwindow.ran = 1\n</script>\n</div>', 3],
    ['upper case', '# Hi\n\n<SCRIPT src="x.js">window.ran = 1</SCRIPT>', 3],
    ['inside an svg', '# Hi\n\n<svg><script>window.ran = 1</script></svg>', 3],
  ])('%s is left out of the slide with a warning naming its line', async (_what, content, line) => {
    const { messages, html, module } = await compile(content)
    expect(html).not.toMatch(/script/i)
    expect(module).not.toContain('window.ran')
    const warnings = messages.filter((m) => m.message.includes('<script>'))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]?.line).toBe(line)
  })

  it('leaves the rest of the slide as it was', async () => {
    const { html } = await compile('# Title\n\n<script>x()</script>\n\n- one\n- two')
    expect(html).toContain('<h1>Title</h1>')
    expect(html).toContain('<li>two</li>')
  })

  it('code that shows a script is not a script', async () => {
    const { messages, html } = await compile('```html\n<script>x()</script>\n```\n\n`<script>`')
    expect(messages.filter((m) => m.message.includes('<script>'))).toEqual([])
    expect(html).toContain('&#x3C;script>')
  })
})

describe('notes export (--format md)', () => {
  it('cleans a note with the same allow-list as the views', () => {
    const note = 'Say **this** <b>bold</b>.\n\n<script>alert(1)</script>\n\n<img src="x.png" onerror="alert(1)"> [go](javascript:alert(1)) [ok](https://example.com)\n\n<div onclick="x()"><iframe src="https://evil.example"></iframe><p style="color:red">para</p></div>\n\n<style>body{display:none}</style>'
    const cleaned = cleanNote(note)
    expect(cleaned).not.toMatch(/script|onerror|onclick|iframe|style|javascript:/i)
    expect(cleaned).toContain('Say **this** <b>bold</b>.')
    expect(cleaned).toContain('<img src="x.png">')
    expect(cleaned).toContain(' go [ok](https://example.com)')
    expect(cleaned).toContain('<p>para</p>')
  })

  it('keeps a plain note exactly as written', () => {
    const note = '# Heading\n\n- a *b* `c`\n\n[click]\n\n| x | y |\n|---|---|\n| 1 | 2 |'
    expect(cleanNote(note)).toBe(note)
  })

  it('the export goes through the cleaning', () => {
    const md = notesMarkdown({ title: 'T', author: '', lang: 'en', slides: [{ no: 1, title: 'One', note: 'hi <script>alert(1)</script>', hasDiagram: false }] } as never, [1])
    expect(md).not.toContain('alert(1)')
    expect(md).toContain('hi')
  })
})

describe('frontmatter values of the wrong type', () => {
  const deck = parseDeck('---\ntheme: x\ntransition: 42\n---\n\n# A\n\n---\nlayout: 3\nclicks: "x"\n---\n\n# B\n\n---\n\n```yaml\nname: ok\nclicks: -1\n```\n\n# C\n\n---\nlayout: center\ntransition: fade\nclicks: 2\nclass: text-center\nhide: false\n---\n\n# D\n', { filepath: '/deck/slides.md' })

  it('are warnings that name the slide and the line', () => {
    expect(deck.errors).toEqual([])
    expect(deck.warnings.map((w) => [w.slide, w.line, w.message.match(/"(\w+)"/)?.[1]])).toEqual([
      [1, 3, 'transition'],
      [2, 9, 'layout'],
      [2, 10, 'clicks'],
      [3, 19, 'clicks'],
    ])
    expect(deck.warnings[0]?.message).toContain('got 42')
  })

  it('values of the right type say nothing', () => {
    expect(deck.warnings.some((w) => w.slide === 4)).toBe(false)
  })
})
