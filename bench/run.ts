// Measures the deck's speed (build, first load, slide changes, dev server, HMR, and each feature's own bench) against bench/budgets.json.
// Usage: npm run bench [-- --only build,load,nav,...] [--json out.json]
import { spawn } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync, mkdirSync, copyFileSync, rmSync, symlinkSync } from 'node:fs'
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

/** Keeps and prints one figure (ratios with two decimals: 0.53 is not within a budget of 0.5). */
function record(name: string, value: number, unit: string, digits = unit.startsWith('×') ? 2 : 1) {
  results[name] = { value: round(value, digits), unit }
  console.log(`  ${name.padEnd(34)} ${String(round(value, digits)).padStart(10)} ${unit}`)
}

/** Runs a child and resolves with its output; rejects with its stderr when it fails. */
function run(command: string, commandArgs: string[], env: Record<string, string> = {}, cwd = root) {
  return new Promise<{ stdout: string; stderr: string }>((resolvePromise, reject) => {
    const child = spawn(command, commandArgs, { cwd, env: { ...process.env, ...env } })
    let out = ''
    let err = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (err += d))
    child.on('close', (code) => (code === 0 ? resolvePromise({ stdout: out, stderr: err }) : reject(new Error(`${command} ${commandArgs.join(' ')} failed:\n${err || out}`))))
  })
}

/** What the build keeps between runs, by content (emptied before the bench's first build). */
const BUILD_CACHES = ['node_modules/.cache/deck-fonts', 'node_modules/.cache/deck-compressed', 'node_modules/.cache/deck-diagram-checks.json']

/** Runs of each build: machine noise on two cores moves one build by a second; the median of three holds. */
const BUILD_RUNS = 3

/** One build under GNU time: its wall time and peak memory (maximum resident set size, reported in KB on stderr). */
async function timedBuild(command: string, commandArgs: string[], env: Record<string, string>, cwd: string) {
  const started = performance.now()
  const { stderr } = await run('/usr/bin/time', ['-f', '__MAXRSS__%M', command, ...commandArgs], env, cwd)
  return { ms: performance.now() - started, mb: Number(/__MAXRSS__(\d+)/.exec(stderr)?.[1] ?? 0) / 1024 }
}

/** Slidev's command and the folder it builds the same deck in, when bench/peer is installed; null otherwise. */
function peerBuild(): { slidev: string; deckDir: string } | null {
  const peer = resolve(root, 'bench/peer')
  const slidev = join(peer, 'node_modules', '.bin', 'slidev')
  if (!existsSync(slidev)) {
    console.log('peer: bench/peer is not installed (cd bench/peer && npm install): no Slidev figures')
    return null
  }
  // Slidev finds the deck's theme beside the deck: the deck is copied next to the peer's node_modules.
  const deckDir = join(work, 'peer-deck')
  rmSync(deckDir, { recursive: true, force: true })
  mkdirSync(deckDir, { recursive: true })
  copyFileSync(resolve(root, entry), join(deckDir, 'slides.md'))
  copyFileSync(join(peer, 'package.json'), join(deckDir, 'package.json'))
  symlinkSync(join(peer, 'node_modules'), join(deckDir, 'node_modules'))
  const publicDir = join(dirname(resolve(root, entry)), 'public')
  if (existsSync(publicDir)) symlinkSync(publicDir, join(deckDir, 'public'))
  return { slidev, deckDir }
}

/**
 * The deck's build (Vite's own command, as `npm run build` runs it), and with `peer` Slidev building the same deck
 * (bench/peer, never a dependency of the project): the two take turns, three times each, so that whatever else the
 * machine does weighs on both; each figure is the median of its runs, and ours is given as ratios of Slidev's.
 */
async function benchBuilds(withPeer: boolean) {
  console.log(`build (${entry})${withPeer ? ', taking turns with Slidev' : ''}`)
  const peer = withPeer ? peerBuild() : null
  const vite = join(root, 'node_modules', '.bin', 'vite')
  const ours: { ms: number; mb: number }[] = []
  const theirs: { ms: number; mb: number }[] = []
  // Only there to give the other benches a build: one run is enough.
  const runs = wanted('build') || withPeer ? BUILD_RUNS : 1
  const ourBuild = () => timedBuild(vite, ['build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'error'], { SLIDES_ENTRY: entry }, root)
  // A deck's first build: the build's caches (cut fonts, compressed files, mermaid's verdicts; each kept by content)
  // are emptied first. The runs after it are rebuilds, as an author makes them.
  let first: { ms: number; mb: number } | null = null
  if (wanted('build')) {
    for (const cache of BUILD_CACHES) rmSync(resolve(root, cache), { recursive: true, force: true })
    first = await ourBuild()
  }
  for (let i = 0; i < runs; i++) {
    ours.push(await ourBuild())
    if (peer) theirs.push(await timedBuild(peer.slidev, ['build', 'slides.md', '--out', join(work, 'peer-dist')], {}, peer.deckDir))
  }
  const times = (list: { ms: number }[]) => list.map((r) => round(r.ms / 1000, 1)).join(', ')
  record('build.wallMs', median(ours.map((r) => r.ms)), `ms (median of ${runs}: ${times(ours)} s)`)
  record('build.peakMemoryMB', median(ours.map((r) => r.mb)), 'MB')
  if (first) {
    record('build.firstWallMs', first.ms, "ms (the deck's first build: no cut font, compressed file or diagram verdict kept)")
    record('build.firstPeakMemoryMB', first.mb, 'MB (first build)')
  }
  if (!theirs.length) return
  record('peer.build.wallMs', median(theirs.map((r) => r.ms)), `ms (Slidev, median of ${runs}: ${times(theirs)} s)`)
  record('peer.build.peakMemoryMB', median(theirs.map((r) => r.mb)), 'MB (Slidev)')
  record('build.wallToSlidev', results['build.wallMs']!.value / results['peer.build.wallMs']!.value, "× Slidev's build time")
  record('build.memoryToSlidev', results['build.peakMemoryMB']!.value / results['peer.build.peakMemoryMB']!.value, "× Slidev's peak memory")
  if (first) {
    record('build.firstWallToSlidev', first.ms / results['peer.build.wallMs']!.value, "× Slidev's build time (our first build)")
    record('build.firstMemoryToSlidev', first.mb / results['peer.build.peakMemoryMB']!.value, "× Slidev's peak memory (our first build)")
  }
}

/** Bytes of one kind that arrived: as sent (raw) and gzipped (what a host that compresses sends). */
type Sized = { raw: number; gzip: number }
type Kind = 'html' | 'css' | 'font' | 'js'
const KINDS: Record<string, Kind> = { document: 'html', stylesheet: 'css', font: 'font', script: 'js' }

async function benchLoad(browser: Browser, base: string) {
  console.log('first load')
  const visibleTimes: number[] = []
  const readyTimes: number[] = []
  let bytes: { visible: Record<Kind, Sized>; ready: Record<Kind, Sized> } | null = null
  for (let i = 0; i < 5; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } })
    const page = await context.newPage()
    const bodies = new Map<string, { kind: Kind; body: Promise<Buffer> }>()
    page.on('response', (response: Response) => {
      const kind = KINDS[response.request().resourceType()]
      if (kind && response.status() === 200) bodies.set(response.url(), { kind, body: response.body().catch(() => Buffer.alloc(0)) })
    })
    // Seen from inside the page (polling from outside lags by 100s of ms), in animation frames: slide 1 is visible
    // when it is laid out with a size and every face its text is drawn in has loaded (the faces block: until then
    // its Chinese is not painted); ready when the app around it runs it (data-loaded).
    await page.addInitScript(() => {
      // tsx names functions with a helper the page does not have.
      ;(globalThis as { __name?: unknown }).__name ??= (f: unknown) => f
      // Each face the slide's text is drawn in (by the weight it is drawn in) has loaded: until then it is not painted.
      const fontsIn = (slide: Element) => {
        const byWeight = new Map<string, string>()
        for (const el of slide.querySelectorAll('*')) {
          const own = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.nodeValue).join('')
          if (!own.trim() || !el.getClientRects().length) continue
          const weight = Number(getComputedStyle(el).fontWeight) >= 600 ? '700' : '400'
          byWeight.set(weight, (byWeight.get(weight) ?? '') + own)
        }
        return [...byWeight].every(([weight, text]) => document.fonts.check(`${weight} 16px "Deck Serif SC"`, text))
      }
      const frame = () => {
        const slide = document.querySelector('.slidev-page-1')
        if (window.__slide1VisibleAt === undefined && slide && slide.getBoundingClientRect().width > 0 && slide.querySelector('.slidev-layout') && fontsIn(slide))
          window.__slide1VisibleAt = performance.now()
        if (document.querySelector('.slidev-page-1[data-loaded="true"]')) window.__slide1ReadyAt ??= performance.now()
        if (window.__slide1VisibleAt === undefined || window.__slide1ReadyAt === undefined) requestAnimationFrame(frame)
      }
      requestAnimationFrame(frame)
    })
    await page.goto(base + '/1')
    await page.waitForFunction(() => window.__slide1VisibleAt !== undefined && window.__slide1ReadyAt !== undefined)
    const { visibleAt, readyAt } = await page.evaluate(() => ({ visibleAt: window.__slide1VisibleAt ?? 0, readyAt: window.__slide1ReadyAt ?? 0 }))
    visibleTimes.push(visibleAt)
    readyTimes.push(readyAt)
    if (!bytes) {
      // Only what arrived by a moment counts (later lazy chunks and neighbours' fonts are not "before slide 1").
      // Fonts: the faces the page preloads (the neighbours' faces the app loads meanwhile never hold the paint).
      const arrived = (t: number) =>
        page.evaluate(
          (until: number) => {
            const preloaded = new Set([...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="font"]')].map((link) => link.href))
            return [
              location.href,
              ...performance
                .getEntriesByType('resource')
                .filter((e) => (e as PerformanceResourceTiming).responseEnd <= until && ((e as PerformanceResourceTiming).initiatorType !== 'css' || preloaded.has(e.name)))
                .map((e) => e.name),
            ]
          },
          t,
        )
      const measure = async (urls: string[]) => {
        const sum = Object.fromEntries(Object.values(KINDS).map((k) => [k, { raw: 0, gzip: 0 }])) as Record<Kind, Sized>
        for (const url of new Set(urls)) {
          const item = bodies.get(url)
          if (!item) continue
          const body = await item.body
          sum[item.kind].raw += body.length
          // Fonts are WOFF2 (compressed already): a host sends them as they are.
          sum[item.kind].gzip += item.kind === 'font' ? body.length : gzipSync(body, { level: 9 }).length
        }
        return sum
      }
      bytes = { visible: await measure(await arrived(visibleAt)), ready: await measure(await arrived(readyAt)) }
    }
    await context.close()
  }
  if (!bytes) throw new Error('no load measured')
  const { visible, ready } = bytes
  const kb = (n: number) => n / 1024
  record('load.slide1HtmlGzipKB', kb(visible.html.gzip), `KB gzip (${round(kb(visible.html.raw))} KB raw)`)
  record('load.slide1CssGzipKB', kb(visible.css.gzip), `KB gzip (${round(kb(visible.css.raw))} KB raw)`)
  record('load.slide1FontKB', kb(visible.font.raw), 'KB (WOFF2, the faces slide 1 preloads)')
  record('load.slide1PaintBytesKB', kb(visible.html.gzip + visible.css.gzip + visible.font.raw), `KB (what slide 1's paint waits for, HTML and CSS gzipped; ${round(kb(visible.html.raw + visible.css.raw + visible.font.raw))} KB raw)`)
  record('load.jsBeforeSlide1GzipKB', kb(visible.js.gzip), 'KB gzip (arrived by then; none is render-blocking)')
  record('load.slide1VisibleMs', median(visibleTimes), `ms (median of 5 cold loads: ${visibleTimes.map((t) => round(t, 0)).join(', ')})`)
  record('load.jsBeforeReadyGzipKB', kb(ready.js.gzip), 'KB gzip (the whole app, controls and keys working)')
  record('load.readyMs', median(readyTimes), 'ms (median of 5 cold loads)')
}

/**
 * How long a key is held down, as a person's press (keys and clickers release after 50–150 ms). Playwright's press
 * releases in the same instant, which no hand does: Chromium then lays the new slide out for the keyup's dispatch
 * before the frame, so the frame's time would include its style and layout (about 5 ms more, measured).
 */
const KEY_HOLD_MS = 80

/**
 * Every forward slide change of the deck (↓ from slide 1 to the last), as a presenter makes them: a real key press
 * (held KEY_HOLD_MS), then the time from the key event to the animation frame that shows the new slide (its module
 * run, in the stage, not the leaving one), measured in the page; whether that frame already animates the change;
 * then the next key once the transition is over (a presenter talks between slides).
 */
async function benchNav(browser: Browser, base: string) {
  console.log('slide changes')
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } })
  await page.addInitScript(() => {
    ;(globalThis as { __name?: unknown }).__name ??= (f: unknown) => f
    const w = window as Window & { __changes?: { no: number; ms: number; animated: boolean }[] }
    w.__changes = []
    addEventListener(
      'keydown',
      (event) => {
        if (event.key !== 'ArrowDown') return
        const from = Number(/^\/(\d+)/.exec(location.pathname)?.[1] ?? 0)
        const want = from + 1
        const frame = () => {
          const entering = document.querySelector(`.slidev-stage-slide:not(.deck-leave) > .slidev-page-${want}[data-loaded="true"], .slidev-stage-slide:not(.deck-leave) .slidev-page-${want}[data-loaded="true"]`)
          if (entering) {
            const animated = Boolean(document.querySelector('.slidev-stage-slide.deck-leave') && entering.closest('.deck-enter'))
            w.__changes!.push({ no: want, ms: performance.now() - event.timeStamp, animated })
          } else if (performance.now() - event.timeStamp < 5000) requestAnimationFrame(frame)
        }
        requestAnimationFrame(frame)
      },
      { capture: true },
    )
  })
  await page.goto(base + '/1')
  await page.waitForSelector('.slidev-page-1[data-loaded="true"]')
  const total = await page.evaluate(async () => (await (await fetch('/deck-manifest.json')).json()).total as number)
  for (let no = 2; no <= total; no++) {
    await page.keyboard.press('ArrowDown', { delay: KEY_HOLD_MS })
    await page.waitForFunction((n) => (window as Window & { __changes?: { no: number }[] }).__changes!.some((c) => c.no === n), no, { timeout: 10000 }).catch(() => {})
    // The change is over when the leaving slide is gone and the new neighbours' fonts are in.
    await page.waitForFunction(() => !document.querySelector('.deck-leave') && document.fonts.status === 'loaded', undefined, { timeout: 10000 }).catch(() => {})
  }
  const changes = await page.evaluate(() => (window as Window & { __changes?: { no: number; ms: number; animated: boolean }[] }).__changes ?? [])
  await page.close()
  const times = changes.map((c) => c.ms)
  const slowest = [...changes].sort((a, b) => b.ms - a.ms).slice(0, 3).map((c) => `${c.no}: ${round(c.ms)}`).join(', ')
  record('nav.slideChanges', changes.length, `of ${total - 1} forward changes seen`)
  record('nav.slideChangeMedianMs', median(times), 'ms (key → the frame showing the new slide)')
  record('nav.slideChangeWorstMs', Math.max(...times), `ms (slowest: ${slowest})`)
  record('nav.changesAnimatedFromFirstFrame', changes.filter((c) => c.animated).length, `of ${changes.length} (the others' slides have no transition)`)
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
if (wanted('build') || wanted('peer') || !existsSync(join(dist, 'index.html'))) await benchBuilds(wanted('peer'))
const browser = await launchChromium().catch((error: Error) => {
  // No browser: the finder's one line says what was tried and how to install one.
  console.error(error.message)
  process.exit(1)
})
const server = await serveStatic(dist)
try {
  if (wanted('load')) await benchLoad(browser, server.url)
  if (wanted('nav')) await benchNav(browser, server.url)
  if (wanted('dev')) await benchDev(browser)
  for (const [name, script] of <[string, string][]>[
    ['overview', 'overview.ts'],
    ['diagram', 'diagram.ts'],
    ['sync', 'sync.ts'],
    ['reader', 'reader.ts'],
  ])
    if (wanted(name)) await benchFeature(script)
  if (wanted('export')) {
    // The whole CLI on the deck (build reused) per format: a first run with no diagram cache, then the median of 3
    // repeat runs; peak memory of the CLI and its Chromium.
    console.log('export')
    const { benchExport } = await import('./export')
    const result = await benchExport({ deck: resolve(root, entry), runs: 3 })
    record('export.deckMs', result.ms, `ms (${result.pages} pages, median of ${result.runs.join(', ')}: an export again, its diagrams kept from the one before)`)
    if (result.formats.pdf) record('export.deckFirstMs', result.formats.pdf.coldMs, 'ms (the first export: every diagram drawn)')
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
