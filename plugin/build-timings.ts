// Where a build's time goes: `DECK_BUILD_TIMINGS=1 npm run build` prints each phase's wall time, and the process's
// memory as it ends, at the end (the README's account of the build is made from it). Phases are laps of one clock that starts with the build.
const started = performance.now()
let last = started
const laps: [string, number, number][] = []

/** Ends the phase called `name` now. */
export function lap(name: string): void {
  const now = performance.now()
  laps.push([name, now - last, process.memoryUsage().rss]); if (process.env.DECK_BUILD_MEM) { const m = process.memoryUsage(); console.log(name, Object.fromEntries(Object.entries(m).map(([k, v]) => [k, Math.round(v / 2 ** 20)]))) }
  last = now
}

/** Prints the phases when DECK_BUILD_TIMINGS is set. */
export function reportLaps(): void {
  if (!process.env.DECK_BUILD_TIMINGS) return
  const total = performance.now() - started
  console.log(`build: ${laps.map(([name, ms, rss]) => `${name} ${Math.round(ms)} ms (${Math.round(rss / 2 ** 20)} MB after)`).join(', ')}; ${Math.round(total)} ms since the config loaded`)
}
