// Code, images and embeds at build time: shiki's output, image checks and bundling, iframes made safe.
import { describe, expect, it, beforeAll, afterAll } from 'vitest'
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Element, Root } from 'hast'
import { visit } from 'unist-util-visit'
import { slideHtml } from './helpers/slide-html'
import { analyzeSlide, highlightSlide, type SlideCompileOptions } from '../../plugin/markdown/pipeline'
import { slideModuleCode } from '../../plugin/markdown/to-module'
import { codeLanguage } from '../../plugin/markdown/rehype-shiki'
import { assetImportPath, resolveImageSource } from '../../plugin/markdown/rehype-images'

let project: string
let options: SlideCompileOptions

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'deck-rich-'))
  mkdirSync(join(project, 'public/images'), { recursive: true })
  mkdirSync(join(project, 'decks/assets'), { recursive: true })
  writeFileSync(join(project, 'public/images/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  writeFileSync(join(project, 'decks/chart.png'), 'png')
  writeFileSync(join(project, 'decks/assets/图 1.png'), 'png')
  options = {
    frontmatter: {},
    mermaid: {},
    lineNumbers: false,
    codeCopy: false,
    publicDir: join(project, 'public'),
    deckDir: join(project, 'decks'),
  }
})

afterAll(() => rmSync(project, { recursive: true, force: true }))

function elements(hast: Root, tag: string): Element[] {
  const found: Element[] = []
  visit(hast, 'element', (node: Element) => {
    if (node.tagName === tag) found.push(node)
  })
  return found
}

async function compile(content: string, extra: Partial<SlideCompileOptions> = {}) {
  const analyzed = analyzeSlide(content, { ...options, ...extra })
  const hast = await highlightSlide(analyzed.hast, { ...options, ...extra })
  return { analyzed, hast, html: slideHtml(hast), module: slideModuleCode({ no: 1, hast, noteHtml: '' }) }
}

describe('rehype-shiki: code highlighted at build time', () => {
  it('colours tokens for light inline and dark in --shiki-dark, keeping the theme background', async () => {
    const { html, module } = await compile('```ts\n// 计算货币乘数\nexport function multiplier(r: number) {\n  return 1 / r\n}\n```')
    expect(html).toMatch(/<div class="deck-code"><pre [^>]*class="shiki shiki-themes vitesse-light vitesse-dark"/)
    expect(html).toContain('data-language="ts"')
    // "export" is a keyword in both themes (not the comment colour the first line would leak on a slow machine).
    expect(html).toMatch(/<span style="color:#1E754F;--shiki-dark:#4D9375">export<\/span>/)
    expect(html).not.toMatch(/background-color|--shiki-dark-bg/)
    expect(html).toContain('<span class="line">')
    // No highlighter ships: the module only holds the coloured spans.
    expect(module).not.toMatch(/createHighlighter|codeToHast|from "shiki"/)
    expect(module).toContain('"className":"shiki shiki-themes vitesse-light vitesse-dark"')
    // The coloured lines are one HTML string for React (one element to mount), made and escaped at build time.
    expect(module).toContain('_jsx("code",{"dangerouslySetInnerHTML":{"__html":"<span class=\\"line\\">')
    expect(module).not.toContain('_jsx("span"')
  })

  it('adds line numbers only when the deck asks, and a copy button only with codeCopy', async () => {
    const plain = await compile('```js\nlet a = 1\n```')
    expect(plain.html).not.toContain('line-numbers')
    expect(elements(plain.hast, 'deck-code-copy')).toHaveLength(0)
    const rich = await compile('```js\nlet a = 1\nlet b = 2\n```', { lineNumbers: true, codeCopy: true })
    expect(rich.html).toMatch(/class="shiki [^"]*line-numbers"/)
    const [copy] = elements(rich.hast, 'deck-code-copy')
    expect(copy!.properties.code).toBe('let a = 1\nlet b = 2')
    expect(rich.module).toContain('import CodeCopy from "/src/components/CodeCopy.tsx"')
    expect(rich.module).toContain('_jsx(CodeCopy,{"code":"let a = 1\\nlet b = 2"}')
  })

  it('escapes code: a </script> or an onerror in a code block is text, never markup', async () => {
    const { html, hast } = await compile('```html\n</script><img src=x onerror="alert(1)">\n```')
    expect(elements(hast, 'img')).toHaveLength(0)
    expect(elements(hast, 'script')).toHaveLength(0)
    expect(html).toContain('&#x3C;/')
  })

  it.each([
    ['ts', 'ts'],
    ['TypeScript', 'typescript'],
    ['py', 'py'],
    ['sh', 'sh'],
    ['', 'text'],
    [undefined, 'text'],
    ['foolang', 'text'],
    ['txt', 'text'],
  ])('language %j → %s', (lang, expected) => {
    expect(codeLanguage(lang)).toBe(expected)
  })

  it('shows an unknown language as plain text', async () => {
    const { html } = await compile('```foolang\nthis language is unknown\n```')
    expect(html).toContain('data-language="text"')
    expect(html).toContain('this language is unknown')
  })

  it('leaves inline code alone', async () => {
    const { html } = await compile('Use `npm run dev` here.')
    expect(html).toContain('<code>npm run dev</code>')
    expect(html).not.toContain('shiki')
  })
})

describe('rehype-images: local, checked, shipped', () => {
  it.each([
    ['/images/logo.svg', 'public'],
    ['images/logo.svg', 'public'],
    ['./chart.png', 'beside-deck'],
    ['chart.png', 'beside-deck'],
    ['assets/%E5%9B%BE%201.png', 'beside-deck'],
    ['/decks/chart.png', 'beside-deck'],
    ['/images/missing.png', 'missing'],
    ['./missing.png', 'missing'],
    ['/../../etc/passwd', 'outside'],
    ['../../../../../../etc/passwd', 'outside'],
    ['https://example.com/logo.png', 'remote'],
    ['//cdn.example.com/x.png', 'remote'],
    ['data:image/png;base64,AAAA', 'inline'],
    ['about:blank', 'blank'],
  ])('%s → %s', (src, kind) => {
    expect(resolveImageSource(src, options).kind).toBe(kind)
  })

  it('warns about a missing file and missing alt text with their lines, and keeps going', () => {
    const { messages } = analyzeSlide('# 图\n\n![存在](/images/logo.svg)\n\n![](./chart.png)\n\n<img src="/images/logo.svg">\n\n![缺失](/images/missing.png)\n', options)
    expect(messages.map((m) => `${m.line}: ${m.message}`)).toEqual([
      expect.stringMatching(/^5: Image "\.\/chart\.png" has no alt text/),
      expect.stringMatching(/^7: Image "\/images\/logo\.svg" has no alt text/),
      '9: Image not found: "/images/missing.png" (looked for public/images/missing.png)',
    ])
  })

  it('accepts alt="" as a decorative image', () => {
    expect(analyzeSlide('<img src="/images/logo.svg" alt="">', options).messages).toEqual([])
  })

  it('hands images beside the deck to Vite (an import), and keeps public ones as URLs', async () => {
    const { module } = await compile('![图表](./chart.png)\n\n![标志](images/logo.svg)\n\n![again](chart.png)')
    expect(module).toContain(`import _asset0 from "/@fs${join(project, 'decks/chart.png')}"`)
    expect(module.match(/import _asset\d/g)).toHaveLength(1)
    expect(module).toMatch(/_jsx\("img",\{"src":_asset0,"alt":"图表"/)
    expect(module).toContain('"src":"/images/logo.svg"')
    expect(module).not.toContain('\\u0000')
  })

  it('files beside the deck are imported through /@fs by their absolute path (the deck need not be in Vite\'s root)', () => {
    expect(assetImportPath('/elsewhere/x.png')).toBe('/@fs/elsewhere/x.png')
    expect(assetImportPath('/work/project/decks/x.png')).toBe('/@fs/work/project/decks/x.png')
  })

  it('a javascript: image src becomes about:blank (rehype-links) and is not looked up as a file', () => {
    const { hast, messages } = analyzeSlide('<img src="javascript:alert(1)" alt="x">', options)
    expect(elements(hast, 'img')[0]!.properties.src).toBe('about:blank')
    expect(messages.map((m) => m.message)).toEqual(['A src with a script scheme was replaced by about:blank'])
  })
})

describe('rehype-embeds: a plain <iframe> becomes an Embed', () => {
  it('keeps its address, title, size and fallback text, and drops everything else', async () => {
    const { hast, module, analyzed } = await compile('<iframe src="http://localhost:7860/" title="本地演示" width="600" height="300" data-fallback="运行 python app.py" onload="alert(1)" class="mt-4"></iframe>')
    expect(elements(hast, 'iframe')).toHaveLength(0)
    const [embed] = elements(hast, 'deck-embed')
    expect(embed!.properties).toMatchObject({ url: 'http://localhost:7860/', title: '本地演示', fallback: '运行 python app.py', width: '600', height: '300' })
    expect(module).toContain('import Embed from "/src/components/Embed.tsx"')
    expect(module).not.toContain('alert')
    expect(analyzed.messages.map((m) => m.message)).toEqual(['The "onLoad" attribute was dropped: event handlers are not supported in slides'])
  })

  it('warns about an iframe without a title or a src', () => {
    const { messages } = analyzeSlide('<iframe src="https://example.com/"></iframe>\n\n<iframe></iframe>', options)
    expect(messages.map((m) => m.message)).toEqual([
      expect.stringMatching(/The <iframe> of "https:\/\/example\.com\/" has no title/),
      'An <iframe> has no src; it shows an empty fallback panel',
      expect.stringMatching(/The <iframe> of "" has no title/),
    ])
  })

  it('a javascript: iframe src never reaches the Embed', () => {
    const { hast } = analyzeSlide('<iframe src="javascript:alert(1)" title="x"></iframe>', options)
    expect(elements(hast, 'deck-embed')[0]!.properties.url).toBe('about:blank')
  })
})
