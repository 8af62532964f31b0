// The Slidev-dialect fixture deck (tests/fixtures/slidev.md) compiled into slide modules: icons, layouts, scoped
// styles and the parser's separators, checked on what the plugin emits.
import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { toHtml } from 'hast-util-to-html'
import { parseDeck, type Slide } from '../../plugin/parser'
import { analyzeSlide, highlightSlide } from '../../plugin/markdown/pipeline'
import { slideModuleCode } from '../../plugin/markdown/to-module'
import { iconSetsFor } from '../../plugin/markdown/icon-sets'
import { replaceIconTags } from '../../plugin/markdown/remark-icons'

const root = resolve(__dirname, '../..')
const entry = resolve(root, 'tests/fixtures/slidev.md')
const deck = parseDeck(readFileSync(entry, 'utf8'), { filepath: entry, root, readFile: (path) => readFileSync(path, 'utf8') })

function slideTitled(title: string): Slide {
  const slide = deck.slides.find((s) => s.title === title)
  if (!slide) throw new Error(`No slide titled ${JSON.stringify(title)} in the fixture`)
  return slide
}

/** A slide as the plugin compiles it: the analysis, its HTML, and its module's code. */
async function compiled(title: string) {
  const slide = slideTitled(title)
  const analyzed = analyzeSlide(slide.content, {
    total: deck.slides.length,
    frontmatter: slide.frontmatter,
    mermaid: deck.config.mermaid,
    lineNumbers: false,
    codeCopy: false,
    publicDir: resolve(root, 'public'),
    deckDir: dirname(entry),
    checkDiagrams: false,
  })
  const hast = await highlightSlide(analyzed.hast, { lineNumbers: false, codeCopy: false })
  const code = slideModuleCode({ no: slide.no, hast, noteHtml: '', styles: analyzed.styles })
  return { slide, analyzed, html: toHtml(hast), code }
}

describe('the fixture deck', () => {
  it('parses without errors', () => {
    expect(deck.errors).toEqual([])
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
