// `:href="$slidev.configs.key"`: a slide's attribute bound to a headmatter value at build time (the cover's online-copy link).
import { describe, expect, it } from 'vitest'
import { toHtml } from 'hast-util-to-html'
import { analyzeSlide, type SlideCompileOptions } from '../../plugin/markdown/pipeline'
import { boundConfigs, resolveConfig } from '../../shared/config'

const options: SlideCompileOptions = { frontmatter: {}, mermaid: {}, lineNumbers: false, codeCopy: false, publicDir: '/nonexistent', deckDir: '/nonexistent' }
const compile = (content: string, configs?: Record<string, unknown>) => {
  const { hast, messages } = analyzeSlide(content, { ...options, configs })
  return { html: toHtml(hast), messages: messages.map((m) => m.message) }
}

describe('headmatter bindings', () => {
  it('sets the attribute to the headmatter value, and an absolute link opens in a new tab', () => {
    const { html, messages } = compile('<a :href="$slidev.configs.onlineUrl">在线版本</a>', { onlineUrl: 'https://slides.example.org/deck/' })
    expect(html).toContain('href="https://slides.example.org/deck/"')
    expect(html).toContain('target="_blank"')
    expect(html).not.toContain(':href')
    expect(messages).toEqual([])
  })

  it('a bound slide number still becomes an in-deck link', () => {
    expect(compile('<a :href="$slidev.configs.start">开始</a>', { start: 2 }).html).toMatch(/<deck-link[^>]*to="2"/)
  })

  it('a link to a key the deck does not set is left out, with a warning naming the key', () => {
    const missing = compile('<p class="links"><a :href="$slidev.configs.onlineUrl">在线版本</a><a href="/2">开始</a></p>', {})
    expect(missing.html).not.toContain('在线版本')
    expect(missing.html).toContain('开始')
    expect(missing.messages).toEqual(['":href" names the headmatter key "onlineUrl", which is not set (or not a text): the link is left out'])
    const handout = compile('<p><a :href="$slidev.configs.handoutUrl">讲义 PDF</a></p>', {})
    expect(handout.html).toContain('<p></p>')
    expect(handout.html).not.toContain('讲义')
    expect(handout.messages).toEqual(['":href" needs the headmatter keys "handout" and "onlineUrl": the link is left out'])
  })

  it('the handout\'s address is built from onlineUrl, absolute (it works inside an exported PDF)', () => {
    const configs = boundConfigs({ onlineUrl: 'https://talks.example.org/bank' }, resolveConfig({ onlineUrl: 'https://talks.example.org/bank', handout: 'notes.pdf' }))
    expect(compile('<a :href="$slidev.configs.handoutUrl">讲义</a>', configs).html).toContain('href="https://talks.example.org/bank/notes.pdf"')
    expect(compile('<a :href="$slidev.configs.onlineUrl">在线</a>', configs).html).toContain('href="https://talks.example.org/bank/"')
    const refused: string[] = []
    resolveConfig({ handout: '../x.pdf', onlineUrl: 'ftp:/x' }, (key) => void refused.push(key))
    expect(refused).toEqual(['handout', 'onlineUrl'])
  })

  it('another expression drops the attribute with a warning naming it', () => {
    const other = compile('<a :href="window.location">x</a>', { onlineUrl: 'https://x.org/' })
    expect(other.html).not.toContain('href')
    expect(other.messages[0]).toMatch(/^":href" was dropped: the expression uses "window", which a slide does not know \(it knows \$page, \$clicks, \$nav, \$frontmatter, \$slidev, \$renderContext and literals\)$/)
  })

  it('a bound script URL is made harmless like any other', () => {
    const { html } = compile('<a :href="$slidev.configs.bad">x</a>', { bad: 'javascript:alert(1)' })
    expect(html).toContain('href="about:blank"')
  })
})
