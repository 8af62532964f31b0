// Measures the deck's speed (build, first load, slide changes, dev server, HMR, and each feature's own bench) against bench/budgets.json.
// Usage: npm run bench [-- --only build,load,...] [--json out.json]
import { spawn } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync, mkdirSync, copyFileSync } from 'node:fs'
import { resolve, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { type Browser, type Response } from 'playwright-core'
import { TS_NODE_ARGS } from '../scripts/ts-node-args'
import { launchChromium, median } from './harness'
import { serveStatic } from '../server/static'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const args = process.argv.slice(2)
const only = args.includes('--only') ? (args[args.indexOf('--only') + 1] ?? '').split(',') : null
const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : null
const entry = process.env.SLIDES_ENTRY || 'slides.md'
const work = resolve(root, '.bench')
const dist = join(work, 'dist')
const budgets = JSON.parse(readFileSync(resolve(root, 'bench/budgets.json'), 'utf8')) as Record<string, number | string>
const results: Record<string, { value: number; unit: string }> = {}
const wanted = (name: string) => !only || only.includes(name)

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits

function record(name: string, value: number, unit: string) {
  results[name] = { value: round(value), unit }
  console.log(`  ${name.padEnd(34)} ${String(round(value)).padStart(10)} ${unit}`)
}

/** Runs a child and resolves with its output; rejects with its stderr when it fails. */
function run(command: string, commandArgs: string[], env: Record<string, string> = {}) {
  return new Promise<{ stdout: string; stderr: string }>((resolvePromise, reject) => {
    const child = spawn(command, commandArgs, { cwd: root, env: { ...process.env, ...env } })
    let out = ''
    let err = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (err += d))
    child.on('close', (code) => (code === 0 ? resolvePromise({ stdout: out, stderr: err }) : reject(new Error(`${command} ${commandArgs.join(' ')} failed:\n${err || out}`))))
  })
}

async function benchBuild() {
  console.log(`build (${entry})`)
  const started = performance.now()
  // GNU time reports the build's peak memory (maximum resident set size, in KB) on stderr.
  const { stderr } = await run('/usr/bin/time', ['-f', '__MAXRSS__%M', 'npx', 'vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'error'], { SLIDES_ENTRY: entry })
  record('build.wallMs', performance.now() - started, 'ms')
  const kb = Number(/__MAXRSS__(\d+)/.exec(stderr)?.[1] ?? 0)
  if (kb) record('build.peakMemoryMB', kb / 1024, 'MB')
}

type Bytes = { js: number; jsGzip: number; css: number; cssGzip: number }

async function benchLoad(browser: Browser, base: string) {
  console.log('first load and slide changes')
  const coldTimes: number[] = []
  const readyTimes: number[] = []
  let bytes: { visible: Bytes; ready: Bytes } | null = null
  for (let i = 0; i < 5; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } })
    const page = await context.newPage()
    const loaded = new Map<string, { type: string; file: string }>()
    page.on('response', async (response: Response) => {
      const type = response.request().resourceType()
      if (type !== 'script' && type !== 'stylesheet') return
      const url = new URL(response.url())
      const file = join(dist, decodeURIComponent(url.pathname))
      if (existsSync(file)) loaded.set(url.pathname, { type, file })
    })
    // Seen from inside the page (polling from outside lags by 100s of ms): the moment slide 1 is drawn with a size
    // (by the first-slide boot or by the app), and the moment the app around it is ready to use (data-loaded).
    await page.addInitScript(() => {
      const sized = (selector: string) => {
        const slide = document.querySelector(selector)
        return slide && slide.getBoundingClientRect().width > 0 && slide.querySelector('.slidev-layout')
      }
      const observer = new MutationObserver(() => {
        if (window.__slide1VisibleAt === undefined && sized('.slidev-page-1')) window.__slide1VisibleAt = performance.now()
        if (sized('.slidev-page-1[data-loaded="true"]')) {
          window.__slide1ReadyAt = performance.now()
          observer.disconnect()
        }
      })
      observer.observe(document, { subtree: true, childList: true, attributes: true })
    })
    await page.goto(base + '/1')
    await page.waitForFunction(() => window.__slide1ReadyAt !== undefined)
    const { visibleAt, readyAt } = await page.evaluate(() => ({ visibleAt: window.__slide1VisibleAt ?? 0, readyAt: window.__slide1ReadyAt ?? 0 }))
    coldTimes.push(visibleAt)
    readyTimes.push(readyAt)
    if (!bytes) {
      // Only what arrived by a moment counts (later lazy chunks are not "before slide 1").
      const arrived = (t: number) => page.evaluate((until: number) => performance.getEntriesByType('resource').filter((e) => (e as PerformanceResourceTiming).responseEnd <= until).map((e) => new URL(e.name).pathname), t)
      const measure = (paths: string[]) => {
        const sum: Bytes = { js: 0, jsGzip: 0, css: 0, cssGzip: 0 }
        for (const path of paths) {
          const item = loaded.get(path)
          if (!item) continue
          const content = readFileSync(item.file)
          const script = item.type === 'script'
          sum[script ? 'js' : 'css'] += content.length
          sum[script ? 'jsGzip' : 'cssGzip'] += gzipSync(content, { level: 9 }).length
        }
        return sum
      }
      bytes = { visible: measure(await arrived(visibleAt)), ready: measure(await arrived(readyAt)) }
    }
    await context.close()
  }
  if (!bytes) throw new Error('no load measured')
  record('load.jsBeforeSlide1KB', bytes.visible.js / 1024, 'KB')
  record('load.jsBeforeSlide1GzipKB', bytes.visible.jsGzip / 1024, 'KB gzip')
  record('load.cssBeforeSlide1KB', bytes.visible.css / 1024, 'KB')
  record('load.cssBeforeSlide1GzipKB', bytes.visible.cssGzip / 1024, 'KB gzip')
  record('load.slide1VisibleMs', median(coldTimes), 'ms (median of 5 cold loads)')
  record('load.jsBeforeReadyGzipKB', bytes.ready.jsGzip / 1024, 'KB gzip (the whole app, controls and keys working)')
  record('load.readyMs', median(readyTimes), 'ms (median of 5 cold loads)')

  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } })
  await page.goto(base + '/1')
  await page.waitForSelector('.slidev-page-1[data-loaded="true"]')
  const total = await page.evaluate(async () => (await (await fetch('/deck-manifest.json')).json()).total)
  const steps = Math.min(total - 1, 60)
  const times: number[] = []
  for (let i = 0; i < steps; i++) {
    // Script work of one change: from the key event to the change in the DOM, measured inside the page: the new slide
    // in place and loaded, or (a click step) the shown slide's own elements changed.
    const ms = await page.evaluate(
      () =>
        new Promise<number>((done) => {
          const shown = () => document.querySelector('.slidev-stage-slide:not(.deck-leave) .slidev-page')
          const before = shown()
          const from = before?.getAttribute('data-slidev-no')
          const start = performance.now()
          const check = (records: MutationRecord[]) => {
            const now = shown()
            const moved = !!now && now.getAttribute('data-slidev-no') !== from && now.getAttribute('data-loaded') === 'true'
            const stepped = !!before && now === before && records.some((record) => before.contains(record.target))
            if (!moved && !stepped) return
            observer.disconnect()
            done(performance.now() - start)
          }
          const observer = new MutationObserver(check)
          observer.observe(document.body, { subtree: true, childList: true, attributes: true })
          // One key press (it bubbles from the document to the window, where the app listens).
          document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', code: 'ArrowRight', bubbles: true }))
          setTimeout(() => {
            observer.disconnect()
            done(-1)
          }, 2000)
        }),
    )
    if (ms >= 0) times.push(ms)
    await page.keyboard.up('ArrowRight')
    await page.waitForTimeout(30)
  }
  await page.close()
  if (times.length) {
    record('nav.slideChangeMedianMs', median(times), 'ms')
    record('nav.slideChangeWorstMs', Math.max(...times), 'ms')
  }
}

async function waitForHttp(url: string, timeoutMs = 30000) {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    try {
      const response = await fetch(url)
      if (response.ok) return
    } catch {}
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`)
}

async function benchDev(browser: Browser) {
  console.log('dev server and HMR')
  const deckCopy = join(work, 'hmr-deck.md')
  copyFileSync(resolve(root, entry), deckCopy)
  const port = 5190
  const started = performance.now()
  const server = spawn('npx', ['vite', '--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
    cwd: root,
    env: { ...process.env, SLIDES_ENTRY: deckCopy },
    stdio: 'ignore',
    detached: true,
  })
  try {
    await waitForHttp(`http://127.0.0.1:${port}/`)
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } })
    page.on('crash', () => console.error('  the page crashed'))
    page.on('close', () => console.error('  the page closed'))
    page.on('console', (m) => process.env.BENCH_DEBUG && console.error('  page:', m.text()))
    await page.goto(`http://127.0.0.1:${port}/2`)
    await page.waitForSelector('.slidev-page-2[data-loaded="true"]', { timeout: 60000 })
    record('dev.coldStartToSlideMs', performance.now() - started, 'ms')
    // A cold dev server may still reload the page once while it settles its dependencies: measure after that.
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(1500)
    await page.waitForSelector('.slidev-page-2[data-loaded="true"]', { timeout: 60000 })
    const source = readFileSync(deckCopy, 'utf8')
    const times: number[] = []
    for (let i = 0; i < 5; i++) {
      const marker = `基准标记${i}`
      await page.evaluate((text: string) => {
        window.__hmrSeen = new Promise<number>((done) => {
          const observer = new MutationObserver(() => {
            if (document.querySelector('.slidev-page-2')?.textContent?.includes(text)) {
              observer.disconnect()
              done(performance.timeOrigin + performance.now())
            }
          })
          observer.observe(document.body, { subtree: true, childList: true, characterData: true })
        })
      }, marker)
      const lines = source.split('\n')
      const slide2 = findSlideStart(lines, 2)
      lines.splice(slide2, 0, '', marker, '')
      const writtenAt = Date.now()
      writeFileSync(deckCopy, lines.join('\n'))
      const seenAt = (await page.evaluate(() => window.__hmrSeen)) ?? NaN
      times.push(seenAt - writtenAt)
      writeFileSync(deckCopy, source)
      await page.waitForTimeout(300)
    }
    record('dev.hmrMedianMs', median(times), 'ms (file write → DOM)')
    await page.close()
  } finally {
    try {
      if (server.pid) process.kill(-server.pid)
    } catch {}
  }
}

/** The line index right after slide `no`'s heading (a safe place to add a paragraph). */
function findSlideStart(lines: string[], no: number) {
  let slide = 1
  let inFrontmatter = lines[0] === '---'
  for (let i = 1; i < lines.length; i++) {
    if (lines[i] === '---') {
      if (inFrontmatter) {
        inFrontmatter = false
        continue
      }
      slide++
      if (lines[i + 1]?.trim()) inFrontmatter = true
      continue
    }
    if (slide === no && !inFrontmatter && /^#\s/.test(lines[i] ?? '')) return i + 1
  }
  return lines.length
}

/** Feature benches written as standalone scripts print one JSON object of { name: { value, unit } } on their last line. */
async function benchFeature(script: string, env: Record<string, string> = {}) {
  const path = resolve(root, 'bench', script)
  if (!existsSync(path)) return
  console.log(script.replace('.ts', ''))
  const { stdout } = await run(process.execPath, [...TS_NODE_ARGS, path, '--dist', dist], { SLIDES_ENTRY: entry, ...env })
  const last = stdout.trim().split('\n').pop() ?? ''
  const metrics = JSON.parse(last) as Record<string, { value: number; unit: string }>
  for (const [name, { value, unit }] of Object.entries(metrics)) record(name, value, unit)
}

function checkBudgets() {
  const failures: string[] = []
  for (const [name, limit] of Object.entries(budgets)) {
    if (name.startsWith('$') || typeof limit !== 'number') continue
    const result = results[name]
    if (!result) continue
    if (result.value > limit) failures.push(`${name}: ${result.value} ${result.unit} exceeds the budget of ${limit}`)
  }
  return failures
}

mkdirSync(work, { recursive: true })
if (wanted('build') || !existsSync(join(dist, 'index.html'))) {
  await benchBuild()
}
const browser = await launchChromium().catch((error: Error) => {
  // No browser: the finder's one line says what was tried and how to install one.
  console.error(error.message)
  process.exit(1)
})
const server = await serveStatic(dist)
try {
  if (wanted('load')) await benchLoad(browser, server.url)
  if (wanted('dev')) await benchDev(browser)
  for (const [name, script] of <[string, string][]>[
    ['overview', 'overview.ts'],
    ['diagram', 'diagram.ts'],
    ['sync', 'sync.ts'],
    ['reader', 'reader.ts'],
  ])
    if (wanted(name)) await benchFeature(script)
  if (wanted('export')) {
    // The whole CLI on the deck (build reused) per format, median of 3 runs, peak memory of the CLI and its Chromium.
    console.log('export')
    const { benchExport } = await import('./export')
    const result = await benchExport({ deck: resolve(root, entry), runs: 3 })
    record('export.deckMs', result.ms, `ms (${result.pages} pages, median of ${result.runs.join(', ')})`)
    for (const [format, f] of Object.entries(result.formats)) {
      if (format !== 'pdf') record(`export.${format}Ms`, f.ms, `ms (${f.count} items, ${f.bytes}, median of ${f.runs.join(', ')})`)
      record(`export.${format}PeakMB`, f.peakMB, 'MB (CLI + Chromium)')
    }
    // The formats drawn from slides are held to a multiple of the PDF's time.
    for (const format of ['pptx', 'html']) if (result.formats[format] && result.ms) record(`export.${format}ToPdf`, result.formats[format].ms / result.ms, '× the PDF time')
  }
} finally {
  await browser.close()
  await server.close()
}

const failures = checkBudgets()
if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ results, budgets, failures }, null, 2))
console.log('')
if (failures.length) {
  console.log(`Over budget (bench/budgets.json):\n  ${failures.join('\n  ')}`)
  process.exitCode = 1
} else console.log(`All ${Object.keys(results).length} measurements within budget (bench/budgets.json).`)
