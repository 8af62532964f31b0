// The unified pipeline, in order: Markdown → MDAST transforms → HAST → HAST transforms → a React module's code.
import { unified } from 'unified'
import remarkParse from 'remark-parse'
import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'
import remarkRehype from 'remark-rehype'
import rehypeRaw from './rehype-raw-if-any.ts'
import rehypeNoScripts from './rehype-no-scripts.ts'
import remarkMath from 'remark-math'
import rehypeKatex from 'rehype-katex'
import { toHtml } from 'hast-util-to-html'
import type { Root } from 'hast'
import { NOTE_CLICK_ATTRIBUTE } from '../../shared/clicks.ts'
import { VFile } from 'vfile'
import remarkComponentTags, { slotTemplatesAsHtml } from './remark-component-tags.ts'
import remarkIcons from './remark-icons.ts'
import remarkMermaid from './remark-mermaid.ts'
import rehypeLinks, { type SlideLink } from './rehype-links.ts'
import rehypeClicks, { CLICK_COMPONENT_TAGS } from './rehype-clicks.ts'
import rehypeImages from './rehype-images.ts'
import rehypeEmbeds from './rehype-embeds.ts'
import rehypeSlots from './rehype-slots.ts'
import rehypeShiki from './rehype-shiki.ts'
import rehypeStaticMath from './rehype-static-math.ts'
import rehypeInfo from './rehype-info.ts'
import { rehypeAuthorHtml } from '../../shared/sanitize.ts'
import remarkBlockMeta from './remark-block-meta.ts'
import remarkSnippets from './remark-snippets.ts'
import remarkTwoslash from './remark-twoslash.ts'
import remarkMagicMove from './remark-magic-move.ts'
import remarkMonaco from './remark-monaco.ts'
import rehypeMagicMove from './rehype-magic-move.ts'
import rehypeMotion from './rehype-motion.ts'
import rehypeDrag from './rehype-drag.ts'
import rehypeMathLines from './rehype-math-lines.ts'
import rehypeScopedStyle from './rehype-scoped-style.ts'
import rehypeBindings from './rehype-bindings.ts'
import rehypeNamedSlots from './rehype-named-slots.ts'
import rehypeComponents from './rehype-components.ts'
import { slideComponents } from './to-module.ts'
import { assetImportPath } from './rehype-images.ts'
import { fileURLToPath } from 'node:url'
import type { SlideMessage } from './slide-message.ts'
import { runLaterChecks, type LaterCheck } from './later-checks.ts'

export type { SlideMessage } from './slide-message.ts'

/**
 * What a slide's analysis depends on besides its text. Never the deck's slide count: a slide added or taken out would
 * make every analysis new; the deck checks the slides' links against it (`AnalyzedSlide.slideLinks`).
 */
export interface SlideCompileOptions {
  frontmatter: Record<string, unknown>
  mermaid: Record<string, unknown>
  lineNumbers: boolean
  codeCopy: boolean
  /** The headmatter, for `:href="$slidev.configs.key"` bindings. */
  configs?: Record<string, unknown>
  publicDir: string
  deckDir: string
  /** Whether mermaid checks each diagram (default true; its warnings arrive in AnalyzedSlide.later). */
  checkDiagrams?: boolean
  /** Tags of the deck's own components (plugin/deck/components.ts); any other unknown component tag is a warning. */
  deckComponents?: Iterable<string>
}

export interface AnalyzedSlide {
  hast: Root
  clicks: number
  messages: SlideMessage[]
  /** Style sheets the slide's module imports (KaTeX's only when the slide has math). */
  styles: string[]
  /** What is still to be judged (diagrams, twoslash blocks), as data: a kept analysis starts the same checks again. */
  checks: LaterCheck[]
  /** Warnings still being worked out: broken diagrams, which mermaid judges in its worker while the build goes on. */
  later: Promise<SlideMessage[]>
  /** Its links to slides by number (`/12`), for the deck to check against its slide count. */
  slideLinks: SlideLink[]
}

function collect(file: VFile): SlideMessage[] {
  // rehype-katex says only "Could not render math"; KaTeX's own reason is in the cause.
  return file.messages.map((m) => ({ line: m.line ?? undefined, message: m.cause instanceof Error ? `${m.reason}: ${m.cause.message}` : m.reason }))
}

/** KaTeX's style sheet and fonts, bundled from the package (no network). */
export const KATEX_CSS = 'katex/dist/katex.min.css'

/** The twoslash popups' style sheet, imported by the slides that have a twoslash block. */
export const TWOSLASH_CSS = assetImportPath(fileURLToPath(new URL('../../src/styles/twoslash.css', import.meta.url)))

/** Stage one, synchronous: everything but highlighting; enough to know the click count. */
export function analyzeSlide(content: string, options: SlideCompileOptions): AnalyzedSlide {
  const known = new Set([...Object.keys(slideComponents()), ...(options.deckComponents ?? [])])
  const processor = unified()
    .use(remarkParse)
    .use(remarkFrontmatter)
    .use(remarkGfm)
    .use(remarkMath)
    // Before block meta: a snippet becomes a code fence like any other.
    .use(remarkSnippets, { deckDir: options.deckDir })
    // Before block meta: a magic-move block's fences are its steps, not one code block's meta.
    .use(remarkMagicMove, { deckDir: options.deckDir })
    // Before block meta: a Monaco fence's `{monaco}` and options are the editor's, not line steps.
    .use(remarkMonaco)
    .use(remarkBlockMeta)
    .use(remarkTwoslash)
    // Before component tags: `<mdi-home />` becomes its SVG before anything reads it as an element.
    .use(remarkIcons, { deckDir: options.deckDir })
    .use(remarkComponentTags)
    .use(remarkMermaid, { defaults: options.mermaid, check: options.checkDiagrams })
    .use(remarkRehype, { allowDangerousHtml: true })
    // Before rehype-raw, which drops the places of nodes that were not raw HTML (a TeX error names its line).
    .use(rehypeKatex, { strict: 'ignore' })
    .use(rehypeRaw)
    .use(rehypeNoScripts, { known })
    // Before everything that reads the tree: a named slot's content is out of a visitor's reach until then.
    .use(rehypeNamedSlots)
    // Before bindings, which would read v-motion's `:initial` and `:click-N` objects as attributes.
    .use(rehypeMotion)
    // Before components, which would warn that <VDrag> is none.
    .use(rehypeDrag, { dragPos: options.frontmatter.dragPos })
    .use(rehypeBindings, { configs: options.configs })
    .use(rehypeComponents, { known: new Set([...known, ...CLICK_COMPONENT_TAGS]) })
    .use(rehypeLinks)
    .use(rehypeMathLines)
    .use(rehypeClicks, { frontmatterClicks: options.frontmatter.clicks })
    .use(rehypeImages, { publicDir: options.publicDir, deckDir: options.deckDir })
    .use(rehypeEmbeds)
    .use(rehypeScopedStyle)
    .use(rehypeSlots)
  const file = new VFile({ value: slotTemplatesAsHtml(content) })
  const hast = processor.runSync(processor.parse(file), file) as Root
  const checks = file.data.laterChecks ?? []
  const styles = [...(file.data.math ? [KATEX_CSS] : []), ...(file.data.twoslash ? [TWOSLASH_CSS] : [])]
  return { hast, clicks: Number(file.data.clicks ?? 0), messages: collect(file), checks, later: runLaterChecks(checks), styles, slideLinks: file.data.slideLinks ?? [] }
}

/** Stage two, asynchronous: code highlighting on a copy of the analysed tree, and formulas made one HTML string each. */
export type HighlightOptions = Pick<SlideCompileOptions, 'lineNumbers' | 'codeCopy'> & { magicMoveCopy?: boolean | 'always' | 'final'; magicMoveDuration?: number }

export async function highlightSlide(hast: Root, options: HighlightOptions): Promise<Root> {
  const magicMove = { lineNumbers: options.lineNumbers, copy: options.codeCopy ? options.magicMoveCopy : false, duration: options.magicMoveDuration }
  const processor = unified().use(rehypeShiki, { lineNumbers: options.lineNumbers, codeCopy: options.codeCopy }).use(rehypeMagicMove, magicMove).use(rehypeStaticMath)
  return (await processor.run(structuredClone(hast))) as Root
}

/** One processor for every note segment: making one per segment (GFM's syntax set up each time) cost 0.1 s a deck. */
const noteProcessor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype, { allowDangerousHtml: true }).use(rehypeRaw).use(rehypeLinks).use(rehypeAuthorHtml).freeze()

/** A note's HTML, cleaned with the shared author-HTML policy; `[click]` lines cut it into segments the presenter highlights click by click. */
export function renderNote(note: string): string {
  if (!note.trim()) return ''
  const segments = note.split(/^\s*\[click(?::(\d+))?\]\s*$/m)
  const html: string[] = []
  let click = 0
  for (let i = 0; i < segments.length; i += 2) {
    if (i > 0) click = segments[i - 1] ? Number(segments[i - 1]) : click + 1
    const text = (segments[i] ?? '').trim()
    if (!text) continue
    const hast = noteProcessor.runSync(noteProcessor.parse(text)) as Root
    html.push(`<div class="note-segment" ${NOTE_CLICK_ATTRIBUTE}="${click}">${toHtml(hast)}</div>`)
  }
  return html.join('')
}

/** The deck's info text as HTML, cleaned with the shared author-HTML policy. */
export function renderInfo(info: string | false): string {
  if (!info || !info.trim()) return ''
  // The author's HTML is allowed in, then rehype-info keeps only plain document tags (no script, styles or frames).
  const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype, { allowDangerousHtml: true }).use(rehypeRaw).use(rehypeLinks).use(rehypeInfo).use(rehypeAuthorHtml)
  return toHtml(processor.runSync(processor.parse(info)) as Root)
}

/** Searchable plain text of a slide's Markdown (for goto's full-text search). */
export function plainSlideText(content: string): string {
  return content
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(style|script)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/::[\w-]+::/g, ' ')
    .replace(/[#>*_`|~-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}
