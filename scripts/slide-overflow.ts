// What of a slide leaves its canvas, measured in the page (passed to Playwright's page.evaluate): the layout
// scrolling, a box cutting off its content, a diagram drawn taller than its box, or the first visible element
// ending outside the slide. Used by scripts/check-slides.ts and the deck's tests.

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

export type TextKind = 'body' | 'table' | 'footnote' | 'code' | 'diagram'

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
 * `footnote` (`.footnote`), `code` (`pre`), `diagram` (text of an inline SVG, scaled as drawn), `body` (the rest;
 * a KaTeX formula counts at its base size, not its scripts). Text inside pictures (`<img>`) cannot be measured.
 * Self-contained: Playwright sends this function's source into the page.
 * `where` gives the start of the smallest text of each kind.
 */
export function slideMeasure(no: number): SlideMeasure | null {
  const layout = document.querySelector(`.slidev-page-${no} .slidev-layout`)
  if (!(layout instanceof HTMLElement)) return null
  const box = layout.getBoundingClientRect()
  const canvasScale = box.width / (layout.offsetWidth || box.width)
  const min: Record<TextKind, number | null> = { body: null, table: null, footnote: null, code: null, diagram: null }
  const where: Partial<Record<TextKind, string>> = {}
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
    const current = min[kind]
    if (current === null || size < current) {
      min[kind] = size
      where[kind] = node.textContent.trim().slice(0, 24)
    }
  }
  for (const el of layout.querySelectorAll('img, svg, canvas, iframe, video, input, button, .deck-embed-fallback')) {
    if (el.parentElement?.closest('svg') || !shown(el)) continue
    extend(el.getBoundingClientRect())
  }
  for (const kind of ['body', 'table', 'footnote', 'code', 'diagram'] as const) {
    const size = min[kind]
    if (size !== null) min[kind] = Math.round(size * 10) / 10
  }
  const heightShare = bottom > top ? Math.min(1, (bottom - top) / box.height) : 0
  return { min, where, heightShare: Math.round(heightShare * 100) / 100 }
}
