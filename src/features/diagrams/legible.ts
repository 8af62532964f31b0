// The reader draws a diagram no smaller than its labels can be read (shared/diagram.ts, legibleWidth): a column
// narrower than that scrolls the diagram sideways, and its box, once it scrolls, takes the keyboard's focus (←/→
// scroll it) with a name that says so. Slides keep their diagrams as the author sized them.
import { useLayoutEffect, useState, type RefObject } from 'react'
import { legibleWidth } from '../../../shared/diagram'

/** The size of the diagram's smallest label, in the diagram's own units (its viewBox's), 0 when it has none. */
function smallestLabel(svg: SVGSVGElement): number {
  let smallest = Infinity
  for (const label of svg.querySelectorAll('text, foreignObject *')) {
    if (!label.textContent?.trim()) continue
    const size = parseFloat(getComputedStyle(label).fontSize)
    if (size > 0) smallest = Math.min(smallest, size)
  }
  return Number.isFinite(smallest) ? smallest : 0
}

/**
 * Gives the SVG in `box` its legible width as a minimum (when `active`: the reader's article), again whenever `svg`
 * (its markup) changes; true while the box is narrower than the diagram, so that it scrolls.
 */
export function useLegibleDiagram(box: RefObject<HTMLDivElement | null>, active: boolean, svg: string): boolean {
  const [scrolls, setScrolls] = useState(false)
  useLayoutEffect(() => {
    const element = box.current
    const drawing = element?.querySelector('svg')
    if (!active || !element || !drawing) return
    const viewBox = drawing.viewBox.baseVal?.width ?? 0
    const width = legibleWidth(viewBox, parseFloat(drawing.style.width) || viewBox, smallestLabel(drawing))
    if (width !== null) drawing.style.minWidth = `${width}px`
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1)
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [box, active, svg])
  return scrolls
}
