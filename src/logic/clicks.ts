// Applies the build's click timings to a slide's DOM for a click step.
import { CLICK_ATTRIBUTES, isShownAt, timingOf } from '../../shared/clicks'
import { isHighlightedAt, stepAt } from '../../shared/line-steps'

/** Sets Slidev's classes on every click target under `root` for the step `clicks`. */
export function applyClicks(root: ParentNode, clicks: number) {
  for (const el of root.querySelectorAll<HTMLElement>(`[${CLICK_ATTRIBUTES.since}]`)) {
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
