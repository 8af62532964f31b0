// Measures how fast diagram slides show their diagram (budgets: median 20 ms, worst 50 ms), and what the first load
// costs: mermaid must not be fetched before slide 1 shows.
// Usage: tsx bench/diagram.ts [--dist <built deck>] [--runs 1]
// Without --dist (or when the built deck has no diagram) it builds tests/fixtures/rich.md into a temp folder.
// Prints progress, then one JSON line of { name: { value, unit } } for bench/run.ts.
//
// "Show" is from a press of → that moves onto a diagram slide (a fresh page: a new browser context, the slide before
// loaded and shown for 1.5 s) to the first painted frame in which that slide's diagram box holds its SVG (or its error
// notice), from the keydown's time stamp (issue 32).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { tmpdir } from 'node:os'
import { type Browser, type Page } from 'playwright-core'
import { buildDeck, launchChromium, median, option } from './harness'
import { serveStatic } from '../server/static'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
/** Moves onto each diagram slide (each on a fresh page): the figures are the median and the worst over the slides. */
const runs = Number(option('--runs') ?? 1)


const build = (entry: string, outDir: string) => buildDeck(root, entry, outDir)

/** Slide numbers whose module uses the Mermaid component (slide chunks are named after their slide number). */
function diagramSlides(dist: string) {
  const assets = join(dist, 'assets')
  if (!existsSync(assets)) return []
  return readdirSync(assets)
    .map((file) => ({ file, no: Number(/^(\d+)-[\w-]+\.js$/.exec(file)?.[1]) }))
    .filter(({ file, no }) => no > 0 && /from"\.\/Mermaid-[\w-]+\.js"/.test(readFileSync(join(assets, file), 'utf8')))
    .map(({ no }) => no)
    .sort((a, b) => a - b)
}

/**
 * From a real press of → (down and up, no key held; the keydown's time stamp) to the first painted frame showing
 * slide `no` (with `diagram`, its diagram box filled): -1 when it never does.
 */
async function timeToSlide(page: Page, no: number, diagram = true): Promise<number> {
  await page.evaluate(
    ([target, withDiagram]) => {
      window.__diagramShown = new Promise<number>((done) => {
        // The slide on stage (the stage shows a slide held ahead in the key's own task; the app marks it loaded, its
        // `data-loaded`, a frame later: what is painted is what counts).
        const slide = `.slidev-stage-slide:not(.deck-leave) .slidev-page-${target}`
        // A message-channel task runs right after the frame is painted (a timer may be clamped or delayed).
        const afterPaint = (run: () => void) => {
          const channel = new MessageChannel()
          channel.port1.onmessage = run
          channel.port2.postMessage(null)
        }
        const ready = () => document.querySelector(withDiagram ? `${slide} .deck-mermaid:is([data-state="rendered"], [data-state="error"])` : slide)
        let start = -1
        let finished = false
        const finish = () => {
          if (finished || start < 0) return
          finished = true
          observer.disconnect()
          // The frame that paints it: after the next animation frame and the paint that follows it.
          requestAnimationFrame(() => afterPaint(() => done(performance.now() - start)))
        }
        const observer = new MutationObserver(() => ready() && finish())
        addEventListener(
          'keydown',
          (event) => {
            if (event.key !== 'ArrowRight' || start >= 0) return
            start = event.timeStamp
            observer.observe(document.body, { subtree: true, childList: true, attributes: true })
            // The key's own task may have shown it: looked at once the task's handlers have run.
            queueMicrotask(() => ready() && finish())
          },
          { capture: true },
        )
        setTimeout(() => {
          if (!finished) {
            finished = true
            observer.disconnect()
            done(-1)
          }
        }, 20_000)
      })
    },
    [no, diagram] as const,
  )
  await page.keyboard.press('ArrowRight')
  return (await page.evaluate(() => window.__diagramShown)) ?? -1
}

/** On the slide before, from its load to the key: a presenter's 1.5 s there at least (issue 32). */
const BEFORE_MS = 1500

/**
 * A diagram slide (or another) reached by → on a fresh page: a new browser context (nothing cached), `/no-1` loaded
 * with its clicks done, 1.5 s there, then one press; the time until the slide's diagram is painted.
 */
async function freshMove(browser: Browser, base: string, no: number, diagram = true): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, colorScheme: 'light' })
  try {
    const page = await context.newPage()
    await page.goto(`${base}/${no - 1}?clicks=9999`)
    await page.waitForSelector(`.slidev-page-${no - 1}[data-loaded="true"]`)
    await page.waitForTimeout(BEFORE_MS)
    return await timeToSlide(page, no, diagram)
  } finally {
    await context.close()
  }
}

async function main() {
  const given = option('--dist')
  let dist = given ?? ''
  let slides = given ? diagramSlides(given) : []
  if (!slides.length) {
    dist = join(tmpdir(), 'deck-bench-diagram')
    console.log(`  building tests/fixtures/rich.md → ${dist}`)
    await build(resolve(root, 'tests/fixtures/rich.md'), dist)
    slides = diagramSlides(dist)
  }
  console.log(`  diagram slides: ${slides.join(', ')}`)
  const browser = await launchChromium()
  const server = await serveStatic(dist)
  const metrics: Record<string, { value: number; unit: string }> = {}
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, colorScheme: 'light' })
    const page = await context.newPage()

    // First load: no mermaid chunk before slide 1 shows.
    await page.goto(`${server.url}/1`)
    await page.waitForSelector('.slidev-page-1[data-loaded="true"]', { state: 'visible' })
    const early = await page.evaluate(() => {
      const shown = performance.now()
      return performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime <= shown && /\/assets\/(mermaid\.(core|esm)|\w+Diagram-|cytoscape|katex|dagre)/.test(e.name))
        .map((e) => e.name)
    })
    metrics['diagram.mermaidChunksBeforeSlide1'] = { value: early.length, unit: 'requests' }

    // Each diagram slide reached by → from the slide before, on a fresh page after 1.5 s there.
    const shown: number[] = []
    const shownAt: string[] = []
    for (const no of slides) {
      if (no < 2) continue
      const times: number[] = []
      for (let run = 0; run < runs; run++) {
        const ms = await freshMove(browser, server.url, no)
        if (ms >= 0) times.push(ms)
      }
      if (times.length) {
        shown.push(...times)
        shownAt.push(`${no}: ${times.map((t) => t.toFixed(0)).join('/')}`)
        console.log(`  slide ${no}: ${times.map((t) => t.toFixed(1)).join(', ')} ms`)
      } else console.log(`  slide ${no}: diagram never showed`)
    }

    // The same move onto slides without a diagram: the engine's own cost of a slide change on this machine now.
    const plain: number[] = []
    const plainSlides: number[] = []
    const total = (await (await fetch(`${server.url}/deck-manifest.json`)).json()).total
    for (let no = 2; plainSlides.length < 5 && no <= total; no++) if (!slides.includes(no) && !slides.includes(no - 1)) plainSlides.push(no)
    for (const no of plainSlides) {
      for (let run = 0; run < runs; run++) {
        const ms = await freshMove(browser, server.url, no, false)
        if (ms >= 0) plain.push(ms)
      }
    }

    // Cold: a diagram slide opened directly (mermaid fetched and the diagram rendered on the spot).
    const cold: number[] = []
    for (const no of slides.slice(0, 3)) {
      const fresh = await context.newPage()
      await fresh.goto(`${server.url}/${no}`)
      await fresh.waitForSelector(`.slidev-page-${no} .deck-mermaid:is([data-state="rendered"], [data-state="error"])`, { timeout: 30_000 })
      const shownAt = await fresh.evaluate(() => performance.now())
      cold.push(shownAt)
      await fresh.close()
    }

    // Dark mode: from the "d" key to the diagram redrawn in the dark variant.
    const darkNo = slides.find((no) => no >= 1) ?? slides[0]
    await page.goto(`${server.url}/${darkNo}`)
    await page.waitForSelector(`.slidev-page-${darkNo} .deck-mermaid[data-scheme="light"]`, { timeout: 30_000 })
    const darkMs = await page.evaluate(
      (target) =>
        new Promise<number>((done) => {
          const start = performance.now()
          const observer = new MutationObserver(() => {
            if (document.querySelector(`.slidev-page-${target} .deck-mermaid[data-scheme="dark"]`)) {
              observer.disconnect()
              requestAnimationFrame(() => {
                const channel = new MessageChannel()
                channel.port1.onmessage = () => done(performance.now() - start)
                channel.port2.postMessage(null)
              })
            }
          })
          observer.observe(document.body, { subtree: true, attributes: true, childList: true })
          window.dispatchEvent(new KeyboardEvent('keydown', { key: 'd', code: 'KeyD', bubbles: true }))
        }),
      darkNo,
    )

    if (shown.length) {
      metrics['diagram.showMedianMs'] = { value: median(shown), unit: `ms (median over ${slides.filter((n) => n >= 2).length} diagram slides, → on a fresh page after 1.5 s on the slide before → diagram painted)` }
      metrics['diagram.showWorstMs'] = { value: Math.max(...shown), unit: `ms (each slide: ${shownAt.join(', ')})` }
    }
    if (plain.length) metrics['diagram.plainSlideMs'] = { value: median(plain), unit: `ms (same measure onto ${plainSlides.length} slides without a diagram: the baseline)` }
    if (cold.length) metrics['diagram.coldSlideMs'] = { value: median(cold), unit: 'ms (diagram slide opened directly, load → diagram)' }
    metrics['diagram.darkRedrawMs'] = { value: darkMs, unit: 'ms (d → dark diagram painted)' }
    await context.close()
  } finally {
    await browser.close()
    await server.close()
  }
  for (const [name, { value, unit }] of Object.entries(metrics)) console.log(`  ${name.padEnd(34)} ${String(Math.round(value * 10) / 10).padStart(10)} ${unit}`)
  console.log(JSON.stringify(metrics))
}

await main()
