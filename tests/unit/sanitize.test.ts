// Author HTML outside a slide (notes, info) goes through one allow-list: known XSS vectors never survive, note markup does.
import { describe, expect, it } from 'vitest'
import { fromHtml } from 'hast-util-from-html'
import type { ElementContent, Root } from 'hast'
import { renderInfo, renderNote } from '../../plugin/markdown/pipeline'

const VECTORS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<iframe srcdoc="<script>parent.alert(1)</script>"></iframe>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '[x](javascript:alert(1))',
  '<body onload=alert(1)>',
  '<div onmouseover="alert(1)">hover</div>',
  '<details open ontoggle=alert(1)>',
  '<input autofocus onfocus=alert(1)>',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<style>@import "//evil.example/x.css";</style>',
  '<link rel=stylesheet href=//evil.example/x.css>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<video><source onerror=alert(1)></video>',
  '<audio src=x onerror=alert(1)>',
  '<marquee onstart=alert(1)>x</marquee>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<template><img src=x onerror=alert(1)></template>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<img src=x:alert(1) onerror=eval(src)>',
  '<deck-link to="1" onclick="alert(1)">x</deck-link>',
  '<a href="/2" onclick="alert(1)">x</a>',
  '<img srcset="javascript:alert(1)">',
  '<isindex type=image src=1 onerror=alert(1)>',
]

const SAFE_TAGS = new Set(['p', 'div', 'span', 'a', 'deck-link', 'strong', 'em', 'b', 'i', 'code', 'pre', 'ul', 'ol', 'li', 'img', 'details', 'summary', 'br', 'mark', 'del', 's'])
const SAFE_PROPERTIES = new Set(['href', 'src', 'alt', 'title', 'className', 'to', 'dataSlide', 'dataClick', 'open', 'target', 'rel'])

/** What a browser would find in the output that could run script, load a document or restyle the page. */
function dangers(html: string): string[] {
  const found: string[] = []
  const walk = (node: Root | ElementContent) => {
    if (node.type === 'element') {
      if (!SAFE_TAGS.has(node.tagName)) found.push(`<${node.tagName}>`)
      for (const [name, value] of Object.entries(node.properties)) {
        if (!SAFE_PROPERTIES.has(name)) found.push(`${node.tagName}[${name}]`)
        const url = String(value).trim()
        // A URL with a scheme must be web, mail or phone; a relative one (`x`, `/3`) is harmless.
        if ((name === 'href' || name === 'src') && /^[a-z][a-z0-9+.-]*:/i.test(url) && !/^(https?|mailto|tel):/i.test(url)) found.push(`${name}=${String(value)}`)
      }
    }
    if ('children' in node) for (const child of node.children) walk(child as ElementContent)
  }
  walk(fromHtml(html, { fragment: true }))
  return found
}

describe('the author-HTML policy', () => {
  it(`cleans ${VECTORS.length} known XSS vectors in notes`, () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(30)
    for (const vector of VECTORS) {
      const html = renderNote(`Before.\n\n${vector}\n\nAfter.`)
      expect(dangers(html), `${vector} → ${html}`).toEqual([])
    }
  })

  it('cleans the same vectors in the info text', () => {
    for (const vector of VECTORS) {
      const html = renderInfo(`About.\n\n${vector}\n`)
      expect(dangers(html), `${vector} → ${html}`).toEqual([])
    }
  })

  it('keeps what notes legitimately use: emphasis, lists, links, code, click segments, in-deck links', () => {
    const html = renderNote(
      '**重点** and *emphasis* and <mark>marked</mark>\n\n- one\n- two\n\n1. first\n\n[docs](https://example.com) and `code` and [slide 3](/3)\n\n```ts\nconst a = 1\n```\n\n[click]\n\nSecond <em>step</em>.\n\n[click:4]\n\nFourth.',
    )
    expect(html).toContain('<strong>重点</strong>')
    expect(html).toContain('<em>emphasis</em>')
    expect(html).toContain('<mark>marked</mark>')
    expect(html).toMatch(/<ul>\s*<li>one<\/li>/)
    expect(html).toContain('<ol>')
    expect(html).toMatch(/<a href="https:\/\/example\.com"[^>]*>docs<\/a>/)
    expect(html).toContain('<code>code</code>')
    expect(html).toContain('<code class="language-ts">const a = 1')
    expect(html).toContain('<deck-link to="3">slide 3</deck-link>')
    expect(html).toContain('data-click="1"><p>Second <em>step</em>.</p>')
    expect(html).toContain('data-click="4"><p>Fourth.</p>')
  })

  it('keeps the info text’s in-deck links and external links', () => {
    const html = renderInfo('See [slide 2](/2) and [the site](https://example.com) and <a href="mailto:a@b.c">mail</a>.')
    expect(html).toMatch(/<a href="\/2" data-slide="2">slide 2<\/a>/)
    expect(html).toMatch(/<a href="https:\/\/example\.com"/)
    expect(html).toContain('href="mailto:a@b.c"')
  })
})
