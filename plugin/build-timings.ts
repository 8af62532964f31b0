// Where a build's time goes: `DECK_BUILD_TIMINGS=1 npm run build` prints, at the end, each phase's wall time and the
// process's memory as it ends (the README's account of the build is made from it). Phases are laps of one clock that
// starts when the config loads.
const started = performance.now()
let last = started
const laps: [string, number, number][] = []

/** Ends the phase called `name` now. */
export function lap(name: string): void {
  const now = performance.now()
  laps.push([name, now - last, process.memoryUsage().rss])
  last = now
}

/** Prints the phases when DECK_BUILD_TIMINGS is set. */
export function reportLaps(): void {
  if (!process.env.DECK_BUILD_TIMINGS) return
  const total = performance.now() - started
  console.log(`build: ${laps.map(([name, ms, rss]) => `${name} ${Math.round(ms)} ms (${Math.round(rss / 2 ** 20)} MB after)`).join(', ')}; ${Math.round(total)} ms since the config loaded`)
}
