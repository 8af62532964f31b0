// The reader's prerendered page: which stylesheets it carries, inlined in cascade order with their URLs still
// pointing at the files, and the article placed where the browser takes it over.
import { describe, expect, it } from 'vitest'
import type { OutputBundle } from 'rolldown'
import { readerPageHtml, readerStylesheets } from '../../plugin/reader-page'
import { cssForPage } from '../../plugin/page-styles'

const chunk = (fileName: string, facadeModuleId: string | null, css: string[], imports: string[] = [], isEntry = false) => ({
  type: 'chunk',
  fileName,
  isEntry,
  facadeModuleId,
  imports,
  dynamicImports: [],
  viteMetadata: { importedCss: new Set(css) },
})

describe('the reader page', () => {
  it('carries the entry’s CSS, the reader view’s, then the slides’ components’, each once', () => {
    const bundle = {
      a: chunk('assets/index.js', '/p/index.html', ['assets/index.css'], [], true),
      b: chunk('assets/ReaderView.js', '/p/src/features/reader/ReaderView.tsx', ['assets/ReaderView.css'], ['assets/index.js']),
      c: chunk('assets/3.js', '\0virtual:deck/slide/3', [], ['assets/Embed.js']),
      d: chunk('assets/Embed.js', '/p/src/components/Embed.tsx', ['assets/Embed.css']),
      h: chunk('assets/Mermaid.js', '/p/src/components/Mermaid.tsx', ['assets/Mermaid.css']),
      e: chunk('assets/4.js', '\0virtual:deck/slide/4', ['assets/4.css'], ['assets/Embed.js']),
      f: chunk('assets/PresenterView.js', '/p/src/features/presenter/PresenterView.tsx', ['assets/PresenterView.css']),
      g: { type: 'asset', fileName: 'assets/index.css' },
    } as unknown as OutputBundle
    expect(readerStylesheets(bundle, (id) => id.startsWith('\0virtual:deck/slide/'))).toEqual(['assets/index.css', 'assets/ReaderView.css', 'assets/Embed.css', 'assets/Mermaid.css', 'assets/4.css'])
  })

  it('keeps url()s pointing at their files once the CSS moves into the page', () => {
    const css = "@font-face{src:url(./noto.woff2) format('woff2'),url(\"x/a.woff\")}a{background:url(/abs.png)}b{background:url(data:image/png;base64,AA)}c{mask:url(#m)}d{background:url(https://e.com/i.png)}"
    expect(cssForPage(css, 'assets/index.css', '/deck/')).toBe(
      "@font-face{src:url(/deck/assets/./noto.woff2) format('woff2'),url(\"/deck/assets/x/a.woff\")}a{background:url(/abs.png)}b{background:url(data:image/png;base64,AA)}c{mask:url(#m)}d{background:url(https://e.com/i.png)}",
    )
  })

  it('inlines the stylesheets, drops their links, keeps scripts, and marks the article for hydration', () => {
    const template = [
      '<html lang="zh-CN"><head><title>T</title>',
      '<script type="module" crossorigin src="/assets/index.js"></script>',
      '<link rel="stylesheet" crossorigin href="/assets/index.css">',
      '<link rel="stylesheet" href="/other.css">',
      '</head><body><div id="app"></div></body></html>',
    ].join('\n')
    const html = readerPageHtml(template, '<div class="deck-reader">本文</div>', [{ file: 'assets/index.css', css: 'a{color:red}</style><script>' }], '/')
    expect(html).toContain('<script type="module" crossorigin src="/assets/index.js"></script>')
    expect(html).not.toContain('<link rel="stylesheet" crossorigin href="/assets/index.css">')
    // The marker that keeps the lazy-chunk loader from fetching it again is disabled (never fetched).
    expect(html).toContain('<link rel="stylesheet" href="/assets/index.css" disabled></head>')
    expect(html).toContain('<link rel="stylesheet" href="/other.css">')
    expect(html).toContain('<style data-from="assets/index.css">a{color:red}<\\/style><script></style>\n<link rel="stylesheet" href="/assets/index.css" disabled></head>')
    expect(html).toContain('<div id="app" data-prerendered="/reader"><div class="deck-reader">本文</div></div>')
  })
})
