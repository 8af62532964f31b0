// What a slide's analysis leaves to be judged while the build goes on: its diagrams (mermaid, in its worker) and its
// twoslash blocks (TypeScript). Listed as data, so an analysis kept on disk starts the same checks when used again.
import { checkDiagram, type DiagramCheck } from './remark-mermaid.ts'
import { checkTwoslash, type TwoslashCheck } from './remark-twoslash.ts'
import type { SlideMessage } from './slide-message.ts'

export type LaterCheck = DiagramCheck | TwoslashCheck

declare module 'vfile' {
  interface DataMap {
    /** The checks whose verdicts are still to come when the tree is compiled. */
    laterChecks: LaterCheck[]
  }
}

/** Starts the checks at once; their warnings, in the slide's order, once all have answered. */
export async function runLaterChecks(checks: readonly LaterCheck[]): Promise<SlideMessage[]> {
  const found = await Promise.all(checks.map((check) => (check.kind === 'mermaid' ? checkDiagram(check) : checkTwoslash(check))))
  return found.filter((m): m is SlideMessage => m !== null)
}
