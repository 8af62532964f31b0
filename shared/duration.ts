// Reads a talk's length as Slidev writes it (`35min`, `1h`, `1h30m`, `90` minutes) into milliseconds, at build time.

const MINUTE = 60_000
/** Longer than any talk: a value past it is a typo (`90h`), not a plan. */
export const MAX_DURATION = 24 * 60 * MINUTE

const UNITS: [RegExp, number][] = [
  [/^(?:h|hr|hrs|hour|hours|小时)$/, 60 * MINUTE],
  [/^(?:m|min|mins|minute|minutes|分|分钟)$/, MINUTE],
  [/^(?:s|sec|secs|second|seconds|秒)$/, 1000],
]

/**
 * A duration in milliseconds, or the reason it cannot be read. A bare number means minutes (Slidev's `duration: 90`);
 * otherwise one or more amounts with units, largest first (`1h30m`, `1 h 30 min`, `45m30s`).
 */
export function parseDuration(value: unknown): { ok: true; ms: number } | { ok: false; reason: string } {
  const shown = JSON.stringify(value)
  const bad = { ok: false as const, reason: `must be a length such as 35min, 1h, 1h30m or 90 (minutes), got ${shown}` }
  let ms: number
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return bad
    ms = value * MINUTE
  } else if (typeof value === 'string') {
    const text = value.trim().toLowerCase()
    if (/^\d+(?:\.\d+)?$/.test(text)) ms = Number(text) * MINUTE
    else {
      if (!/^(?:\d+(?:\.\d+)?\s*[a-z\u4e00-\u9fff]+\s*)+$/.test(text)) return bad
      const parts = [...text.matchAll(/(\d+(?:\.\d+)?)\s*([a-z\u4e00-\u9fff]+)/g)]
      ms = 0
      let last = Infinity
      for (const [, amount, unit] of parts) {
        const size = UNITS.find(([pattern]) => pattern.test(unit ?? ''))?.[1]
        // Units must exist and go from large to small, each once (`30m1h` is a typo, not 1 h 30 min).
        if (!size || size >= last) return bad
        last = size
        ms += Number(amount) * size
      }
    }
  } else return bad
  ms = Math.round(ms)
  if (ms <= 0) return { ok: false, reason: `must be longer than zero, got ${shown}` }
  if (ms > MAX_DURATION) return { ok: false, reason: `must be at most 24 hours, got ${shown}` }
  return { ok: true, ms }
}
