// When a click-revealed element shows: the timing the build writes onto an element and the rule both halves apply.

/** From click `since` on; until `until` (exclusive) for ranges; `hide` inverts it. */
export interface ClickTiming {
  since: number
  until?: number
  hide?: boolean
}

/** The attributes that carry a timing from the build (rehype-clicks) to the runtime (applyClicks). */
export const CLICK_ATTRIBUTES = {
  since: 'data-click-since',
  until: 'data-click-until',
  hide: 'data-click-hide',
} as const

/** The attribute on a note part (`[click]` lines) naming the click it belongs to. */
export const NOTE_CLICK_ATTRIBUTE = 'data-click'

export function isShownAt(timing: ClickTiming, clicks: number): boolean {
  const inside = clicks >= timing.since && (timing.until === undefined || clicks < timing.until)
  return timing.hide ? !inside : inside
}

/** The attributes the build writes onto an element for `timing`. */
export function timingAttributes(timing: ClickTiming): Record<string, string> {
  return {
    [CLICK_ATTRIBUTES.since]: String(timing.since),
    ...(timing.until === undefined ? {} : { [CLICK_ATTRIBUTES.until]: String(timing.until) }),
    ...(timing.hide ? { [CLICK_ATTRIBUTES.hide]: 'true' } : {}),
  }
}

/** Reads the timing the build wrote onto an element. */
export function timingOf(el: { getAttribute(name: string): string | null }): ClickTiming {
  const until = el.getAttribute(CLICK_ATTRIBUTES.until)
  return {
    since: Number(el.getAttribute(CLICK_ATTRIBUTES.since) ?? 0),
    until: until === null ? undefined : Number(until),
    hide: el.getAttribute(CLICK_ATTRIBUTES.hide) === 'true',
  }
}
