// Makes foreign drawing markup safe to show: only drauu's shapes and their drawing attributes survive.
import { cleanAttribute, isDrawingTag } from '../../logic/drawing-markup'

const SVG_NS = 'http://www.w3.org/2000/svg'

function clean(element: Element, scope: string) {
  for (const child of [...element.childNodes]) {
    if (child.nodeType === Node.TEXT_NODE && !child.textContent?.trim()) continue
    if (child.nodeType !== Node.ELEMENT_NODE || (child as Element).namespaceURI !== SVG_NS || !isDrawingTag((child as Element).localName)) {
      child.remove()
      continue
    }
    const el = child as Element
    for (const { name, value } of [...el.attributes]) {
      const kept = cleanAttribute(name, value, scope)
      if (kept === null) el.removeAttribute(name)
      else if (kept !== value) el.setAttribute(name, kept)
    }
    clean(el, scope)
  }
}

/**
 * The markup of a drawing (drauu's dump) with anything that is not a drawing removed; unparsable markup
 * becomes an empty drawing. `scope` prefixes ids so several copies of a drawing can share a page.
 */
export function sanitizeDrawing(markup: string, scope = ''): string {
  if (!markup) return ''
  const doc = new DOMParser().parseFromString(`<svg xmlns="${SVG_NS}">${markup}</svg>`, 'image/svg+xml')
  const root = doc.documentElement
  if (root.localName !== 'svg' || root.getElementsByTagName('parsererror').length) return ''
  clean(root, scope)
  // Serialised as HTML from a detached SVG element, so the children carry no namespace declarations.
  const out = document.createElementNS(SVG_NS, 'svg')
  for (const child of [...root.childNodes]) out.appendChild(document.importNode(child, true))
  return out.innerHTML
}
