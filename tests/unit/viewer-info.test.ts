// The info dialog's HTML: the author's Markdown and HTML in, only plain document markup out.
import { describe, expect, it } from 'vitest'
import { renderInfo } from '../../plugin/markdown/pipeline'

describe('info text as sanitised HTML', () => {
  it('renders Markdown: emphasis, lists, external and in-deck links', () => {
    const html = renderInfo('**银行** 与 *货币*\n\n- 一\n- 二\n\n[源码](https://example.com) · [第 3 张](/3)')
    expect(html).toContain('<strong>银行</strong>')
    expect(html).toContain('<em>货币</em>')
    expect(html).toContain('<li>一</li>')
    expect(html).toContain('href="https://example.com"')
    expect(html).toContain('rel="noopener noreferrer"')
    expect(html).toMatch(/<a href="\/3" data-slide="3">第 3 张<\/a>/)
  })

  it.each([
    ['<script>alert(1)</script>hello', 'hello', ['<script', 'alert(1)']],
    ['<img src="x.png" onerror="alert(1)">', '<img src="x.png">', ['onerror']],
    ['<a href="javascript:alert(1)">x</a>', '>x</a>', ['javascript:']],
    ['<a href=" JaVaScRiPt:alert(1)">x</a>', '>x</a>', ['javascript', 'JaVaScRiPt']],
    ['<iframe src="https://evil.example"></iframe>ok', 'ok', ['<iframe', 'evil']],
    ['<style>body{display:none}</style>ok', 'ok', ['<style', 'display']],
    ['<p style="position:fixed" class="note">t</p>', '<p class="note">t</p>', ['style=']],
    ['<form action="/x"><input name="a"></form>left', 'left', ['<form', '<input']],
    ['<svg><script>alert(1)</script></svg>ok', 'ok', ['<svg', 'alert']],
    ['<my-widget>kept text</my-widget>', 'kept text', ['<my-widget']],
    ['<a href="data:text/html,<script>alert(1)</script>">d</a>', '>d</a>', ['data:text/html']],
  ])('%s is cleaned', (input, kept, gone) => {
    const html = renderInfo(input)
    expect(html).toContain(kept)
    for (const g of gone) expect(html).not.toContain(g)
  })

  it('no info means no dialog', () => {
    expect(renderInfo(false)).toBe('')
    expect(renderInfo('   \n')).toBe('')
  })
})
