// Measures how fast diagram slides show their diagram (budget: 40 ms once the app is loaded), and what the first
// load costs: mermaid must not be fetched before slide 1 shows.
// Usage: tsx bench/diagram.ts [--dist <built deck>] [--runs 3]
// Without --dist (or when the built deck has no diagram) it builds tests/fixtures/rich.md into a temp folder.
// Prints progress, then one JSON line of { name: { value, unit } } for bench/run.ts.
//
// "Show" is from the key press that moves onto a diagram slide (from the slide before it, after the app has been
// idle there) to the first painted frame in which that slide's diagram box holds its SVG (or its error notice).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { tmpdir } from 'node:os'
import { type Page } from 'playwright-core'
import { buildDeck, launchChromium, median, option } from './harness'
import { serveStatic } from '../server/static'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const runs = Number(option('--runs') ?? 5)


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

/** Waits until the idle pre-rendering has settled: nothing rendering or queued (`data-busy` gone) for a while. */
async function waitForIdleRenders(page: Page, quietMs = 1000, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs
  let quietSince = 0
  while (Date.now() < until) {
    const state = await page.evaluate(() => {
      const host = document.getElementById('deck-mermaid-host')
      return { rendered: Number(host?.dataset.rendered ?? 0), busy: !!host?.dataset.busy }
    })
    if (state.rendered > 0 && !state.busy) {
      quietSince ||= Date.now()
      if (Date.now() - quietSince >= quietMs) return state.rendered
    } else quietSince = 0
    await page.waitForTimeout(100)
  }
  return -1
}

/**
 * From the key press to the first painted frame showing slide `no` (with `diagram`, its diagram box filled);
 * -1 when it never does.
 */
function timeToSlide(page: Page, no: number, diagram = true): Promise<number> {
  return page.evaluate(
    ([target, withDiagram]) =>
      new Promise<number>((done) => {
        const slide = `.slidev-stage-slide:not(.deck-leave) .slidev-page-${target}[data-loaded="true"]`
        // A message-channel task runs right after the frame is painted (a timer may be clamped or delayed).
        const afterPaint = (run: () => void) => {
          const channel = new MessageChannel()
          channel.port1.onmessage = run
          channel.port2.postMessage(null)
        }
        const ready = () => document.querySelector(withDiagram ? `${slide} .deck-mermaid:is([data-state="rendered"], [data-state="error"])` : slide)
        const start = performance.now()
        let finished = false
        const finish = () => {
          if (finished) return
          finished = true
          observer.disconnect()
          // The frame that paints it: after the next animation frame and the paint that follows it.
          requestAnimationFrame(() => afterPaint(() => done(performance.now() - start)))
        }
        const observer = new MutationObserver(() => ready() && finish())
        observer.observe(document.body, { subtree: true, childList: true, attributes: true })
        window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', code: 'ArrowRight', bubbles: true }))
        if (ready()) finish()
        setTimeout(() => {
          if (!finished) {
            finished = true
            observer.disconnect()
            done(-1)
          }
        }, 10_000)
      }),
    [no, diagram],
  )
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

    // Warm: from the slide before each diagram slide, once the app has been idle there.
    const warm: number[] = []
    const worst: number[] = []
    for (const no of slides) {
      if (no < 2) continue
      const times: number[] = []
      for (let run = 0; run < runs; run++) {
        await page.goto(`${server.url}/${no - 1}?clicks=9999`)
        await page.waitForSelector(`.slidev-page-${no - 1}[data-loaded="true"]`)
        await waitForIdleRenders(page)
        const ms = await timeToSlide(page, no)
        if (ms >= 0) times.push(ms)
      }
      if (times.length) {
        warm.push(median(times))
        worst.push(Math.max(...times))
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
        await page.goto(`${server.url}/${no - 1}?clicks=9999`)
        await page.waitForSelector(`.slidev-page-${no - 1}[data-loaded="true"]`)
        await page.waitForTimeout(1000)
        const ms = await timeToSlide(page, no, false)
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

    if (warm.length) {
      metrics['diagram.showMs'] = { value: median(warm), unit: `ms (median over ${warm.length} diagram slides, key → painted)` }
      metrics['diagram.showWorstMs'] = { value: Math.max(...worst), unit: 'ms' }
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
