// Which pages a print or PDF export holds: the slides in `?range=`, each fully revealed or once per click step.
import { parseRangeString } from '../../shared/range'

/** The click value that reveals every click of a slide when printing (spec.md section 9). */
export const PRINT_ALL_CLICKS = 99999

export interface PrintPage {
  no: number
  clicks: number
  /** `NNN-CC`: the slide padded to 3 digits, the click step padded to 2 (spec.md section 7). */
  id: string
}

export function printPageId(no: number, clicks: number): string {
  return `${String(no).padStart(3, '0')}-${String(clicks).padStart(2, '0')}`
}

export interface PrintQuery {
  range?: string
  /** `?print=clicks`: one page per click step instead of one fully revealed page per slide. */
  withClicks: boolean
}

export function parsePrintQuery(search: string): PrintQuery {
  const params = new URLSearchParams(search)
  return { range: params.get('range') ?? undefined, withClicks: params.get('print') === 'clicks' }
}

/**
 * The pages to print, in order. With clicks a slide gives pages 0..clicks (its own click count);
 * without, one page whose id says step 0 but whose content shows every click, as Slidev does.
 */
export function printPages(clicksOfSlides: readonly number[], query: PrintQuery): PrintPage[] {
  const pages: PrintPage[] = []
  for (const no of parseRangeString(clicksOfSlides.length, query.range)) {
    const clicks = Math.max(0, Math.floor(clicksOfSlides[no - 1] ?? 0))
    if (!query.withClicks) {
      pages.push({ no, clicks: PRINT_ALL_CLICKS, id: printPageId(no, 0) })
      continue
    }
    for (let step = 0; step <= clicks; step++) pages.push({ no, clicks: step, id: printPageId(no, step) })
  }
  return pages
}
