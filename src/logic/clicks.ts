// Applies the build's click timings to a slide's DOM for a click step.
import { CLICK_ATTRIBUTES, isShownAt, timingOf } from '../../shared/clicks'

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
}
