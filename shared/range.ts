// Print and export ranges (`1-3,7`, `all`, `none`): pure, shared by the parser, the print view and the exporter.

/**
 * Slide numbers named by a range string: `all`, `*` or empty → every slide; `none` → none;
 * `,` or `;` lists of `n`, `a-b` and `a-` items. Numbers above `total` are dropped; sorted, unique.
 */
export function parseRangeString(total: number, range?: string): number[] {
  const every = () => Array.from({ length: Math.max(0, total) }, (_, i) => i + 1)
  const text = (range ?? '').trim()
  if (text === '' || text === 'all' || text === '*') return every()
  if (text === 'none') return []
  const picked = new Set<number>()
  for (const item of text.split(/[,;]/)) {
    const m = item.trim().match(/^(\d+)(?:\s*-\s*(\d*))?$/)
    if (!m) continue
    const from = Number(m[1])
    const to = m[2] === undefined ? from : m[2] === '' ? total : Number(m[2])
    for (let n = Math.max(1, from); n <= Math.min(to, total); n++) picked.add(n)
  }
  return [...picked].sort((a, b) => a - b)
}
