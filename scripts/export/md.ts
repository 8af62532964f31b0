// `--format md`: the speaker notes as one Markdown file, a section per slide with its number and title, for
// rehearsing and reading aloud (Slidev's export-notes, in Markdown).
// Notes are cleaned by the one allow-list every view uses (shared/sanitize.ts): HTML that runs, embeds or restyles is
// dropped, script-scheme links keep only their text; the rest of the note's Markdown stays as written.
import { unified } from 'unified'
import remarkParse from 'remark-parse'
import remarkGfm from 'remark-gfm'
import rehypeRaw from 'rehype-raw'
import { toHtml } from 'hast-util-to-html'
import { SKIP, visit } from 'unist-util-visit'
import type { Root as HastRoot } from 'hast'
import type { Root as MdastRoot, Nodes } from 'mdast'
import type { DeckSource } from './deck-source'
import { authorHtmlPolicy, rehypeAuthorHtml } from '../../shared/sanitize.ts'

const markdown = unified().use(remarkParse).use(remarkGfm).freeze()
const htmlCleaner = unified().use(rehypeRaw).use(rehypeAuthorHtml).freeze()
const allowedTags = new Set(authorHtmlPolicy.tagNames ?? [])

/** A piece of the author's HTML as the views would show it (the same allow-list), as HTML again. */
function cleanHtml(html: string): string {
  const closing = /^<\/([A-Za-z][\w-]*)\s*>$/.exec(html.trim())
  // Inline HTML arrives one tag at a time: a lone closing tag stays when its element may.
  if (closing) return allowedTags.has((closing[1] ?? '').toLowerCase()) ? html : ''
  const tree = htmlCleaner.runSync({ type: 'root', children: [{ type: 'raw', value: html }] } as unknown as HastRoot) as HastRoot
  let cleaned = toHtml(tree)
  // A lone opening tag comes back closed; its closing tag is further on in the note.
  if (/^<[A-Za-z][^>]*>$/.test(html.trim())) cleaned = cleaned.replace(/(<\/[A-Za-z][\w-]*>)+$/, '')
  return cleaned
}

/** Whether a link or image address survives the policy: relative, or one of its protocols. */
function allowedUrl(url: string, kind: 'href' | 'src'): boolean {
  const scheme = /^([^:/?#]+):/.exec(url.trim())
  if (!scheme) return true
  return (authorHtmlPolicy.protocols?.[kind] ?? []).includes((scheme[1] ?? '').toLowerCase())
}

/** The note with its HTML and addresses cleaned by the views' allow-list (shared/sanitize.ts). */
export function cleanNote(note: string): string {
  if (!note.trim()) return note
  const tree = markdown.parse(note) as MdastRoot
  const edits: { start: number; end: number; text: string }[] = []
  const span = (node: Nodes) => ({ start: node.position?.start.offset, end: node.position?.end.offset })
  const stripped = new Set((authorHtmlPolicy.strip ?? []).map((tag) => tag.toLowerCase()))
  /** Html nodes already covered by an edit (the inside of an inline `<script>…</script>`). */
  const covered = new Set<Nodes>()
  visit(tree, (node: Nodes) => {
    const { start, end } = span(node)
    if (start === undefined || end === undefined || covered.has(node)) return SKIP
    // Inline HTML comes one tag at a time: an element dropped with its content (script, style…) takes its siblings up to its closing tag.
    if ('children' in node) {
      const children = node.children as Nodes[]
      children.forEach((child, i) => {
        const opener = child.type === 'html' ? /^<([A-Za-z][\w-]*)\b[^>]*>$/.exec(child.value.trim()) : null
        const tag = opener?.[1]?.toLowerCase()
        if (!tag || !stripped.has(tag) || covered.has(child)) return
        const closeAt = children.findIndex((later, j) => j > i && later.type === 'html' && new RegExp(`^</${tag}\\s*>$`, 'i').test(later.value.trim()))
        const last = children[closeAt === -1 ? children.length - 1 : closeAt]
        const from = child.position?.start.offset
        const to = last?.position?.end.offset
        if (from === undefined || to === undefined) return
        for (const inner of children.slice(i, closeAt === -1 ? children.length : closeAt + 1)) covered.add(inner)
        edits.push({ start: from, end: to, text: '' })
      })
    }
    if (node.type === 'html') {
      const cleaned = cleanHtml(node.value)
      if (cleaned !== node.value) edits.push({ start, end, text: cleaned })
      return SKIP
    }
    if ((node.type === 'link' || node.type === 'definition') && !allowedUrl(node.url, 'href')) {
      const children = node.type === 'link' ? node.children : []
      const first = children[0]?.position?.start.offset
      const last = children[children.length - 1]?.position?.end.offset
      edits.push({ start, end, text: first !== undefined && last !== undefined ? cleanNote(note.slice(first, last)) : '' })
      return SKIP
    }
    if (node.type === 'image' && !allowedUrl(node.url, 'src')) {
      edits.push({ start, end, text: node.alt ?? '' })
      return SKIP
    }
  })
  let out = note
  for (const edit of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end)
  return out
}

/** `[click]` lines become a visible cue; the note's own Markdown stays as written. */
function rehearsalNote(note: string): string {
  return note
    .split('\n')
    .map((line) => (/^\s*\[click(?::\d+)?\]\s*$/i.test(line) ? '*(click)*' : line))
    .join('\n')
    .trim()
}

/** Headings inside a note are pushed below the slide's own `##` so the sections stay the outline. */
function demoteHeadings(note: string): string {
  let fenced = false
  return note
    .split('\n')
    .map((line) => {
      if (/^\s{0,3}(```|~~~)/.test(line)) fenced = !fenced
      return !fenced && /^#{1,4}\s/.test(line) ? `##${line}` : line
    })
    .join('\n')
}

/**
 * The notes document: the deck title, then `## N. Title` for every slide in `nos` (in order), its note or
 * a line saying it has none.
 */
export function notesMarkdown(deck: DeckSource, nos: readonly number[]): string {
  const bySlide = new Map(deck.slides.map((s) => [s.no, s]))
  const sections = nos.map((no) => {
    const slide = bySlide.get(no)
    const title = slide?.title.replace(/\s+/g, ' ').trim()
    const note = slide ? demoteHeadings(rehearsalNote(cleanNote(slide.note))) : ''
    return `## ${no}. ${title || `Slide ${no}`}\n\n${note || '*(no notes)*'}\n`
  })
  return `# ${deck.title || 'Slides'}: speaker notes\n\n${sections.join('\n')}`
}
