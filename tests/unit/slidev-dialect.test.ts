// The Slidev-dialect fixture deck (tests/fixtures/slidev.md) compiled into slide modules: icons, layouts, scoped
// styles and the parser's separators, checked on what the plugin emits.
import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { createElement as h, type ComponentType } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { toHtml } from 'hast-util-to-html'
import type { Element } from 'hast'
import { parseDeck, type Slide } from '../../plugin/parser'
import { analyzeSlide, highlightSlide } from '../../plugin/markdown/pipeline'
import { slideModuleCode } from '../../plugin/markdown/to-module'
import { iconSetsFor } from '../../plugin/markdown/icon-sets'
import { replaceIconTags } from '../../plugin/markdown/remark-icons'
import { scopeCss, scopeSelector, scopeSlideStyles } from '../../plugin/markdown/rehype-scoped-style'
import { layoutImageAssets } from '../../plugin/deck/layout-images'
import { checkThemeAndLayouts } from '../../plugin/deck/theme-check'
import type { LayoutProps } from '../../src/layouts/types'
import TwoCols from '../../src/layouts/TwoCols'
import TwoColsHeader from '../../src/layouts/TwoColsHeader'
import Intro from '../../src/layouts/Intro'
import Section from '../../src/layouts/Section'
import Statement from '../../src/layouts/Statement'
import Fact from '../../src/layouts/Fact'
import Quote from '../../src/layouts/Quote'
import Full from '../../src/layouts/Full'
import None from '../../src/layouts/None'
import End from '../../src/layouts/End'
import Cover from '../../src/layouts/Cover'
import Image from '../../src/layouts/Image'
import ImageLeft from '../../src/layouts/ImageLeft'
import ImageRight from '../../src/layouts/ImageRight'
import IframeLeft from '../../src/layouts/IframeLeft'
import Iframe from '../../src/layouts/Iframe'

const root = resolve(__dirname, '../..')
const entry = resolve(root, 'tests/fixtures/slidev.md')
const deck = parseDeck(readFileSync(entry, 'utf8'), { filepath: entry, root, readFile: (path) => readFileSync(path, 'utf8') })

/** The fixture's slide with this title, or (for slides without one) with this layout. */
function slideTitled(title: string): Slide {
  const slide = deck.slides.find((s) => s.title === title) ?? deck.slides.find((s) => !s.title && s.layout === title)
  if (!slide) throw new Error(`No slide titled ${JSON.stringify(title)} in the fixture`)
  return slide
}

/** A slide as the plugin compiles it: the analysis, its HTML, and its module's code. */
async function compiled(title: string) {
  const slide = slideTitled(title)
  const analyzed = analyzeSlide(slide.content, {
    frontmatter: slide.frontmatter,
    mermaid: deck.config.mermaid,
    lineNumbers: false,
    codeCopy: false,
    publicDir: resolve(root, 'public'),
    deckDir: dirname(entry),
    checkDiagrams: false,
  })
  const hast = await highlightSlide(analyzed.hast, { lineNumbers: false, codeCopy: false })
  const frontmatter = layoutImageAssets(slide, root, entry)
  const code = slideModuleCode({ no: slide.no, hast: scopeSlideStyles(hast, slide.no), noteHtml: '', styles: analyzed.styles, frontmatter })
  // Each slot's compiled HTML, standing in for its React elements when a layout is rendered.
  const slots = Object.fromEntries(
    (hast.children as Element[]).map((slot) => [String(slot.properties.name), h('div', { 'data-slot': String(slot.properties.name), dangerouslySetInnerHTML: { __html: toHtml(slot.children) } })]),
  )
  return { slide, analyzed, html: toHtml(hast), code, slots, frontmatter }
}

/** A fixture slide rendered by a layout, as static HTML. */
async function rendered(title: string, Layout: ComponentType<LayoutProps>) {
  const { slide, slots, frontmatter } = await compiled(title)
  const className = typeof slide.frontmatter.class === 'string' ? slide.frontmatter.class : undefined
  return renderToStaticMarkup(h(Layout, { slots, frontmatter: { ...slide.frontmatter, ...frontmatter }, no: slide.no, className }))
}

describe('the fixture deck', () => {
  it('parses without errors', () => {
    expect(deck.errors).toEqual([])
  })

  it('splits as Slidev does: ---- with text is a separator, --- with text opens frontmatter', () => {
    const four = slideTitled('Four dashes')
    const opened = slideTitled('Dashes with text')
    expect(opened.no).toBe(four.no + 1)
    expect(four.layout).toBe('default')
    expect(four.content).not.toContain('----')
    expect(opened.frontmatter).toEqual({ layout: 'center' })
    expect(opened.layout).toBe('center')
    // The end slide has neither title nor level, as Slidev leaves them.
    const end = deck.slides.at(-1)!
    expect([end.layout, end.title, end.level]).toEqual(['end', undefined, undefined])
  })
})

describe('icons', () => {
  it('inlines both spellings as SVG at 1.2em in currentColor, keeping class and style', async () => {
    const { html, code, analyzed } = await compiled('Icons')
    expect(analyzed.messages).toEqual([])
    const svgs = html.match(/<svg[^>]*>/g) ?? []
    expect(svgs).toHaveLength(4)
    for (const svg of svgs) {
      expect(svg).toContain('height="1.2em"')
      expect(svg).toMatch(/class="slidev-icon\b/)
    }
    expect(html).toMatch(/<svg[^>]*viewBox="0 0 32 32"[^>]*id="icon-colon"/)
    expect(html).toMatch(/<svg[^>]*viewBox="0 0 24 24"[^>]*class="slidev-icon text-red-500"[^>]*id="icon-dash"[^>]*style="font-size: 2em"/)
    expect(html).toContain('fill="currentColor"')
    // The module is plain React elements: no icon tag is left for the runtime to resolve.
    expect(code).toContain('_jsx("svg"')
    expect(code).toContain('"viewBox":"0 0 24 24"')
    expect(code).not.toMatch(/_jsxs?\("(carbon|mdi)/)
    // Code keeps the tag as text.
    expect(html).toContain('<code>&#x3C;carbon:arrow-right /></code>')
  })

  it('counts a v-click on an icon as a click', async () => {
    const { analyzed, html } = await compiled('Icons')
    expect(analyzed.clicks).toBe(1)
    expect(html).toMatch(/<svg[^>]*class="slidev-icon slidev-vclick-target slidev-vclick-hidden"[^>]*id="icon-click"/)
  })

  it('warns about an unknown icon and an unknown set with their line, and leaves nothing behind', async () => {
    const { analyzed, html, slide } = await compiled('Unknown icons')
    expect(analyzed.messages.map((m) => m.message)).toEqual([
      '<carbon:no-such-icon />: the "carbon" icon set has no icon "no-such-icon"',
      expect.stringMatching(/^<nosuchset:thing \/>: no icon set "nosuchset" is installed \(installed: .*carbon.*mdi.*\); add it with npm install -D @iconify-json\/nosuchset$/),
    ])
    const line = slide.content.split('\n').findIndex((l) => l.includes('no-such-icon')) + 1
    expect(analyzed.messages.map((m) => m.line)).toEqual([line, line])
    expect(html).not.toMatch(/<svg|nosuchset|no-such-icon/)
    expect(html).toContain('<p id="after-unknown">The text after them stays.</p>')
  })

  it('tells icons from custom elements and engine tags', () => {
    const sets = iconSetsFor(dirname(entry))
    const warnings: string[] = []
    const warn = (message: string) => warnings.push(message)
    // A paired custom element of no installed set, and the engine's own dash tags, are no icons.
    expect(replaceIconTags('<my-widget></my-widget> <v-click></v-click>', sets, warn)).toBe('<my-widget></my-widget> <v-click></v-click>')
    // A paired empty icon tag is an icon; so is an alias of the set.
    expect(replaceIconTags('<mdi-home></mdi-home>', sets, warn)).toMatch(/^<svg .*<\/svg>$/)
    // A Vue binding cannot be evaluated: dropped with a warning, the icon still drawn.
    expect(replaceIconTags('<carbon:home :class="x" />', sets, warn)).toMatch(/^<svg /)
    expect(warnings).toEqual([expect.stringContaining(':class is a Vue binding')])
    // A label makes the icon an image for screen readers instead of decoration.
    expect(replaceIconTags('<carbon:home aria-label="Home" />', sets, warn)).toContain('role="img"')
  })
})

describe('layouts', () => {
  it('gives every slide of the fixture a layout someone provides, and finds its images', () => {
    const checked = checkThemeAndLayouts(deck, { deckDir: dirname(entry), engineDir: root }, entry)
    expect(checked.errors).toEqual([])
    expect(checked.warnings).toEqual([])
    expect(deck.slides.map((s) => s.layout)).toEqual(
      expect.arrayContaining(['two-cols', 'intro', 'section', 'statement', 'fact', 'quote', 'full', 'none', 'image', 'image-left', 'image-right', 'iframe', 'iframe-left', 'end']),
    )
  })

  it('two-cols: the content and ::left:: in .col-left, ::right:: in .col-right; class on each column, layoutClass on the grid', async () => {
    const { analyzed } = await compiled('Two columns')
    expect((analyzed.hast.children as Element[]).map((slot) => slot.properties.name)).toEqual(['default', 'right'])
    const html = await rendered('Two columns', TwoCols)
    expect(html).toMatch(/^<div class="slidev-layout two-cols two-columns gap-16"><div class="col-left fixture-column"><div data-slot="default"><h1>Two columns<\/h1>/)
    expect(html).toMatch(/<div class="col-right fixture-column"><div data-slot="right">\s*<p id="right-column">Right column text.<\/p>/)
  })

  it('two-cols-header: ::bottom:: under both columns, only when written', () => {
    const slots = { default: 'head', left: 'l', right: 'r', bottom: 'b' }
    expect(renderToStaticMarkup(h(TwoColsHeader, { slots, frontmatter: { layoutClass: 'gap-4' }, no: 1 }))).toBe(
      '<div class="slidev-layout two-cols-header gap-4"><div class="col-header">head</div><div class="col-left">l</div><div class="col-right">r</div><div class="col-bottom">b</div></div>',
    )
    expect(renderToStaticMarkup(h(TwoColsHeader, { slots: { ...slots, bottom: null }, frontmatter: {}, no: 1 }))).not.toContain('col-bottom')
  })

  it.each([
    ['Intro layout', Intro, '<div class="slidev-layout intro"><div data-slot="default"><h1>Intro layout</h1>'],
    ['Section layout', Section, '<div class="slidev-layout section"><div data-slot="default"><h1>Section layout</h1>'],
    ['Statement layout', Statement, '<div class="slidev-layout statement"><div class="my-auto"><div data-slot="default"><h1>Statement layout</h1>'],
    ['100%', Fact, '<div class="slidev-layout fact"><div class="my-auto"><div data-slot="default"><h1>100%</h1>'],
    ['"Quote layout"', Quote, '<div class="slidev-layout quote"><div class="my-auto"><div data-slot="default"><h1>"Quote layout"</h1>'],
    ['full', Full, '<div class="slidev-layout full"><div data-slot="default"><div id="full-box" class="w-full h-full">Full layout</div>'],
  ] as const)('%s: Slidev\'s markup', async (title, Layout, start) => {
    const html = await rendered(title, Layout)
    expect(html.startsWith(start)).toBe(true)
  })

  it('none: the content in a plain box the theme does not style', () => {
    const html = renderToStaticMarkup(h(None, { slots: { default: 'x' }, frontmatter: { layoutClass: 'p-4' }, no: 1 }))
    expect(html).toBe('<div class="slidev-layout-none p-4">x</div>')
  })

  it('end: the slide\'s text, or END when it has none', async () => {
    const endSlide = deck.slides.find((s) => s.layout === 'end')!
    expect(endSlide.content).toBe('')
    const { code } = await compiled('end')
    // An empty slot compiles to null, which is how the layout knows to say END.
    expect(code).toContain('"default": null')
    expect(renderToStaticMarkup(h(End, { slots: { default: null }, frontmatter: {}, no: 1 }))).toBe('<div class="slidev-layout end">END</div>')
    expect(renderToStaticMarkup(h(End, { slots: { default: 'Thanks' }, frontmatter: {}, no: 1 }))).toBe('<div class="slidev-layout end">Thanks</div>')
  })

  it('cover: a background: beside the deck is bundled by the module, and layoutClass lands on the root', async () => {
    const { code, frontmatter } = await compiled('Slidev dialect fixture')
    expect(code).toContain(`import _image0 from "/@fs${resolve(root, 'tests/fixtures/slidev-cover.svg')}"`)
    expect(code).toContain('export const frontmatter = {"background":_image0}')
    const html = renderToStaticMarkup(h(Cover, { slots: { default: 'c' }, frontmatter: { ...deck.slides[0]!.frontmatter, background: '/assets/slidev-cover-abc.svg' }, no: 1 }))
    expect(frontmatter.background).toMatch(/slidev-cover\.svg$/)
    expect(html).toContain('class="slidev-layout cover with-background-image fixture-cover"')
    // Darkened, with white text, as Slidev's seriph cover.
    expect(html).toContain('color:white;background-image:linear-gradient(#0005, #0008), url(&quot;/assets/slidev-cover-abc.svg&quot;);background-size:cover')
    // A colour is a colour, not a picture.
    expect(renderToStaticMarkup(h(Cover, { slots: { default: 'c' }, frontmatter: { background: '#123456' }, no: 1 }))).toBe('<div class="slidev-layout cover" style="background:#123456"><div class="my-auto w-full">c</div></div>')
  })

  it('image: image: from public/ by its URL, backgroundSize kept', async () => {
    const { frontmatter } = await compiled('Image layout')
    expect(frontmatter).toEqual({ image: '/images/bank-logo.svg' })
    const html = await rendered('Image layout', Image)
    expect(html).toMatch(/^<div class="slidev-layout image" style="background-image:url\(&quot;\/images\/bank-logo.svg&quot;\);background-size:contain/)
  })

  it('image-left and image-right: an image half and a .slidev-layout.default content half carrying the class', async () => {
    const left = await rendered('Image left layout', ImageLeft)
    expect(left).toMatch(/^<div class="slidev-layout-split image-left"><div class="slidev-layout-image" style="background-image:url\(&quot;[^"]*slidev-cover.svg&quot;\)[^"]*"><\/div><div class="slidev-layout default fixture-image-content">/)
    const right = await rendered('Image right layout', ImageRight)
    expect(right).toMatch(/^<div class="slidev-layout-split image-right"><div class="slidev-layout default"><div data-slot="default"><h1>Image right layout<\/h1>[\s\S]*<\/div><\/div><div class="slidev-layout-image"/)
  })

  it('iframe and iframe-left: the page pane and, for iframe-left, the content on the right', () => {
    const frontmatter = { url: 'http://127.0.0.1:9/', title: 'Demo', scale: 0.5 }
    const left = renderToStaticMarkup(h(IframeLeft, { slots: { default: 'text' }, frontmatter, no: 1 }))
    expect(left).toMatch(/^<div class="slidev-layout iframe-left"><div class="slidev-iframe-frame">.*<\/div><div class="slidev-iframe-content">text<\/div><\/div>$/)
    expect(renderToStaticMarkup(h(Iframe, { slots: { default: 'ignored' }, frontmatter, no: 1 }))).not.toContain('ignored')
  })

  it('warns about a layout image that is not there, at its frontmatter line', () => {
    const source = '---\ntitle: t\n---\n\n# A\n\n---\nlayout: image-right\nimage: ./no-such-picture.png\n---\n\n# B\n'
    const broken = parseDeck(source, { filepath: entry, root })
    const { warnings } = checkThemeAndLayouts(broken, { deckDir: dirname(entry), engineDir: root }, entry)
    expect(warnings).toEqual([{ line: 9, slide: 2, file: entry, message: expect.stringMatching(/^image: image not found: "\.\/no-such-picture\.png" \(looked for tests\/fixtures\/no-such-picture\.png and tests\/fixtures\/public\/no-such-picture\.png\)$/) }])
    expect(layoutImageAssets(broken.slides[1]!, root, entry)).toEqual({})
  })
})

describe('scoped style', () => {
  it('scopes every selector of a slide\'s <style> to its root, in its module', async () => {
    const { code, slide, analyzed } = await compiled('Scoped style')
    expect(analyzed.messages).toEqual([])
    const css = code.match(/_jsx\("style",\{"children":("(?:[^"\\]|\\.)*")/)?.[1]
    expect(css).toBeDefined()
    const sheet = JSON.parse(css!) as string
    expect(sheet).toContain(`.slidev-page-${slide.no} .scoped-text { color: rgb(200, 0, 0); }`)
    expect(sheet).toContain(`html.dark .slidev-page-${slide.no} .scoped-text`)
    expect(sheet).toContain(`@media (min-width: 1px) { .slidev-page-${slide.no} h1 { letter-spacing: 3px; } }`)
  })

  it('treats <style scoped> as Slidev does (every slide style is scoped; the attribute goes)', async () => {
    const { code, slide } = await compiled('Scoped style elsewhere')
    expect(code).toContain(`.slidev-page-${slide.no} h1 { text-decoration: underline; }`)
    expect(code).not.toMatch(/"scoped"/)
  })

  it.each([
    ['h1', '.s h1'],
    ['.a > .b', '.s .a > .b'],
    ['html.dark h1', 'html.dark .s h1'],
    [':root .x', ':root .s .x'],
    ['body', 'body .s'],
    ['html.dark body .x', 'html.dark body .s .x'],
    ['.slidev-layout', '.s .slidev-layout'],
    ['.slidev-page-3 h1', '.slidev-page-3 h1'],
  ])('%s → %s', (selector, scoped) => {
    expect(scopeSelector(selector, '.s')).toBe(scoped)
  })

  it('scopes selector lists and nested at-rules, leaves keyframes and font faces global', () => {
    const { css } = scopeCss('h1, h2 { color: red } @supports (display: grid) { @media print { p { margin: 0 } } } @keyframes spin { from { opacity: 0 } to { opacity: 1 } } .a { .b { color: blue } }', '.s')
    expect(css).toBe('.s h1, .s h2 { color: red } @supports (display: grid) { @media print { .s p { margin: 0 } } } @keyframes spin { from { opacity: 0 } to { opacity: 1 } } .s .a { .b { color: blue } }')
  })

  it('warns about a style that is not CSS, at its line, and leaves it out', () => {
    const slide = analyzeSlide('# T\n\n<style>\nh1 { color: red\n</style>\n', {
      frontmatter: {}, mermaid: {}, lineNumbers: false, codeCopy: false, publicDir: resolve(root, 'public'), deckDir: root, checkDiagrams: false,
    })
    expect(slide.messages).toEqual([{ line: 3, message: expect.stringMatching(/^This <style> is not valid CSS and is left out: Unclosed block/) }])
    expect(toHtml(scopeSlideStyles(slide.hast, 1))).toContain('<style></style>')
  })

  it('keeps <style> in a code block as code', async () => {
    const slide = analyzeSlide('```html\n<style>\nh1 { color: red }\n</style>\n```\n', {
      frontmatter: {}, mermaid: {}, lineNumbers: false, codeCopy: false, publicDir: resolve(root, 'public'), deckDir: root, checkDiagrams: false,
    })
    expect(toHtml(scopeSlideStyles(slide.hast, 1))).not.toContain('<style>')
  })
})
