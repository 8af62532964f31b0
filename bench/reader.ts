// Measures the reader view on a phone over a slow network: 390 × 844, Chromium's "Fast 3G" profile (DevTools'
// preset: 1.6 Mbps × 0.9 down, 750 kbps × 0.9 up, 150 ms × 3.75 latency) through CDP network emulation, cache off.
// Reports when the first text is painted (first contentful paint), the bytes that arrived before it, when the article
// is ready (every slide in, controls working), and the bytes of the whole page after scrolling to the end
// (lazy pictures and diagrams included). Budget: first text within 1 s (bench/budgets.json).
// Usage: tsx bench/reader.ts [--dist <built deck>] [--path /1?view=reader] [--runs 3] [--url http://host:port]
// Prints progress, then one JSON line of { name: { value, unit } } for bench/run.ts.
import { existsSync } from 'node:fs'
import { join, resolve, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Browser, type CDPSession, type Page, type Request } from 'playwright-core'
import { buildDeck, launchChromium, median, option } from './harness'
import { serveStatic } from '../server/static'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const dist = resolve(option('--dist') ?? join(root, '.bench/dist'))
const path = option('--path') ?? '/1?view=reader'
const runs = Number(option('--runs') ?? 3)
/** An already running server to measure instead of the bench's own (another host, compression on). */
const origin = option('--url') ?? null

/** Chromium DevTools' "Fast 3G" (bytes per second, ms). */
export const FAST_3G = { offline: false, downloadThroughput: (1.6 * 1000 * 1000) / 8 * 0.9, uploadThroughput: (750 * 1000) / 8 * 0.9, latency: 150 * 3.75 }

/**
 * Counts bytes on the wire as they arrive (CDP's dataReceived, so a page still streaming counts what it has), each
 * stamped in ms since the page's own request was sent (the page's time origin, which paint times count from).
 * Chromium reports a response's compressed size only when it ends: a part of it counts that share of it.
 */
type Received = { chunks: { at: number; bytes: number }[]; decoded: number; encoded: number | null }

function wireMeter(cdp: CDPSession) {
  const requests = new Map<string, Received>()
  let origin: number | null = null
  const of = (id: string): Received => {
    const known = requests.get(id)
    if (known) return known
    const fresh: Received = { chunks: [], decoded: 0, encoded: null }
    requests.set(id, fresh)
    return fresh
  }
  cdp.on('Network.requestWillBeSent', (e) => {
    if (origin === null && e.type === 'Document') origin = e.timestamp
  })
  cdp.on('Network.dataReceived', (e) => {
    const request = of(e.requestId)
    request.chunks.push({ at: e.timestamp, bytes: e.dataLength })
    request.decoded += e.dataLength
  })
  cdp.on('Network.loadingFinished', (e) => (of(e.requestId).encoded = e.encodedDataLength))
  return {
    /** Bytes received by `ms` after the page's request (all of them for Infinity). */
    by(ms: number): number {
      let sum = 0
      for (const { chunks, decoded, encoded } of requests.values()) {
        const arrived = chunks.filter((c) => origin !== null && (c.at - origin) * 1000 <= ms).reduce((total, c) => total + c.bytes, 0)
        sum += decoded && encoded !== null ? (encoded * arrived) / decoded : arrived
      }
      return sum
    },
  }
}

/** Waits until no request has been in flight for `quiet` ms. */
async function networkQuiet(page: Page, pending: Set<Request>, quiet = 1500) {
  let since = Date.now()
  for (;;) {
    await page.waitForTimeout(100)
    if (pending.size) since = Date.now()
    else if (Date.now() - since >= quiet) return
  }
}

interface ReaderRun {
  firstText: number
  ready: number
  bytesBeforeText: number
  text: string
  totalBytes?: number
}

async function once(browser: Browser, url: string, withTotal: boolean): Promise<ReaderRun> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  const wire = wireMeter(cdp)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  await cdp.send('Network.emulateNetworkConditions', FAST_3G)
  const pending = new Set<Request>()
  page.on('request', (r) => pending.add(r))
  page.on('requestfinished', (r) => pending.delete(r))
  page.on('requestfailed', (r) => pending.delete(r))
  await page.addInitScript(() => {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') window.__firstTextAt = entry.startTime
    }).observe({ type: 'paint', buffered: true })
    // Ready: the reader is the app's (rendered, or the prerendered page taken over): its counter shows.
    const ready = new MutationObserver(() => {
      if (document.querySelector('.deck-reader-root:not([aria-busy]) [data-testid="reader-counter"]')) {
        window.__readyAt = performance.now()
        ready.disconnect()
      }
    })
    ready.observe(document, { subtree: true, childList: true, attributes: true })
  })
  await page.goto(url, { waitUntil: 'commit' })
  await page.waitForFunction(() => window.__firstTextAt !== undefined && window.__readyAt !== undefined, null, { timeout: 120_000, polling: 100 })
  const { firstText, ready, text } = await page.evaluate(() => ({
    firstText: window.__firstTextAt ?? NaN,
    ready: window.__readyAt ?? NaN,
    text: document.querySelector('.deck-reader-heading [aria-hidden]')?.parentElement?.parentElement?.textContent ?? '',
  }))
  const result: ReaderRun = { firstText, ready, bytesBeforeText: wire.by(firstText), text }
  if (withTotal) {
    // Read to the end a screen at a time, as a reader would flick, then let everything that was asked for arrive.
    for (;;) {
      const atEnd = await page.evaluate(() => {
        window.scrollBy(0, window.innerHeight)
        return window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2
      })
      await page.waitForTimeout(150)
      if (atEnd) break
    }
    await networkQuiet(page, pending)
    result.totalBytes = wire.by(Infinity)
  }
  await context.close()
  return result
}

async function main() {
  if (!origin && !existsSync(join(dist, 'index.html'))) {
    console.error(`building the deck into ${dist}…`)
    await buildDeck(root, process.env.SLIDES_ENTRY || 'slides.md', dist)
  }
  const browser = await launchChromium()
  const server = origin ? { url: origin, close: async () => {} } : await serveStatic(dist)
  try {
    const results: ReaderRun[] = []
    for (let i = 0; i < runs; i++) {
      const result = await once(browser, server.url + path, i === 0)
      console.error(`  run ${i + 1}: first text ${Math.round(result.firstText)} ms ("${result.text.slice(0, 24)}"), ${Math.round(result.bytesBeforeText / 1024)} KB before it, ready ${Math.round(result.ready)} ms${result.totalBytes ? `, ${Math.round(result.totalBytes / 1024)} KB after scrolling to the end` : ''}`)
      results.push(result)
    }
    const metrics = {
      'reader.firstTextMs': { value: median(results.map((r) => r.firstText)), unit: `ms to first text, Fast 3G at 390 × 844 (${path}, median of ${runs})` },
      // The page streams, and throttled it arrives in chunks of about 20 KB: whether one lands before the paint or
      // just after moves one run's figure by 20 KB (41 or 21 KB, the same page), so the bytes are a median too.
      'reader.bytesBeforeTextKB': { value: median(results.map((r) => r.bytesBeforeText)) / 1024, unit: `KB on the wire before the first text (median of ${runs})` },
      'reader.readyMs': { value: median(results.map((r) => r.ready)), unit: 'ms until every slide is in and the controls work' },
      'reader.totalKB': { value: (results[0]?.totalBytes ?? NaN) / 1024, unit: 'KB on the wire after scrolling to the end' },
    }
    console.log(JSON.stringify(metrics))
  } finally {
    await browser.close()
    await server.close()
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main()
