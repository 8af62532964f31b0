// What of a slide leaves its canvas, measured in the page (passed to Playwright's page.evaluate): the layout
// scrolling, or the first visible element ending outside it. Used by scripts/check-slides.ts and the deck's tests.

/** One line per problem of slide `no`, empty when the slide fits. */
export function slideOverflow(no: number): string[] {
  const layout = document.querySelector(`.slidev-page-${no} .slidev-layout`)
  if (!layout) return ['no .slidev-layout']
  const problems: string[] = []
  if (layout.scrollHeight > layout.clientHeight + 2) problems.push(`content taller than the slide by ${layout.scrollHeight - layout.clientHeight}px`)
  if (layout.scrollWidth > layout.clientWidth + 2) problems.push(`content wider than the slide by ${layout.scrollWidth - layout.clientWidth}px`)
  const box = layout.getBoundingClientRect()
  for (const el of layout.querySelectorAll('*')) {
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
