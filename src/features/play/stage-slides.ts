// Which slides the play stage holds: the shown one, the leaving one while a transition runs, and the next slide,
// rendered ahead and hidden so that moving forward reveals elements that already exist.

/** The slide to render ahead of `shown` (0: none): the next one, unless it is past the end or says `preload: false`. */
export function slideAhead(shown: number, slides: readonly { frontmatter: Record<string, unknown> }[]): number {
  const next = slides[shown]
  return next && next.frontmatter.preload !== false ? shown + 1 : 0
}

/**
 * The stage's slides in slide order, each once (0s dropped). Slide order means no element moves between changes:
 * forward, the slide ahead becomes the entering one after the leaving one; back, the slide left stays after the
 * entered one, as the one ahead.
 */
export function stageOrder(shown: number, leaving: number, ahead: number): number[] {
  return [...new Set([leaving, shown, ahead])].filter((no) => no > 0).sort((a, b) => a - b)
}
