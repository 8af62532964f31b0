// Measures how long the overview takes to open: on the deck, and on a generated 1000-slide deck (budget: 300 ms).
// Usage: tsx bench/overview.ts [--dist <built deck>] [--runs 5]
// Prints progress, then one JSON line of { name: { value, unit } } for bench/run.ts.
// "Open" is from the "o" key press to the first frame in which every thumbnail in view shows its slide.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { tmpdir } from 'node:os'
import { type Browser } from 'playwright-core'
import { buildDeck, launchChromium, median, option } from './harness'
import { serveStatic } from '../server/static'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const runs = Number(option('--runs') ?? 5)
const work = join(tmpdir(), 'deck-bench-overview')

const build = (entry: string, outDir: string) => buildDeck(root, entry, outDir)

/** A deck of `count` slides of the kinds the real deck has: headings, lists with clicks, two columns, code. */
function generatedDeck(count: number) {
  const slides = ['---\ntheme: seriph\ntitle: Overview benchmark\nhtmlAttrs:\n  lang: zh-CN\nlayout: cover\n---\n\n# 一千张幻灯片\n\n总览性能测试']
  for (let no = 2; no <= count; no++) {
    const kind = no % 4
    if (kind === 0) slides.push(`---\nlayout: two-cols-header\n---\n\n# 第 ${no} 张：两栏\n\n::left::\n\n- 资产 ${no}\n- 负债 ${no * 2}\n\n::right::\n\n准备金率 ${no % 20}%`)
    else if (kind === 1) slides.push(`---\n\n# 第 ${no} 张：逐步显示\n\n<v-clicks>\n\n- 存款\n- 贷款\n- 货币创造\n\n</v-clicks>`)
    else if (kind === 2) slides.push(`---\nlayout: center\n---\n\n# 第 ${no} 张：居中\n\n**货币乘数** = 1 / 准备金率`)
    else slides.push(`---\n\n# 第 ${no} 张：代码\n\n\`\`\`ts\nconst multiplier = 1 / ${(no % 9) + 1}\n\`\`\``)
  }
  return slides.join('\n\n') + '\n'
}

/** Opens the overview `runs` times on slide `no` and returns each open time in ms (the first one is cold). */
async function measure(browser: Browser, url: string, no: number) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } })
  await page.addInitScript(() => localStorage.clear())
  await page.goto(`${url}/${no}`)
  await page.locator('.slidev-page[data-loaded="true"]').first().waitFor()
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    await page.evaluate(() => {
      const state: NonNullable<Window['__overviewBench']> = (window.__overviewBench = { start: 0 })
      window.addEventListener('keydown', (e) => e.key === 'o' && (state.start = performance.now()), { capture: true, once: true })
      state.done = new Promise((resolveDone) => {
        const check = () => {
          const grid = document.querySelector('.slidev-overview-grid')
          if (grid) {
            const box = grid.getBoundingClientRect()
            const inView = [...grid.querySelectorAll('.overview-thumb')].filter((t) => {
              const r = t.getBoundingClientRect()
              return r.bottom > box.top && r.top < box.bottom
            })
            if (inView.length && inView.every((t) => t.querySelector('.slidev-page[data-loaded="true"]'))) return resolveDone({ ms: performance.now() - state.start, thumbs: inView.length, cards: grid.querySelectorAll(".slidev-overview-card").length })
          }
          requestAnimationFrame(check)
        }
        requestAnimationFrame(check)
      })
    })
    await page.keyboard.press('o')
    const result = await page.evaluate(() => window.__overviewBench?.done)
    if (!result) throw new Error('the overview bench did not start')
    times.push(result.ms)
    if (i === 0) console.log(`    ${result.cards} cards, ${result.thumbs} thumbnails in view`)
    await page.keyboard.press('Escape')
    await page.locator('.slidev-overview').waitFor({ state: 'detached' })
    await page.waitForTimeout(150)
  }
  await page.close()
  return times
}

const round = (value: number) => Math.round(value * 10) / 10

mkdirSync(work, { recursive: true })
let dist = option('--dist')
if (!dist) {
  dist = join(work, 'deck-dist')
  console.log(`building ${process.env.SLIDES_ENTRY || 'slides.md'} → ${dist}`)
  await build(process.env.SLIDES_ENTRY || 'slides.md', dist)
}
if (!existsSync(join(dist, 'index.html'))) throw new Error(`No built deck at ${dist} (index.html missing). Run npm run build or pass --dist.`)
const bigEntry = join(work, 'big-deck.md')
const bigDist = join(work, 'big-dist')
writeFileSync(bigEntry, generatedDeck(1000))
console.log(`building a 1000-slide deck → ${bigDist}`)
const buildStarted = performance.now()
await build(bigEntry, bigDist)
console.log(`    built in ${Math.round(performance.now() - buildStarted)} ms`)

const browser = await launchChromium()
const metrics: Record<string, { value: number; unit: string }> = {}
try {
  for (const [name, folder, no] of <[string, string, number][]>[
    ['overview.openMs', dist, 1],
    ['overview.open1000Ms', bigDist, 500],
  ]) {
    const server = await serveStatic(folder)
    try {
      console.log(`  ${name} (slide ${no}, ${runs} opens)`)
      const times = await measure(browser, server.url, no)
      console.log(`    ${times.map((t) => round(t)).join(', ')} ms`)
      metrics[name] = { value: round(median(times)), unit: 'ms' }
      metrics[name.replace('Ms', 'ColdMs')] = { value: round(times[0] ?? NaN), unit: 'ms' }
    } finally {
      await server.close()
    }
  }
} finally {
  await browser.close()
}
console.log(JSON.stringify(metrics))
