// Makes the deck's `info` text safe to show as HTML in the viewer: only plain document tags and attributes survive,
// and in-deck links (`/12`) become ordinary anchors the info dialog follows inside the app.
import type { Root, Element, ElementContent, Properties } from 'hast'

// Formatting, lists, tables, links and images: what an "about this talk" text needs, nothing that runs or embeds.
const ALLOWED_TAGS = new Set([
  'p', 'br', 'hr', 'a', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'mark', 'small', 'sub', 'sup', 'code', 'kbd',
  'pre', 'blockquote', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'table', 'thead', 'tbody',
  'tfoot', 'tr', 'th', 'td', 'span', 'div', 'img', 'figure', 'figcaption', 'abbr', 'cite', 'q', 'details', 'summary', 'time',
])
// Dropped with everything inside them: their content is code, styling or another document, never text to read.
const DROPPED_TAGS = new Set(['script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'template', 'noscript', 'link', 'meta', 'base', 'form', 'input', 'button', 'textarea', 'select', 'option', 'svg', 'math', 'applet', 'audio', 'video', 'canvas', 'title', 'head'])
const ALLOWED_PROPERTIES = new Set(['href', 'src', 'alt', 'title', 'className', 'width', 'height', 'colSpan', 'rowSpan', 'align', 'target', 'rel', 'lang', 'dir', 'start', 'reversed', 'open', 'dateTime', 'cite'])
const SAFE_URL = /^(https?:|mailto:|tel:|\/|\.{0,2}\/|#|[^:]*$)/i

function cleanProperties(properties: Properties): Properties {
  const kept: Properties = {}
  for (const [key, value] of Object.entries(properties)) {
    if (!ALLOWED_PROPERTIES.has(key)) continue
    if ((key === 'href' || key === 'src' || key === 'cite') && (typeof value !== 'string' || !SAFE_URL.test(value.trim()))) continue
    kept[key] = value
  }
  return kept
}

function clean(children: ElementContent[]): ElementContent[] {
  const out: ElementContent[] = []
  for (const child of children) {
    if (child.type === 'text') out.push(child)
    if (child.type !== 'element') continue
    const element: Element = child
    if (DROPPED_TAGS.has(element.tagName)) continue
    if (element.tagName === 'deck-link') {
      // rehype-links turned `/12` into an in-deck link: an anchor with the slide number the dialog navigates to.
      const to = String(element.properties.to ?? '')
      out.push({ type: 'element', tagName: 'a', properties: { href: `/${to}`, dataSlide: to }, children: clean(element.children) })
      continue
    }
    // Unknown tags (components, custom elements) give up their tag but keep their text.
    if (!ALLOWED_TAGS.has(element.tagName)) {
      out.push(...clean(element.children))
      continue
    }
    out.push({ ...element, properties: cleanProperties(element.properties), children: clean(element.children) })
  }
  return out
}

export default function rehypeInfo() {
  return (tree: Root) => {
    tree.children = clean(tree.children.filter((c): c is ElementContent => c.type === 'element' || c.type === 'text'))
  }
}
