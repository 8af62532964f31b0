// What of a slide leaves its canvas, measured in the page (passed to Playwright's page.evaluate): the layout
// scrolling, a box cutting off its content, a diagram drawn taller than its box, or the first visible element
// ending outside the slide. Used by scripts/check-slides.ts and the deck's tests.
import { LEGIBLE_LABEL_PX } from '../shared/diagram'

/** One line per problem of slide `no`, empty when the slide fits. */
export function slideOverflow(no: number): string[] {
  const layout = document.querySelector(`.slidev-page-${no} .slidev-layout`)
  if (!layout) return ['no .slidev-layout']
  const problems: string[] = []
  if (layout.scrollHeight > layout.clientHeight + 2) problems.push(`content taller than the slide by ${layout.scrollHeight - layout.clientHeight}px`)
  if (layout.scrollWidth > layout.clientWidth + 2) problems.push(`content wider than the slide by ${layout.scrollWidth - layout.clientWidth}px`)
  const box = layout.getBoundingClientRect()
  // Content a box cuts off or scrolls (a long code line), and diagrams drawn taller than their box (they overlap).
  for (const el of layout.querySelectorAll('*')) {
    // KaTeX's MathML copy is for screen readers: clipped to 1 px on purpose, never seen.
    if (el.closest('svg') || el.closest('.katex-mathml') || !(el instanceof HTMLElement)) continue
    const style = getComputedStyle(el)
    if (style.display === 'none' || el.closest('.slidev-vclick-hidden')) continue
    const clips = style.overflowX !== 'visible' || style.overflowY !== 'visible'
    if (clips && (el.scrollWidth > el.clientWidth + 2 || el.scrollHeight > el.clientHeight + 2)) {
      problems.push(`<${el.tagName.toLowerCase()}> "${(el.textContent || '').trim().slice(0, 30)}" cuts off its content (${el.scrollWidth - el.clientWidth}px wide, ${el.scrollHeight - el.clientHeight}px tall)`)
      break
    }
  }
  for (const diagram of layout.querySelectorAll('.deck-mermaid')) {
    const svg = diagram.querySelector('svg')
    const drawn = svg?.getBoundingClientRect()
    const frame = diagram.getBoundingClientRect()
    if (drawn && drawn.height > frame.height + 2) problems.push(`a diagram is drawn ${Math.round(drawn.height - frame.height)}px taller than its box (it overlaps what is around it)`)
  }
  for (const el of layout.querySelectorAll('*')) {
    if (el.closest('.katex-mathml')) continue
    const r = el.getBoundingClientRect()
    if (!r.width || !r.height) continue
    const style = getComputedStyle(el)
    if (style.visibility === 'hidden' || style.display === 'none' || el.closest('.slidev-vclick-hidden')) continue
    if (r.bottom > box.bottom + 2 || r.right > box.right + 2 || r.left < box.left - 2 || r.top < box.top - 2) {
      problems.push(`<${el.tagName.toLowerCase()}> "${(el.textContent || '').trim().slice(0, 30)}" ends outside the slide (${Math.round(r.right - box.left)}, ${Math.round(r.bottom - box.top)})`)
      break
    }
  }
  return problems
}

export type TextKind = 'body' | 'table' | 'footnote' | 'code' | 'diagram' | 'picture'

/**
 * The least size of each kind of text a room can read, in canvas pixels (the 980 px wide slide): body 18, tables,
 * footnotes and code 16, text inside diagrams and pictures 14. check-slides and the deck's tests hold slides to them.
 */
export const LEAST_TEXT: Record<TextKind, number> = { body: 18, table: 16, footnote: 16, code: 16, diagram: LEGIBLE_LABEL_PX, picture: 14 }

/** The smallest text of each kind on a slide (px, null when none), where it is, and the share of the height used. */
export interface SlideMeasure {
  min: Record<TextKind, number | null>
  where: Partial<Record<TextKind, string>>
  heightShare: number
}

/**
 * How a slide uses the room, measured in the page in slide units (1 = one px of the 980-wide canvas, whatever the
 * window's scale): the smallest text of each kind that is visible at the current click, and the share of the canvas
 * height its visible content spans (top of the first thing to the bottom of the last). Kinds: `table` (cells),
 * `footnote` (`.footnote`), `code` (`pre`), `diagram` (text of an inline SVG such as a mermaid diagram: its computed
 * size times the scale the SVG is drawn at), `picture` (text inside an SVG picture shown by `<img>`: the file is read
 * and drawn off screen at the picture's size, each text's size times its scale there), `body` (the rest; a KaTeX
 * formula counts at its base size, not its scripts). Text inside raster pictures (PNG, JPEG) cannot be measured.
 * Self-contained: Playwright sends this function's source into the page.
 * `where` gives the start of the smallest text of each kind.
 */
export async function slideMeasure(no: number): Promise<SlideMeasure | null> {
  const layout = document.querySelector(`.slidev-page-${no} .slidev-layout`)
  if (!(layout instanceof HTMLElement)) return null
  const box = layout.getBoundingClientRect()
  const canvasScale = box.width / (layout.offsetWidth || box.width)
  const min: Record<TextKind, number | null> = { body: null, table: null, footnote: null, code: null, diagram: null, picture: null }
  const where: Partial<Record<TextKind, string>> = {}
  const note = (kind: TextKind, size: number, text: string) => {
    const current = min[kind]
    if (current === null || size < current) {
      min[kind] = size
      // A picture's text is named with its file.
      where[kind] = kind === 'picture' ? text : text.trim().slice(0, 24)
    }
  }
  let top = Infinity
  let bottom = -Infinity
  const extend = (r: DOMRect) => {
    if (!r.width || !r.height) return
    top = Math.min(top, r.top)
    bottom = Math.max(bottom, r.bottom)
  }
  const shown = (el: Element) =>
    !el.closest('.slidev-vclick-hidden') && el.checkVisibility({ opacityProperty: true, visibilityProperty: true })
  const walker = document.createTreeWalker(layout, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement
    if (!parent || !node.textContent?.trim() || parent.closest('style, script, title, desc')) continue
    if (!shown(parent)) continue
    const range = document.createRange()
    range.selectNodeContents(node)
    for (const r of range.getClientRects()) extend(r)
    const formula = parent.closest('.katex')
    const sized = formula ?? parent
    let size = parseFloat(getComputedStyle(sized).fontSize)
    const svg = parent.closest('svg')
    if (svg) {
      const view = svg.viewBox?.baseVal
      const drawn = svg.getBoundingClientRect().width
      if (view && view.width) size *= drawn / view.width
      size /= canvasScale
    } else if (sized instanceof HTMLElement && sized.offsetWidth) {
      // A transform inside the slide (not the canvas's own scale; offsetWidth is rounded, so allow 2 %).
      const own = sized.getBoundingClientRect().width / sized.offsetWidth / canvasScale
      if (Math.abs(own - 1) > 0.02) size *= own
    }
    const kind: TextKind = svg ? 'diagram' : parent.closest('pre') ? 'code' : parent.closest('.footnote') ? 'footnote' : parent.closest('table') ? 'table' : 'body'
    note(kind, size, node.textContent)
  }
  for (const el of layout.querySelectorAll('img, svg, canvas, iframe, video, input, button, .deck-embed-fallback')) {
    if (el.parentElement?.closest('svg') || !shown(el)) continue
    extend(el.getBoundingClientRect())
  }
  // SVG pictures: an <img> hides its text from the page, so the file is read and drawn off screen, in a shadow root
  // (its own <style> stays inside), at the size the picture has on the slide; each text's size is its computed font
  // size times the scale from the picture's user units to those pixels (viewBox and transforms included).
  for (const img of layout.querySelectorAll('img')) {
    const src = img.currentSrc || img.src
    if (!shown(img) || !/\.svg(?:[?#]|$)|^data:image\/svg\+xml/i.test(src)) continue
    const drawn = img.getBoundingClientRect()
    if (!drawn.width || !drawn.height) continue
    const markup = await fetch(src).then((r) => (r.ok ? r.text() : ''), () => '')
    const picture = new DOMParser().parseFromString(markup, 'image/svg+xml').documentElement
    if (!(picture instanceof SVGSVGElement)) continue
    const host = document.createElement('div')
    host.style.cssText = 'position: fixed; left: -20000px; top: 0; visibility: hidden; pointer-events: none; transform: none; zoom: 1'
    document.body.append(host)
    try {
      const copy = document.importNode(picture, true)
      copy.setAttribute('width', String(drawn.width / canvasScale))
      copy.setAttribute('height', String(drawn.height / canvasScale))
      host.attachShadow({ mode: 'open' }).append(copy)
      // A small picture the build inlined has no file name left: its alt text names it.
      const file = src.startsWith('data:') ? (img.alt ? `“${img.alt.slice(0, 12)}”` : 'data:') : decodeURIComponent(src.split(/[?#]/)[0]!.split('/').pop() ?? '')
      for (const text of copy.querySelectorAll('text')) {
        const content = text.textContent ?? ''
        if (!content.trim() || text.closest('defs, title, desc, style, script, mask, clipPath, pattern, symbol')) continue
        const style = getComputedStyle(text)
        if (style.display === 'none') continue
        const ctm = text.getScreenCTM()
        const scale = ctm ? Math.hypot(ctm.a, ctm.b) : 1
        note('picture', parseFloat(style.fontSize) * scale, `${content.trim().slice(0, 16)} (${file})`)
      }
    } finally {
      host.remove()
    }
  }
  for (const kind of ['body', 'table', 'footnote', 'code', 'diagram', 'picture'] as const) {
    const size = min[kind]
    if (size !== null) min[kind] = Math.round(size * 10) / 10
  }
  const heightShare = bottom > top ? Math.min(1, (bottom - top) / box.height) : 0
  return { min, where, heightShare: Math.round(heightShare * 100) / 100 }
}
