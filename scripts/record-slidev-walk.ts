// Records the addresses Slidev 53 goes through when the parity fixture deck is walked with → ← ↓ ↑, so the browser
// tests can walk the engine's build of the same deck and expect the same path (tests/fixtures/parity-slidev-walk.json).
// Slidev is the one bench/peer installs (never a dependency of the project); the deck's own React component (Panel)
// is given to Slidev as a Vue component with the same slots, so its clicks count as they do here.
// Usage: npx tsx scripts/record-slidev-walk.ts   (after `cd bench/peer && npm install`)
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { createHash } from 'node:crypto'
import { spawn, type ChildProcess } from 'node:child_process'
import { freePort } from './free-port.ts'
import { findChromium, launchOffline, PAGE_FUNCTIONS_SHIM } from './browser.ts'

const root = resolve(import.meta.dirname, '..')
const fixtures = join(root, 'tests/fixtures')
const peerDir = join(root, 'bench/peer')
const slidev = join(peerDir, 'node_modules/@slidev/cli/bin/slidev.mjs')
const out = join(fixtures, 'parity-slidev-walk.json')

/** The Vue twin of tests/fixtures/components/Panel.tsx: the same slots, in the same places. */
const PANEL_VUE = `<template>
  <section class="fixture-panel">
    <header class="fixture-panel-title"><slot name="title">untitled</slot></header>
    <div class="fixture-panel-body"><slot /></div>
    <footer v-if="$slots.footer" class="fixture-panel-footer"><slot name="footer" /></footer>
  </section>
</template>
`

/** One walk: the key pressed over and over from `from`, and every address it went through (the first is `from`). */
export interface RecordedWalk {
  key: 'ArrowRight' | 'ArrowLeft' | 'ArrowDown' | 'ArrowUp'
  from: string
  addresses: string[]
}

export interface SlidevWalks {
  slidev: string
  deck: string
  /** sha256 of the deck file walked: a deck changed since asks for a new recording. */
  deckSha256: string
  walks: RecordedWalk[]
}

function deckFolder(): string {
  const dir = join(root, '.bench/slidev-walk')
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(join(dir, 'components'), { recursive: true })
  // The theme bench/peer installs (Slidev would ask to install its default one): it changes no click.
  writeFileSync(join(dir, 'slides.md'), readFileSync(join(fixtures, 'parity.md'), 'utf8').replace(/^---\n/, '---\ntheme: seriph\n'))
  for (const folder of ['snippets', 'public']) if (existsSync(join(fixtures, folder))) cpSync(join(fixtures, folder), join(dir, folder), { recursive: true })
  // Files a slide names beside the deck (a video's source).
  for (const file of ['parity-clip.webm']) cpSync(join(fixtures, file), join(dir, file))
  writeFileSync(join(dir, 'components/Panel.vue'), PANEL_VUE)
  cpSync(join(peerDir, 'package.json'), join(dir, 'package.json'))
  symlinkSync(join(peerDir, 'node_modules'), join(dir, 'node_modules'), 'junction')
  return dir
}

async function main() {
  if (!existsSync(slidev)) throw new Error('bench/peer is not installed: cd bench/peer && npm install')
  const version = (JSON.parse(readFileSync(join(peerDir, 'node_modules/@slidev/cli/package.json'), 'utf8')) as { version: string }).version
  const dir = deckFolder()
  // Slidev's dev server: its pages expose the navigation state (window.__slidev__), so the walk knows where it ends.
  const port = await freePort()
  const dev = spawn(process.execPath, [slidev, 'slides.md', '--port', String(port), '--open', 'false', '--bind', '127.0.0.1'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] })
  const origin = `http://127.0.0.1:${port}`
  try {
    await waitForServer(origin, dev)
    await recordWalks(origin, version)
  } finally {
    dev.kill()
  }
}

async function waitForServer(origin: string, dev: ChildProcess) {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (dev.exitCode !== null) throw new Error(`slidev exited (${dev.exitCode}) before serving`)
    const answered = await fetch(origin).then((r) => r.ok, () => false)
    if (answered) return
    await new Promise((done) => setTimeout(done, 250))
  }
  throw new Error(`slidev did not answer at ${origin} within 2 minutes`)
}

async function recordWalks(origin: string, version: string) {
  const browser = await launchOffline(findChromium())
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } })
  await page.addInitScript(PAGE_FUNCTIONS_SHIM)
  const address = () => {
    const url = new URL(page.url())
    return url.pathname + url.search
  }
  type Nav = { currentSlideNo: number; clicks: number; hasNext: boolean; hasPrev: boolean; total: number }
  const nav = () => page.evaluate(() => {
    const n = (window as unknown as { __slidev__: { nav: Record<string, { value?: unknown } | unknown> } }).__slidev__.nav
    const value = (key: string) => {
      const v = n[key] as { value?: unknown } | unknown
      return v && typeof v === 'object' && 'value' in v ? v.value : v
    }
    return { currentSlideNo: value('currentSlideNo'), clicks: value('clicks'), hasNext: value('hasNext'), hasPrev: value('hasPrev'), total: value('total') }
  }) as Promise<Nav>

  let inFlight = 0
  page.on('request', () => inFlight++)
  page.on('requestfinished', () => inFlight--)
  page.on('requestfailed', () => inFlight--)
  /** No request of the page's on its way, and the page idle after that (what arrived has run). */
  const settled = async () => {
    do {
      await page.waitForFunction(() => new Promise((done) => requestIdleCallback(() => done(true))))
      while (inFlight > 0) await new Promise((done) => page.once('requestfinished', done).once('requestfailed', done))
    } while (inFlight > 0 || !(await page.evaluate(() => new Promise((done) => requestIdleCallback(() => done(true))))))
  }

  /** Walks with `key` from where the page is, or from `from` loaded afresh. */
  const walk = async (key: RecordedWalk['key'], from?: string): Promise<RecordedWalk> => {
    if (from) await page.goto(origin + from)
    await page.waitForFunction(() => Boolean((window as unknown as { __slidev__?: unknown }).__slidev__), undefined, { timeout: 120_000 })
    // Slidev's keys listen once its play page has mounted and loaded what it asks for.
    await page.locator('.slidev-page:visible').first().waitFor()
    await settled()
    const addresses = [address()]
    const forward = key === 'ArrowRight' || key === 'ArrowDown'
    const bySlide = key === 'ArrowDown' || key === 'ArrowUp'
    for (;;) {
      const at = await nav()
      const more = bySlide ? (forward ? at.currentSlideNo < at.total : at.currentSlideNo > 1) : forward ? at.hasNext : at.hasPrev
      if (!more) break
      const before = address()
      await page.keyboard.press(key)
      await page.waitForFunction((was) => location.pathname + location.search !== was, before)
      addresses.push(address())
      // A slide's components register their clicks once mounted (magic move's come with its lazily loaded code):
      // the next press waits for the slide to have settled, as a presenter's would.
      await settled()
    }
    return { key, from: addresses[0]!, addresses }
  }

  // Each way back follows the way there in the same page: Slidev knows a slide's clicks once it has shown it (its
  // components count them as they mount), so ← enters a slide at its last click only after a first walk through.
  const walks = [await walk('ArrowRight', '/1'), await walk('ArrowLeft'), await walk('ArrowDown', '/1'), await walk('ArrowUp')]
  await browser.close()
  const deckSha256 = createHash('sha256').update(readFileSync(join(fixtures, 'parity.md'))).digest('hex')
  const record: SlidevWalks = { slidev: version, deck: 'tests/fixtures/parity.md', deckSha256, walks }
  writeFileSync(out, `${JSON.stringify(record, null, 2)}\n`)
  console.log(`${out}: ${walks.map((w) => `${w.key} ${w.addresses.length}`).join(', ')} (Slidev ${version})`)
}

await main()
