// Measures the deck's speed the way browsers measure it (issue 32), beside Slidev 53 building, serving, starting and
// exporting the same deck (bench/peer, when installed) and beside two floor pages (bench/floor.ts), against
// bench/budgets.json: build, first paint, slide changes, dev server and HMR, export, and each feature's own bench.
// Usage: npm run bench [-- --only build,peer,load,nav,dev,...] [--json out.json]
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync, mkdirSync, copyFileSync, cpSync, rmSync, symlinkSync, readdirSync, realpathSync } from 'node:fs'
import { resolve, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { type Browser } from 'playwright-core'
import { TS_NODE_ARGS } from '../scripts/ts-node-args'
import { findChromium } from '../scripts/browser'
import { freePort } from '../scripts/free-port'
import { launchChromium, median, option } from './harness'
import { writeFloorPages } from './floor'
import { serveStatic, type StaticHost } from '../server/static'
import { precompress } from '../plugin/compress'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const args = process.argv.slice(2)
const only = args.includes('--only') ? (args[args.indexOf('--only') + 1] ?? '').split(',') : null
const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : null
const entry = process.env.SLIDES_ENTRY || 'slides.md'
const work = resolve(root, '.bench')
const dist = join(work, 'dist')
const peerDist = join(work, 'peer-dist')
const budgets = JSON.parse(readFileSync(resolve(root, 'bench/budgets.json'), 'utf8')) as Record<string, number | string>
const results: Record<string, { value: number; unit: string }> = {}
const wanted = (name: string) => !only || only.includes(name)

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits
/** The value at the 90th percentile (nearest rank; NaN for none). */
const p90 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil(values.length * 0.9) - 1)] ?? NaN
const list = (values: number[], digits = 0) => values.map((v) => round(v, digits)).join(', ')

/** Keeps and prints one figure (ratios with two decimals: 0.53 is not within a budget of 0.5). */
function record(name: string, value: number, unit: string, digits = unit.startsWith('×') ? 2 : 1) {
  results[name] = { value: round(value, digits), unit }
  console.log(`  ${name.padEnd(34)} ${String(round(value, digits)).padStart(10)} ${unit}`)
}

/** Records `ours / theirs` when both were measured (a ratio of a figure that is missing or 0 is no figure). */
function ratio(name: string, ours: string, theirs: string, unit: string) {
  const a = results[ours]?.value
  const b = results[theirs]?.value
  if (a !== undefined && b) record(name, a / b, unit)
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

/** The engine's bundle for Node, in node_modules/.cache (bin/engine.mjs). */
const ENGINE_BUNDLE = 'reslide-node'

/**
 * Everything the build keeps between runs in node_modules/.cache (each entry named deck-…, and the engine's bundle
 * for Node, which a fresh clone's first command makes), emptied for a first build.
 */
function emptyBuildCaches() {
  const cache = resolve(root, 'node_modules/.cache')
  if (existsSync(cache)) for (const name of readdirSync(cache)) if (name.includes('deck') || name === ENGINE_BUNDLE) rmSync(join(cache, name), { recursive: true, force: true })
  // Vite's own cache (pre-bundled dependencies) and the last build.
  rmSync(resolve(root, 'node_modules/.vite'), { recursive: true, force: true })
  rmSync(dist, { recursive: true, force: true })
}

/** Runs of each build: machine noise on two cores moves one build by a second; the median of three holds. */
const BUILD_RUNS = 3

/** One build under GNU time: its wall time and peak memory (maximum resident set size, reported in KB on stderr). */
async function timedBuild(command: string, commandArgs: string[], env: Record<string, string>, cwd: string) {
  const started = performance.now()
  const { stderr } = await run('/usr/bin/time', ['-f', '__MAXRSS__%M', command, ...commandArgs], env, cwd)
  return { ms: performance.now() - started, mb: Number(/__MAXRSS__(\d+)/.exec(stderr)?.[1] ?? 0) / 1024 }
}

interface Peer {
  /** bench/peer's `slidev` command, run by this Node (its script, not the .bin shim, which Windows cannot start without a shell). */
  slidev: string
  /** The deck's folder for Slidev: a copy of the deck beside the peer's node_modules (Slidev finds the theme there). */
  deckDir: string
}
let peerMemo: Peer | null | undefined

/** Slidev's command and the folder it builds, serves and exports the same deck in, when bench/peer is installed; null otherwise (said in one line). */
function peer(): Peer | null {
  if (peerMemo !== undefined) return peerMemo
  const peerDir = resolve(root, 'bench/peer')
  const slidev = join(peerDir, 'node_modules', '@slidev', 'cli', 'bin', 'slidev.mjs')
  if (!existsSync(slidev)) {
    console.log('peer: bench/peer is not installed (cd bench/peer && npm install): no Slidev figures')
    return (peerMemo = null)
  }
  const deckDir = join(work, 'peer-deck')
  rmSync(deckDir, { recursive: true, force: true })
  mkdirSync(deckDir, { recursive: true })
  copyFileSync(resolve(root, entry), join(deckDir, 'slides.md'))
  copyFileSync(join(peerDir, 'package.json'), join(deckDir, 'package.json'))
  symlinkSync(join(peerDir, 'node_modules'), join(deckDir, 'node_modules'), 'junction')
  const publicDir = join(dirname(resolve(root, entry)), 'public')
  if (existsSync(publicDir)) symlinkSync(publicDir, join(deckDir, 'public'), 'junction')
  return (peerMemo = { slidev, deckDir })
}

/** Slidev's build of the deck into .bench/peer-dist (precompressed afterwards as ours is, for the same server). */
const peerBuildArgs = (p: Peer) => [p.slidev, 'build', 'slides.md', '--out', peerDist]

/**
 * The deck's build (Vite's own command, as `npm run build` runs it), and with `withPeer` Slidev building the same deck
 * (bench/peer, never a dependency of the project). Three rounds, each of them: ours from empty caches (a first build,
 * as on a fresh clone or a CI machine: no node_modules/.cache/deck-*, no Vite cache, no build), Slidev's, then ours
 * again on the caches the first left (a rebuild). The two take turns, so that whatever else the machine does weighs on
 * both; each figure is the median of its three runs, and ours are given as ratios of Slidev's.
 */
async function benchBuilds(withPeer: boolean) {
  console.log(`build (${entry})${withPeer ? ', taking turns with Slidev' : ''}`)
  const p = withPeer ? peer() : null
  const vite = join(root, 'node_modules', '.bin', 'vite')
  const firsts: { ms: number; mb: number }[] = []
  const ours: { ms: number; mb: number }[] = []
  const theirs: { ms: number; mb: number }[] = []
  // Only there to give the other benches a build: one run is enough.
  const runs = wanted('build') || withPeer ? BUILD_RUNS : 1
  const ourBuild = () => timedBuild(vite, ['build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'error'], { SLIDES_ENTRY: entry }, root)
  // `npm run build` is the command (cli/build.ts): Vite's build, then the PDFs the deck asks the build for (this deck's
  // notes handout, printed in Chromium). Told apart from the figures below, which time Vite's build alone against
  // Slidev's (which makes no PDF); also from empty caches (the export's diagram cache is one of them). Once: its build
  // is the one timed below.
  let firstCommand: { ms: number; mb: number } | null = null
  if (wanted('build')) {
    emptyBuildCaches()
    firstCommand = await timedBuild(process.execPath, [join(root, 'bin', 'reslide.mjs'), 'build', entry, '--out', dist], {}, root)
  }
  for (let i = 0; i < runs; i++) {
    if (wanted('build')) {
      emptyBuildCaches()
      firsts.push(await ourBuild())
    }
    if (p) theirs.push(await timedBuild(process.execPath, peerBuildArgs(p), {}, p.deckDir))
    ours.push(await ourBuild())
  }
  if (p) await precompress(peerDist)
  const times = (runs: { ms: number }[]) => runs.map((r) => round(r.ms / 1000, 1)).join(', ')
  record('build.wallMs', median(ours.map((r) => r.ms)), `ms (a rebuild, median of ${runs}: ${times(ours)} s)`)
  record('build.peakMemoryMB', median(ours.map((r) => r.mb)), 'MB')
  if (firsts.length) {
    record('build.firstWallMs', median(firsts.map((r) => r.ms)), `ms (a first build: no node_modules/.cache/deck-*, no Vite cache, no build; median of ${runs}: ${times(firsts)} s)`)
    record('build.firstPeakMemoryMB', median(firsts.map((r) => r.mb)), `MB (first builds: ${firsts.map((r) => round(r.mb)).join(', ')})`)
  }
  if (firstCommand) {
    record('build.firstCommandMs', firstCommand.ms, 'ms (npm run build from empty caches: the build and the notes handout PDF)')
    record('build.firstCommandPeakMemoryMB', firstCommand.mb, 'MB (npm run build, first)')
  }
  if (!theirs.length) return
  record('peer.build.wallMs', median(theirs.map((r) => r.ms)), `ms (Slidev, median of ${runs}: ${times(theirs)} s)`)
  record('peer.build.peakMemoryMB', median(theirs.map((r) => r.mb)), 'MB (Slidev)')
  ratio('build.wallToSlidev', 'build.wallMs', 'peer.build.wallMs', "× Slidev's build time (a rebuild)")
  ratio('build.memoryToSlidev', 'build.peakMemoryMB', 'peer.build.peakMemoryMB', "× Slidev's peak memory (a rebuild)")
  ratio('build.firstWallToSlidev', 'build.firstWallMs', 'peer.build.wallMs', "× Slidev's build time (our first build)")
  ratio('build.firstMemoryToSlidev', 'build.firstPeakMemoryMB', 'peer.build.peakMemoryMB', "× Slidev's peak memory (our first build)")
  ratio('build.firstCommandToSlidev', 'build.firstCommandMs', 'peer.build.wallMs', "× Slidev's build time (npm run build, first, with the handout)")
  ratio('build.firstCommandMemoryToSlidev', 'build.firstCommandPeakMemoryMB', 'peer.build.peakMemoryMB', "× Slidev's peak memory (npm run build, first)")
}

/** A site the browser benches load: the deck's build, Slidev's, or a floor page; all served by serveStatic. */
interface Site {
  name: 'engine' | 'slidev' | 'floor'
  /** Its figures' prefix: `` (ours), `peer.`, `floor.`. */
  prefix: string
  url: string
}

type Kind = 'html' | 'css' | 'font' | 'js' | 'other'
const KIND_NAMES: Record<Kind, string> = { font: 'fonts', js: 'JS', css: 'CSS', html: 'HTML', other: 'other' }

function kindOf(url: string, navigation: boolean): Kind {
  const path = new URL(url).pathname
  if (navigation || /\.html?$/.test(path)) return 'html'
  if (/\.(woff2?|ttf|otf)$/.test(path)) return 'font'
  if (/\.m?js$/.test(path)) return 'js'
  if (/\.css$/.test(path)) return 'css'
  return 'other'
}

/** Each file's size as a compressing host sends it: gzip (level 9) of its content; fonts (WOFF2, compressed already) as they are. */
const sizes = new Map<string, Promise<number>>()
function sentSize(url: string, kind: Kind): Promise<number> {
  let size = sizes.get(url)
  if (!size) {
    size = fetch(url)
      .then(async (response) => Buffer.from(await response.arrayBuffer()))
      .then((body) => (kind === 'font' ? body.length : gzipSync(body, { level: 9 }).length))
      .catch(() => 0)
    sizes.set(url, size)
  }
  return size
}

/**
 * One cold load of `/1`: a new browser context (empty cache, no connection), nothing injected into the page; the first
 * contentful paint from the Paint Timing API, and the files whose fetch started before it (Resource Timing's
 * startTime; the page itself included) with their gzip sizes by kind. Only the site's own files count (Slidev's
 * build links Google's fonts, which this offline browser never reaches).
 */
async function coldPaint(browser: Browser, site: Site) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } })
  try {
    const page = await context.newPage()
    await page.goto(site.url + '/1')
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, { polling: 50, timeout: 30000 })
    // Every fetch started before the paint has finished (Resource Timing lists a file once its response is in).
    await page.waitForLoadState('networkidle', { timeout: 15000 }).catch(() => {})
    const { fcp, files } = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]!.startTime
      return { fcp: paint, files: performance.getEntriesByType('resource').filter((e) => e.startTime < paint).map((e) => e.name) }
    })
    const bytes: Record<Kind, number> = { html: 0, css: 0, font: 0, js: 0, other: 0 }
    const local = [page.url(), ...files.filter((url) => url.startsWith(site.url + '/'))]
    for (const [i, url] of [...new Set(local)].entries()) {
      const kind = kindOf(url, i === 0)
      bytes[kind] += await sentSize(url, kind)
    }
    return { fcp, bytes }
  } finally {
    await context.close()
  }
}

/**
 * The engine's own view of the same cold load (separate loads, since this one runs script in every frame): slide 1 is
 * visible in the first animation frame where it is laid out and every face its text is drawn in has loaded (the
 * Chinese faces block: until then it is not painted), ready when the app runs it (data-loaded); and whether, in the
 * frame of the first contentful paint, the deck's faces for slide 1's text were already loaded (no paint in another face).
 */
async function engineLoad(browser: Browser, base: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } })
  try {
    const page = await context.newPage()
    await page.addInitScript(() => {
      // Each face the slide's text is drawn in (by the weight it is drawn in) has loaded.
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
      // Per frame: whether the faces were in (the last such sample before the paint's time is the painted frame's).
      window.__fontFrames = []
      const frame = () => {
        const slide = document.querySelector('.slidev-page-1')
        const laidOut = Boolean(slide && slide.getBoundingClientRect().width > 0 && slide.querySelector('.slidev-layout'))
        const fonts = laidOut && fontsIn(slide!)
        window.__fontFrames!.push({ t: performance.now(), fonts })
        if (window.__slide1VisibleAt === undefined && fonts) window.__slide1VisibleAt = performance.now()
        if (document.querySelector('.slidev-page-1[data-loaded="true"]')) window.__slide1ReadyAt ??= performance.now()
        if (window.__slide1VisibleAt === undefined || window.__slide1ReadyAt === undefined) requestAnimationFrame(frame)
      }
      requestAnimationFrame(frame)
    })
    await page.goto(base + '/1')
    await page.waitForFunction(() => window.__slide1VisibleAt !== undefined && window.__slide1ReadyAt !== undefined && performance.getEntriesByName('first-contentful-paint').length > 0, undefined, { timeout: 30000 })
    return await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]!.startTime
      const before = (window.__fontFrames ?? []).filter((f) => f.t <= fcp)
      return { visibleAt: window.__slide1VisibleAt ?? NaN, readyAt: window.__slide1ReadyAt ?? NaN, fontsAtPaint: before.at(-1)?.fonts ?? false }
    })
  } finally {
    await context.close()
  }
}

/** Loads of each site: the median of five cold ones. */
const LOADS = 5

/**
 * First contentful paint of `/1`, cold, for each site, the sites taking turns (so that the machine's moods weigh on
 * all); the bytes before that paint of the load whose paint is the median; then the engine's slide 1 in its own faces.
 */
async function benchLoad(browser: Browser, sites: Site[]) {
  console.log(`first paint (${sites.map((s) => s.name).join(', ')}; cold contexts, taking turns)`)
  const loads = new Map<Site, { fcp: number; bytes: Record<Kind, number> }[]>(sites.map((s) => [s, []]))
  for (let i = 0; i < LOADS; i++) for (const site of sites) loads.get(site)!.push(await coldPaint(browser, site))
  for (const site of sites) {
    const runs = loads.get(site)!
    const fcps = runs.map((r) => r.fcp)
    // Whether a file's fetch starts before the paint can go either way from one load to the next: the load whose bytes
    // are the median of the five is reported, with the five totals.
    const totalOf = (r: { bytes: Record<Kind, number> }) => Object.values(r.bytes).reduce((a, b) => a + b, 0)
    const mid = [...runs].sort((a, b) => totalOf(a) - totalOf(b))[Math.floor(runs.length / 2)]!
    const who = site.name === 'engine' ? '' : site.name === 'slidev' ? 'Slidev, ' : 'the one-line floor page, '
    record(`${site.prefix}load.fcpMs`, median(fcps), `ms (${who}first contentful paint of /1, median of ${LOADS} cold loads: ${list(fcps)})`)
    if (site.name === 'floor') continue
    const kb = (n: number) => n / 1024
    const split = (Object.keys(KIND_NAMES) as Kind[]).filter((k) => mid.bytes[k]).map((k) => `${KIND_NAMES[k]} ${round(kb(mid.bytes[k]))}`).join(', ')
    record(`${site.prefix}load.bytesBeforePaintKB`, kb(totalOf(mid)), `KB gzip fetched before that paint, median of ${LOADS} loads (${split}; fonts as WOFF2; all: ${list(runs.map((r) => kb(totalOf(r))))})`)
    if (site.name === 'engine') {
      record('load.fontsBeforePaintKB', kb(mid.bytes.font), 'KB (WOFF2)')
      record('load.jsBeforePaintGzipKB', kb(mid.bytes.js), 'KB gzip (scripts whose fetch started before the first paint)')
      record('load.cssBeforePaintGzipKB', kb(mid.bytes.css), 'KB gzip')
      record('load.htmlBeforePaintGzipKB', kb(mid.bytes.html), 'KB gzip')
    }
  }
  ratio('load.fcpToFloor', 'load.fcpMs', 'floor.load.fcpMs', "× the floor page's first paint")
  ratio('load.fcpToSlidev', 'load.fcpMs', 'peer.load.fcpMs', "× Slidev's first paint")
  ratio('load.bytesBeforePaintToSlidev', 'load.bytesBeforePaintKB', 'peer.load.bytesBeforePaintKB', "× Slidev's bytes before its first paint")
  const engine = sites.find((s) => s.name === 'engine')
  if (!engine) return
  const own: { visibleAt: number; readyAt: number; fontsAtPaint: boolean }[] = []
  for (let i = 0; i < LOADS; i++) own.push(await engineLoad(browser, engine.url))
  record('load.fontsAtFirstPaint', own.filter((l) => l.fontsAtPaint).length, `of ${LOADS} cold loads whose first contentful paint had slide 1's own faces loaded`)
  record('load.slide1VisibleMs', median(own.map((l) => l.visibleAt)), `ms (slide 1 laid out in its own faces, median of ${LOADS}: ${list(own.map((l) => l.visibleAt))})`)
  record('load.readyMs', median(own.map((l) => l.readyAt)), `ms (the app running slide 1, median of ${LOADS})`)
}

/** Slide changes per walk: as the issue's table (30 changes). */
const CHANGES = 30
/** Before the first press, every page's main thread idle this long together, waited for at most QUIET_LIMIT_MS. */
const QUIET_MS = 1000
const QUIET_LIMIT_MS = 15000
/** Between two presses: a presenter talks between slides, and every transition is over by then. */
const BETWEEN_PRESSES_MS = 1500
/**
 * How long after the key frames are watched for drops: the issue counts frames over 20 ms "while it animates", so a
 * frame counts when an animation ran in the page through it (the document's own list: CSS animations and transitions,
 * the deck's and Slidev's alike); the watch lasts long enough for any of their slide transitions (≤ 1 s).
 */
const WATCH_FRAMES_MS = 1000
/** Event Timing reports no event shorter than 16 ms (its least durationThreshold) and rounds durations to 8 ms: a press with no entry counts as 8 ms. */
const UNDER_THRESHOLD_MS = 8

interface Press {
  /** The keydown's time stamp. */
  t: number
  want: number
  /** Key → the animation frame in which the new slide is laid out (its `.slidev-page-N` has a box). */
  frameMs: number
  /** requestAnimationFrame deltas over the WATCH_FRAMES_MS after the key, of the frames through which an animation ran. */
  deltas: number[]
  /** Those over 20 ms: when the frame ended (ms after the key) and how long it was, to say which frames drop. */
  long: [number, number][]
}

/**
 * A site's page for the slide changes, as a presenter's: a fresh page on `/1`, idle before the first press (every site's page quiet for 1 s together, then 1.5 s).
 * For each press of ↓ (a press: down and up, no key held), seen from inside the page: Event Timing's duration of its
 * keydown (what INP reports: key to the next paint), the time to the frame where the new slide is laid out, and the
 * animation frames over 20 ms while an animation runs after the key. ↓ is "next slide" in the engine, in Slidev (→ would step
 * through a slide's clicks there) and in the floor page.
 */
async function openWalk(browser: Browser, site: Site) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } })
  const page = await context.newPage()
  await page.addInitScript(
    ([watchMs]) => {
      const nav = (window.__nav = { presses: [] as Press[], events: [] as { start: number; duration: number }[] })
      new PerformanceObserver((entries) => {
        for (const e of entries.getEntries()) if (e.name === 'keydown') nav.events.push({ start: e.startTime, duration: e.duration })
      }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit)
      addEventListener(
        'keydown',
        (event) => {
          if (event.key !== 'ArrowDown') return
          const want = Number(/^\/(\d+)/.exec(location.pathname)?.[1] ?? 0) + 1
          const press: Press = { t: event.timeStamp, want, frameMs: -1, deltas: [], long: [] }
          nav.presses.push(press)
          let last = -1
          let animating = false
          const frame = (now: number) => {
            if (last >= 0 && animating) press.deltas.push(now - last)
            if (last >= 0 && animating && now - last > 20) press.long.push([Math.round(now - event.timeStamp), Math.round(now - last)])
            last = now
            animating = document.getAnimations().some((a) => a.playState === 'running')
            // Laid out and shown: a slide rendered ahead, hidden or transparent, has a box already.
            const shown = (el: Element) => {
              if (!(el.getBoundingClientRect().width > 0) || getComputedStyle(el).visibility !== 'visible') return false
              for (let at: Element | null = el; at; at = at.parentElement) if (Number(getComputedStyle(at).opacity) < 0.01) return false
              return true
            }
            if (press.frameMs < 0 && [...document.querySelectorAll(`.slidev-page-${want}`)].some(shown)) press.frameMs = performance.now() - event.timeStamp
            if (now - event.timeStamp < watchMs) requestAnimationFrame(frame)
          }
          requestAnimationFrame(frame)
        },
        { capture: true },
      )
    },
    [WATCH_FRAMES_MS] as const,
  )
  await page.goto(site.url + '/1')
  await page.waitForFunction(() => [...document.querySelectorAll('.slidev-page-1')].some((el) => el.getBoundingClientRect().width > 0), undefined, { timeout: 30000 })
  await page.waitForLoadState('networkidle', { timeout: 15000 }).catch(() => {})
  return {
    site,
    press: () => page.keyboard.press('ArrowDown'),
    /** Resolves true once the page's main thread has been idle for QUIET_MS together (false after QUIET_LIMIT_MS). */
    quiet: () =>
      page.evaluate(
        ([need, limit]) =>
          new Promise<boolean>((done) => {
            const start = performance.now()
            let since = start
            const check = (deadline: IdleDeadline) => {
              // Idle periods are 50 ms at most: a shorter one had a task or a frame before it.
              if (deadline.timeRemaining() < 40) since = performance.now()
              if (performance.now() - since >= need) done(true)
              else if (performance.now() - start >= limit) done(false)
              else requestIdleCallback(check)
            }
            requestIdleCallback(check)
          }),
        [QUIET_MS, QUIET_LIMIT_MS] as const,
      ),
    /** The presses' figures; closes the page. */
    async collect() {
      const { presses, events, at } = await page.evaluate(() => ({ ...window.__nav!, at: location.pathname }))
      await context.close()
      const durations = presses.map((p) => events.find((e) => Math.abs(e.start - p.t) < 1)?.duration ?? UNDER_THRESHOLD_MS)
      const frames = presses.map((p) => p.frameMs).filter((ms) => ms >= 0)
      const over20 = presses.map((p) => p.deltas.filter((d) => d > 20).length)
      // Which: slide reached, ms after the key the long frame ended, its length.
      const long = presses.flatMap((p) => p.long.map(([after, ms]) => `/${p.want} at ${after} ms: ${ms} ms`))
      return { durations, frames, over20, long, reached: at, changed: frames.length }
    },
  }
}

/**
 * 30 slide changes on each site, the sites taking turns press by press (engine, Slidev, floor, engine, …) with 1.5 s
 * after each press, so that what else the machine does weighs on all three alike.
 */
async function benchNav(browser: Browser, sites: Site[]) {
  console.log(`slide changes (${sites.map((s) => s.name).join(', ')}; ${CHANGES} presses of ↓ each, taking turns, ${BETWEEN_PRESSES_MS / 1000} s after each)`)
  const walks = []
  for (const site of sites) walks.push(await openWalk(browser, site))
  // Every page done starting before the first press: a page still starting (Slidev's, opened after ours, works for
  // seconds after its network is idle) takes the two cores from the page being pressed. A presenter's deck is open alone.
  const quiet = await Promise.all(walks.map((w) => w.quiet()))
  walks.forEach((w, i) => quiet[i] || console.log(`  (${w.site.name}: its page was not quiet ${QUIET_LIMIT_MS / 1000} s after it loaded)`))
  await new Promise((r) => setTimeout(r, BETWEEN_PRESSES_MS))
  for (let i = 0; i < CHANGES; i++)
    for (const w of walks) {
      await w.press()
      await new Promise((r) => setTimeout(r, BETWEEN_PRESSES_MS))
    }
  for (const walk of walks) {
    const { site } = walk
    const w = await walk.collect()
    const who = site.name === 'engine' ? '' : site.name === 'slidev' ? 'Slidev, ' : 'floor page, '
    record(`${site.prefix}nav.changes`, w.changed, `of ${CHANGES} presses changed the slide (at ${w.reached} after them)`)
    record(`${site.prefix}nav.eventMedianMs`, median(w.durations), `ms (${who}Event Timing keydown duration, as INP; under 16 ms counts as ${UNDER_THRESHOLD_MS})`)
    record(`${site.prefix}nav.eventP90Ms`, p90(w.durations), `ms (all: ${list(w.durations)})`)
    record(`${site.prefix}nav.frameMedianMs`, median(w.frames), `ms (${who}key → the frame in which the new slide is laid out)`)
    record(`${site.prefix}nav.frameP90Ms`, p90(w.frames), 'ms')
    const over = w.over20.reduce((a, b) => a + b, 0)
    record(`${site.prefix}nav.framesOver20Ms`, over, `frames over 20 ms while an animation ran, in the ${WATCH_FRAMES_MS} ms after each key, all presses (${w.over20.filter((n) => n).length} presses with any${w.long.length ? `: ${w.long.slice(0, 6).join('; ')}` : ''})`)
  }
  ratio('nav.eventMedianToFloor', 'nav.eventMedianMs', 'floor.nav.eventMedianMs', "× the floor page's Event Timing median")
  ratio('nav.eventMedianToSlidev', 'nav.eventMedianMs', 'peer.nav.eventMedianMs', "× Slidev's Event Timing median")
  ratio('nav.eventP90ToSlidev', 'nav.eventP90Ms', 'peer.nav.eventP90Ms', "× Slidev's Event Timing p90")
}

async function waitForHttp(url: string, timeoutMs = 120000) {
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

/** Edits timed per dev server, after HMR_WARM_EDITS that are not (Slidev's first updates after a first start took 0.6–4.7 s, its later ones 0.1–0.3 s). */
const HMR_EDITS = 10
const HMR_WARM_EDITS = 3

/** Stops a dev server started detached (its whole process group). */
function stop(child: ChildProcess) {
  try {
    if (child.pid) process.kill(-child.pid)
  } catch {}
}

/** A dev server's side of the dev bench: how it is started, on which deck file, and how slide N's element is found. */
interface DevServer {
  name: string
  prefix: string
  deck: string
  start: (port: number) => ChildProcess
}

/**
 * `npm run dev` cold: from the command's start to slide 1 visible in a page opened as soon as the server answers,
 * its dependency optimisation included (the Vite cache emptied first); then HMR: 10 edits of slide 2's text in the
 * deck file (after three untimed), each from the file's write to the page's slide 2 showing it (a MutationObserver in the page).
 */
async function devFigures(browser: Browser, server: DevServer) {
  const port = await freePort()
  const started = performance.now()
  const child = server.start(port)
  let output = ''
  child.stdout?.on('data', (d) => (output += d))
  child.stderr?.on('data', (d) => (output += d))
  try {
    await waitForHttp(`http://127.0.0.1:${port}/`).catch((error: Error) => {
      throw new Error(`${error.message}\n${output.slice(-2000)}`)
    })
    // Where the start's time goes: before the server answers (starting, parsing the deck), and after (pre-bundling, the page).
    record(`${server.prefix}dev.answerMs`, performance.now() - started, `ms (${server.name}: the command's start to the server's first answer)`)
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } })
    page.on('console', (m) => process.env.BENCH_DEBUG && console.error('  page:', m.text()))
    const slideShown = (no: number) =>
      page.waitForFunction((n) => [...document.querySelectorAll(`.slidev-page-${n}`)].some((el) => el.getBoundingClientRect().width > 0 && (el.textContent ?? '').trim().length > 0), no, { timeout: 180000 })
    await page.goto(`http://127.0.0.1:${port}/1`, { waitUntil: 'commit', timeout: 180000 })
    await slideShown(1)
    record(`${server.prefix}dev.startMs`, performance.now() - started, `ms (${server.name}: the command's start to slide 1 visible, first start, Vite's cache empty)`)
    // A cold dev server may still reload the page once while it settles its dependencies: measure HMR after that.
    await page.waitForLoadState('networkidle', { timeout: 30000 }).catch(() => {})
    await page.goto(`http://127.0.0.1:${port}/2`)
    await slideShown(2)
    await page.waitForLoadState('networkidle', { timeout: 30000 }).catch(() => {})
    await page.waitForTimeout(3000)
    const source = readFileSync(server.deck, 'utf8')
    const lines = source.split('\n')
    const at = findSlideStart(lines, 2)
    const times: number[] = []
    const shows = (text: string) => [...document.querySelectorAll('.slidev-page-2')].some((el) => (el.textContent ?? '').includes(text))
    let reloads = 0
    page.on('framenavigated', (frame) => frame === page.mainFrame() && reloads++)
    // Edits first that are not timed: a server's first updates compile what later ones reuse (both servers alike).
    // Each run's edits are text never written before: the analyses the engine keeps on disk (node_modules/.cache)
    // would otherwise answer a second run's edits from the first's, which no author's new sentence gets.
    const run = Date.now().toString(36)
    for (let i = -HMR_WARM_EDITS; i < HMR_EDITS; i++) {
      const marker = `基准标记${run}${i < 0 ? `warm${-i}` : i}`
      await page.evaluate((text: string) => {
        window.__hmrSeen = new Promise<number>((done) => {
          const observer = new MutationObserver(() => {
            if ([...document.querySelectorAll('.slidev-page-2')].some((el) => (el.textContent ?? '').includes(text))) {
              observer.disconnect()
              done(performance.timeOrigin + performance.now())
            }
          })
          observer.observe(document.body, { subtree: true, childList: true, characterData: true })
        })
      }, marker)
      const edited = [...lines]
      edited.splice(at, 0, '', marker, '')
      const writtenAt = Date.now()
      writeFileSync(server.deck, edited.join('\n'))
      // A full reload instead of an update loses the page's observer: then the slide is waited for from here.
      const seenAt = await page
        .evaluate(() => window.__hmrSeen)
        .catch(async () => {
          await page.waitForFunction(shows, marker, { timeout: 30000 })
          return Date.now()
        })
      if (i >= 0) times.push((seenAt ?? NaN) - writtenAt)
      if (i === -1) reloads = 0
      writeFileSync(server.deck, source)
      await page.waitForFunction((text) => !document.body.textContent?.includes(text), marker, { timeout: 30000 }).catch(() => {})
      await page.waitForTimeout(500)
    }
    record(`${server.prefix}dev.hmrMedianMs`, median(times), `ms (${server.name}: file write → slide 2 updated in the page, median of ${HMR_EDITS}: ${list(times)}; ${reloads} page reloads)`)
    await page.close()
  } finally {
    stop(child)
    writeFileSync(server.deck, readFileSync(resolve(root, entry), 'utf8'))
  }
}

async function benchDev(browser: Browser) {
  console.log('dev server (first start) and HMR')
  // The deck copied into a folder of its own, with its components/ (the slides' widgets, compiled as the page asks)
  // and its public/ beside it (the engine serves the deck folder's).
  const deckDir = join(work, 'dev-deck')
  rmSync(deckDir, { recursive: true, force: true })
  mkdirSync(deckDir, { recursive: true })
  const deck = join(deckDir, 'slides.md')
  copyFileSync(resolve(root, entry), deck)
  const componentsDir = join(dirname(resolve(root, entry)), 'components')
  if (existsSync(componentsDir)) cpSync(componentsDir, join(deckDir, 'components'), { recursive: true })
  const publicDir = join(dirname(resolve(root, entry)), 'public')
  if (existsSync(publicDir)) symlinkSync(publicDir, join(deckDir, 'public'), 'junction')
  // The engine's dev server pre-bundles into DECK_VITE_CACHE (plugin/options.ts): one of the bench's own, emptied, so
  // that this is a first start (dependency optimisation included) without touching node_modules/.vite.
  const viteCache = join(work, 'dev-vite-cache')
  rmSync(viteCache, { recursive: true, force: true })
  // Mermaid's verdicts on the deck's diagrams, which a start reuses, and the engine's bundle for Node (bin/engine.mjs,
  // made by the first command): a fresh clone has neither.
  rmSync(join(root, 'node_modules', '.cache', 'deck-diagram-checks.json'), { force: true })
  rmSync(join(root, 'node_modules', '.cache', ENGINE_BUNDLE), { recursive: true, force: true })
  const servers: DevServer[] = [
    {
      name: 'ours',
      prefix: '',
      deck,
      start: (port) =>
        spawn(process.execPath, [join(root, 'bin', 'reslide.mjs'), deck, '--port', String(port), '--host', '127.0.0.1'], {
          cwd: root,
          env: { ...process.env, DECK_VITE_CACHE: viteCache },
          stdio: ['ignore', 'pipe', 'pipe'],
          detached: true,
        }),
    },
  ]
  const p = peer()
  if (p) {
    // Slidev pre-bundles into the deck folder's node_modules/.vite: bench/peer/node_modules/.vite (a symlink's target).
    rmSync(join(realpathSync(join(p.deckDir, 'node_modules')), '.vite'), { recursive: true, force: true })
    servers.push({
      name: 'Slidev',
      prefix: 'peer.',
      deck: join(p.deckDir, 'slides.md'),
      start: (port) => spawn(process.execPath, [p.slidev, 'slides.md', '--port', String(port), '--bind', '127.0.0.1'], { cwd: p.deckDir, stdio: ['ignore', 'pipe', 'pipe'], detached: true }),
    })
  }
  for (const server of servers) await devFigures(browser, server)
  ratio('dev.startToSlidev', 'dev.startMs', 'peer.dev.startMs', "× Slidev's first start")
  ratio('dev.hmrToSlidev', 'dev.hmrMedianMs', 'peer.dev.hmrMedianMs', "× Slidev's HMR")
}

/**
 * The first PDF export of the deck beside `slidev export` of the same deck (its own dev server and Playwright, the
 * same Chromium through --executable-path). Slidev's export needs bench/peer's playwright-chromium.
 */
async function benchPeerExport(p: Peer) {
  const out = join(work, 'peer-export.pdf')
  rmSync(out, { force: true })
  const started = performance.now()
  try {
    await run(process.execPath, [p.slidev, 'export', 'slides.md', '--format', 'pdf', '--output', out, '--executable-path', findChromium({ executablePath: option('--executable-path') }), '--timeout', '120000'], {}, p.deckDir)
  } catch (error) {
    console.log(`  Slidev's export failed: ${String((error as Error).message).split('\n').slice(0, 6).join(' | ')}`)
    return
  }
  record('peer.export.pdfMs', performance.now() - started, "ms (Slidev: slidev export, PDF, end to end)")
  ratio('export.firstPdfToSlidev', 'export.deckFirstMs', 'peer.export.pdfMs', "× Slidev's PDF export (our first: no diagram cache)")
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
if (wanted('build') || wanted('peer') || !existsSync(join(dist, 'index.html'))) await benchBuilds(wanted('build') || wanted('peer'))
// Slidev's build, for the load and change figures, when the build part did not make it this run.
const sidePeer = wanted('load') || wanted('nav') || wanted('dev') || wanted('export') ? peer() : null
if (sidePeer && (wanted('load') || wanted('nav')) && !existsSync(join(peerDist, 'index.html'))) {
  console.log('peer: building the deck with Slidev (for the load and change figures)')
  await run(process.execPath, peerBuildArgs(sidePeer), {}, sidePeer.deckDir)
  await precompress(peerDist)
}
// Offline, as the export runs: a host other than this machine resolves to nothing at once (Slidev's build links Google's fonts).
const browser = await launchChromium({ offline: true }).catch((error: Error) => {
  // No browser: the finder's one line says what was tried and how to install one.
  console.error(error.message)
  process.exit(1)
})
const servers: StaticHost[] = []
const serve = async (dir: string) => {
  const host = await serveStatic(dir)
  servers.push(host)
  return host.url
}
try {
  if (wanted('load') || wanted('nav')) {
    const floor = await writeFloorPages(join(work, 'floor'))
    const engine: Site = { name: 'engine', prefix: '', url: await serve(dist) }
    const slidev: Site[] = sidePeer && existsSync(join(peerDist, 'index.html')) ? [{ name: 'slidev', prefix: 'peer.', url: await serve(peerDist) }] : []
    if (wanted('load')) await benchLoad(browser, [engine, ...slidev, { name: 'floor', prefix: 'floor.', url: await serve(floor.paint) }])
    if (wanted('nav')) await benchNav(browser, [engine, ...slidev, { name: 'floor', prefix: 'floor.', url: await serve(floor.nav) }])
  }
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
    // repeat runs; peak memory of the CLI and its Chromium. Then Slidev's export of the same deck, once.
    console.log('export')
    const { benchExport } = await import('./export')
    const result = await benchExport({ deck: resolve(root, entry), runs: 3 })
    record('export.deckMs', result.ms, `ms (${result.pages} pages, median of ${result.runs.join(', ')}: an export again, its diagrams kept from the one before)`)
    if (result.formats.pdf) record('export.deckFirstMs', result.formats.pdf.coldMs, 'ms (the first PDF export: no diagram cache, every diagram drawn; the build reused)')
    for (const [format, f] of Object.entries(result.formats)) {
      if (format !== 'pdf') record(`export.${format}Ms`, f.ms, `ms (${f.count} items, ${f.bytes}, median of ${f.runs.join(', ')})`)
      record(`export.${format}PeakMB`, f.peakMB, 'MB (CLI + Chromium)')
    }
    // The formats drawn from slides are held to a multiple of the PDF's time.
    for (const format of ['pptx', 'html']) if (result.formats[format] && result.ms) record(`export.${format}ToPdf`, result.formats[format].ms / result.ms, '× the PDF time')
    if (sidePeer) await benchPeerExport(sidePeer)
  }
} finally {
  await browser.close()
  for (const host of servers) await host.close()
}

const failures = checkBudgets()
if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ results, budgets, failures }, null, 2))
console.log('')
if (failures.length) {
  console.log(`Over budget (bench/budgets.json):\n  ${failures.join('\n  ')}`)
  process.exitCode = 1
} else console.log(`All ${Object.keys(results).length} measurements within budget (bench/budgets.json).`)
