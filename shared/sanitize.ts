// The one cleaning policy for author HTML shown outside a slide (notes, the info dialog, reader view, exports):
// an allow-list on top of GitHub's, so nothing that runs, embeds or restyles the page survives.
import rehypeSanitize, { defaultSchema, type Options as SanitizePolicy } from 'rehype-sanitize'

const base = defaultSchema.attributes ?? {}

/** What notes and the info text legitimately use: emphasis, lists, links, code, tables, images, in-deck links. */
export const authorHtmlPolicy: SanitizePolicy = {
  ...defaultSchema,
  // Ids keep their names: the policy cleans the author's own text, and links to its headings should still work.
  clobberPrefix: '',
  clobber: [],
  // No form controls or media sources: a note never needs them (the default keeps task-list checkboxes).
  tagNames: [
    ...(defaultSchema.tagNames ?? []).filter((tag) => !['input', 'source', 'picture'].includes(tag)),
    'deck-link', 'mark', 'u', 'small', 'abbr', 'cite', 'figure', 'figcaption', 'time', 'caption',
  ],
  attributes: {
    ...base,
    // In-deck links (`/12`) stay the deck's own element, with the slide number only.
    'deck-link': ['to'],
    a: [...(base.a ?? []), 'target', 'rel', 'dataSlide'],
    '*': [...(base['*'] ?? []).filter((name) => name !== 'action' && name !== 'method' && name !== 'encType'), 'className'],
  },
  protocols: { ...defaultSchema.protocols, href: ['http', 'https', 'mailto', 'tel'] },
  // Dropped with what is inside them: code, styling or another document, never text to read.
  strip: ['script', 'style', 'template', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'textarea', 'title', 'xmp', 'noembed', 'noframes', 'plaintext'],
}

/** A unified plugin cleaning a HAST tree with the policy: `.use(rehypeAuthorHtml)` after the author's HTML is parsed. */
export function rehypeAuthorHtml() {
  return rehypeSanitize(authorHtmlPolicy)
}
