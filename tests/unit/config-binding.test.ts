// `:href="$slidev.configs.key"`: a slide's attribute bound to a headmatter value at build time (the cover's online-copy link).
import { describe, expect, it } from 'vitest'
import { toHtml } from 'hast-util-to-html'
import { analyzeSlide, type SlideCompileOptions } from '../../plugin/markdown/pipeline'

const options: SlideCompileOptions = { total: 3, frontmatter: {}, mermaid: {}, lineNumbers: false, codeCopy: false, publicDir: '/nonexistent', deckDir: '/nonexistent' }
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

  it('a missing key or another expression drops the attribute with a warning naming it', () => {
    const missing = compile('<a :href="$slidev.configs.onlineUrl">在线版本</a>', {})
    expect(missing.html).toContain('<a>在线版本</a>')
    expect(missing.messages).toEqual(['":href" names the headmatter key "onlineUrl", which is not set (or not a text)'])
    const other = compile('<a :href="window.location">x</a>', { onlineUrl: 'https://x.org/' })
    expect(other.html).not.toContain('href')
    expect(other.messages[0]).toMatch(/^":href" was dropped: the expression uses "window", which a slide does not know \(it knows \$page, \$clicks, \$nav, \$frontmatter, \$slidev, \$renderContext and literals\)$/)
  })

  it('a bound script URL is made harmless like any other', () => {
    const { html } = compile('<a :href="$slidev.configs.bad">x</a>', { bad: 'javascript:alert(1)' })
    expect(html).toContain('href="about:blank"')
  })
})
