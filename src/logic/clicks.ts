// When a click-revealed element shows (build-time timings, run-time clicks), and applying that to a slide's DOM.
import { isHighlightedAt, stepAt } from './line-steps'

/** From click `since` on; until `until` (exclusive) for ranges; `hide` inverts it. */
export interface ClickTiming {
  since: number
  until?: number
  hide?: boolean
}

export function isShownAt(timing: ClickTiming, clicks: number): boolean {
  const inside = clicks >= timing.since && (timing.until === undefined || clicks < timing.until)
  return timing.hide ? !inside : inside
}

/** Reads the timing the plugin wrote onto an element. */
export function timingOf(el: { getAttribute(name: string): string | null }): ClickTiming {
  const until = el.getAttribute('data-click-until')
  return {
    since: Number(el.getAttribute('data-click-since') ?? 0),
    until: until === null ? undefined : Number(until),
    hide: el.getAttribute('data-click-hide') === 'true',
  }
}

/** Sets Slidev's classes on every click target under `root` for the step `clicks`. */
export function applyClicks(root: ParentNode, clicks: number) {
  for (const el of root.querySelectorAll<HTMLElement>('[data-click-since]')) {
    const timing = timingOf(el)
    const shown = isShownAt(timing, clicks)
    el.classList.toggle('slidev-vclick-hidden', !shown)
    el.classList.toggle('slidev-vclick-current', timing.since === clicks)
    el.classList.toggle('slidev-vclick-prior', timing.since < clicks)
    if (shown) el.removeAttribute('aria-hidden')
    else el.setAttribute('aria-hidden', 'true')
  }
  // Code and math blocks with line steps highlight the lines of their step (Slidev's `highlighted` / `dishonored`).
  for (const block of root.querySelectorAll<HTMLElement>('[data-steps-since]')) {
    const step = stepAt(clicks, Number(block.getAttribute('data-steps-since')), Number(block.getAttribute('data-steps-count') ?? 1))
    for (const line of block.querySelectorAll<HTMLElement>('[data-highlight-steps]')) {
      const on = isHighlightedAt(line.getAttribute('data-highlight-steps') ?? '', step)
      line.classList.toggle('highlighted', on)
      line.classList.toggle('dishonored', !on)
    }
  }
}
