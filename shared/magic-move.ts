// Magic move's steps and clicks (Slidev's ShikiMagicMove): which code step and which highlighted lines a block shows at
// a click, shared by the plugin (the block's click count) and the runtime (the step at each click).

/** One code fence of a ````md magic-move` block, as the build reads it. */
export interface MagicMoveStep {
  lang: string
  code: string
  /** Line numbers for this step (`{lines: true}` on the block or the fence). */
  lines: boolean
  /** Its line highlights, `{*|1|2}` → ['*', '1', '2']; one step `['all']` without. */
  ranges: string[]
}

/** A fence's `{1|2-3|*}` as Slidev normalises it: at least one range per step. */
export function stepRanges(text: string | undefined): string[] {
  const ranges = (text ?? '').trim() ? (text ?? '').trim().split('|').map((r) => r.trim()) : []
  return ranges.length ? ranges : ['all']
}

/** How many clicks a block takes: one per range of every step, less the first (shown before the block's clicks). */
export function magicMoveClicks(ranges: string[][]): number {
  return Math.max(0, ranges.reduce((sum, r) => sum + Math.max(1, r.length), 0) - 1)
}

/**
 * The step and the highlighted range at click `clicks` of a block whose first click is `since`; `null` clicks (a
 * page with no steps: the reader) is the final state. Past its last click a block shows its last step, every line
 * highlighted, as Slidev does.
 */
export function magicMoveStepAt(clicks: number | null, since: number, ranges: string[][]): { step: number; range: string } {
  const last = Math.max(0, ranges.length - 1)
  if (clicks === null) return { step: last, range: 'all' }
  const offset = clicks - since
  let sum = 0
  for (let i = 0; i < ranges.length; i++) {
    const current = ranges[i]!.length ? ranges[i]! : ['all']
    if (offset < sum + current.length - 1) return { step: i, range: current[Math.max(0, offset - sum + 1)] ?? 'all' }
    sum += current.length
  }
  return { step: last, range: 'all' }
}
