// A slide change in one frame. The play stage holds the next and the previous slide rendered ahead (laid out, hidden);
// a move to one of them is shown in the key's own task by giving the elements that exist the classes React would give
// them (the entering slide, the leaving one, the transition), and React renders the move after that frame, landing on
// the same classes. So the key's task does almost nothing and its frame only restyles a few elements and paints; the
// address, the chrome, the announcer and the new neighbours follow a frame later.
// A move the stage cannot show that way (a slide not held ahead, another step, a view transition, drawings on either
// slide) goes the usual way: React renders it in the key's task.
import type { TransitionName } from './transition'

/** The stage's class names by role; SlideStage renders the same. */
export const STAGE_CLASS = 'slidev-stage'
export const SLIDE_CLASS = { shown: 'slidev-stage-slide', leaving: 'slidev-stage-slide deck-leave', ahead: 'deck-ahead' } as const
export const ENTER_CLASS = 'deck-enter'

/** The stage element's class while a transition runs (or none). */
export function stageClass(transition: TransitionName | null, forward: boolean): string {
  return `${STAGE_CLASS} ${transition ? `transition-${transition} ${forward ? 'forward' : 'backward'}` : ''}`
}

/** The shown slide's class: entering while a transition runs. */
export function shownClass(transitionRuns: boolean): string {
  return SLIDE_CLASS.shown + (transitionRuns ? ` ${ENTER_CLASS}` : '')
}

export interface StageElements {
  stage: HTMLElement
  /** The stage's slide wrappers by slide number. */
  slides: Map<number, HTMLElement>
}

/**
 * Gives the stage's elements the classes of a move from `from` to `to` with `transition` (null: none), as SlideStage
 * renders them: the entering slide shown, the one left leaving (or hidden when nothing animates), any slide still
 * leaving from an earlier move hidden. Attributes (aria-hidden, inert) follow once the transition has run (SlideStage).
 */
export function applyMove({ stage, slides }: StageElements, from: number, to: number, transition: TransitionName | null): void {
  stage.className = stageClass(transition, to > from)
  for (const [no, element] of slides) {
    const next = no === to ? shownClass(transition !== null) : no === from && transition ? SLIDE_CLASS.leaving : SLIDE_CLASS.ahead
    if (element.className !== next) element.className = next
  }
}
