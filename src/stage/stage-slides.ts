// Which slides the play stage holds: the shown one, the leaving one while a transition runs, and its neighbours,
// rendered ahead of need and hidden, so that moving either way reveals elements that already exist.

/** A slide that may be rendered ahead: it exists and does not say `preload: false`. */
const renderable = (slides: readonly { frontmatter: Record<string, unknown> }[], no: number) => {
  const slide = slides[no - 1]
  return no >= 1 && !!slide && slide.frontmatter.preload !== false
}

/** The slides to render ahead around `shown`: the next and the previous one (0 for none). */
export function slidesAhead(shown: number, slides: readonly { frontmatter: Record<string, unknown> }[]): { next: number; previous: number } {
  return { next: renderable(slides, shown + 1) ? shown + 1 : 0, previous: renderable(slides, shown - 1) ? shown - 1 : 0 }
}

/** What a slide in the stage is doing: shown, leaving (its transition running), or rendered ahead, hidden. */
export type StageRole = 'shown' | 'leaving' | 'ahead'

/**
 * The stage's slides in slide order, each once (0s dropped), with their roles. Slide order means no element moves
 * between changes: forward, the next slide becomes the entering one after the leaving one; back, the previous one
 * enters before it.
 */
export function stageSlides(shown: number, leaving: number, ahead: readonly number[]): { no: number; role: StageRole }[] {
  return [...new Set([leaving, shown, ...ahead])]
    .filter((no) => no > 0)
    .sort((a, b) => a - b)
    .map((no) => ({ no, role: no === shown ? 'shown' : no === leaving ? 'leaving' : 'ahead' }))
}
