// Line steps of code and math blocks (`{1|2-3|all}`): which lines each click step highlights, shared by the plugin
// (build time, for click counts and the first step) and the runtime (each click).

/** The steps of a `{…}` line-range string: `|` separates steps, each a `,` list of `n`/`a-b` lines or `all`/`*`. */
export function parseLineSteps(text: string): string[] {
  return text.split('|').map((s) => s.trim())
}

/** The 1-based lines a step highlights among `total` (every line for `all`, `*` or an empty step). */
export function linesOfStep(step: string, total: number): Set<number> {
  const text = step.trim()
  if (text === '' || text === 'all' || text === '*') return new Set(Array.from({ length: total }, (_, i) => i + 1))
  const lines = new Set<number>()
  for (const item of text.split(',')) {
    const m = item.trim().match(/^(\d+)(?:\s*-\s*(\d*))?$/)
    if (!m) continue
    const from = Number(m[1])
    const to = m[2] === undefined ? from : m[2] === '' ? total : Number(m[2])
    for (let n = Math.max(1, from); n <= Math.min(to, total); n++) lines.add(n)
  }
  return lines
}

/** For each line (1-based, index 0 unused), the step indexes that highlight it, as `data-highlight-steps` holds them. */
export function highlightStepsOfLines(steps: string[], total: number): string[] {
  const perLine: string[] = ['']
  const sets = steps.map((s) => linesOfStep(s, total))
  for (let line = 1; line <= total; line++) perLine.push(sets.flatMap((set, i) => (set.has(line) ? [String(i)] : [])).join(','))
  return perLine
}

/** The step shown at click `clicks` of a block whose second step comes at click `since`. */
export function stepAt(clicks: number, since: number, count: number): number {
  return Math.max(0, Math.min(count - 1, clicks - since + 1))
}

/** Whether a line with `data-highlight-steps` = `steps` is highlighted at `step`. */
export function isHighlightedAt(steps: string, step: number): boolean {
  return steps.split(',').includes(String(step))
}
