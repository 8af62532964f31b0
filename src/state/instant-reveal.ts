// Where a move shown at once meets the navigation: the play stage (src/stage/instant-move.ts, SlideStage) offers to
// show a move to a slide it holds ahead in the key's own task; useDeckNav asks it before rendering a move the usual
// way. State knows nothing of the stage's elements, only this question.
import type { Position } from '../logic/nav'

/** What the mounted play stage answers: whether it showed the move at once. */
export type InstantReveal = (from: Position, to: Position) => boolean

let reveal: InstantReveal | null = null

/** The play stage offers its reveal while mounted (one stage at a time: the audience's view). */
export function offerInstantReveal(stage: InstantReveal): () => void {
  reveal = stage
  return () => {
    if (reveal === stage) reveal = null
  }
}

/** Shows a move at once when the stage holds its slide ahead; false when the move must be rendered the usual way. */
export function revealAtOnce(from: Position, to: Position): boolean {
  return reveal ? reveal(from, to) : false
}
