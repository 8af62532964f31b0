// One Chromium showing the deck's print view (every page of the range, drawn once): what the PNG, PowerPoint and
// HTML exports read their slides from, so a multi-format export starts the browser and draws the slides once.
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core'
import { serveStatic } from '../../server/static'
import { failedLoad, waitForReady, type DeckManifest } from './run'
import type { Box } from './slide-shapes'
import { drawnDiagrams, type DiagramCache } from './diagram-cache'
import { newPrintContext } from './print-context'

export interface PrintPage {
  /** The page element's id: `<slide>-<clicks>`. */
  id: string
  no: number
  clicks: number
}

export interface PrintSession {
  page: Page
  /** The page's DevTools session: screenshots through it skip Playwright's per-shot waits. */
  cdp: CDPSession
  context: BrowserContext
  origin: string
  pages: PrintPage[]
  warnings: string[]
  /** How long the print view took to draw (ms): a share of the time of each format read from it. */
  ms: { render: number }
  close: () => Promise<void>
}

export interface PrintSessionOptions {
  dist: string
  executablePath: string
  manifest: DeckManifest
  range?: string
  withClicks?: boolean
  dark?: boolean
  timeoutMs?: number
  report?: (text: string) => void
  /** Diagrams drawn by earlier exports, handed in for the deck's text, and this view's kept there. */
  diagrams?: DiagramCache
}

/** Opens `/print` for the range and waits until every page is drawn (diagrams included). */
export async function openPrintView(browser: Browser, options: PrintSessionOptions): Promise<PrintSession> {
  const { manifest } = options
  const server = await serveStatic(options.dist)
  const warnings: string[] = []
  // Taller than a page: a page scrolled to the top fits whole even where the print view adds margins.
  const context = await newPrintContext(browser, { width: manifest.canvasWidth, height: manifest.canvasHeight + 200, dark: options.dark, diagrams: options.diagrams, dist: options.dist }).catch(async (error: unknown) => {
    await server.close()
    throw error
  })
  const close = async () => {
    await context.close().catch(() => {})
    await server.close()
  }
  try {
    const page = await context.newPage()
    page.on('pageerror', (error) => warnings.push(`page error: ${error.message}`))
    page.on('requestfailed', (request) => warnings.push(failedLoad(request.url(), server.url, request.failure()?.errorText)))
    const query = new URLSearchParams()
    if (options.range) query.set('range', options.range)
    if (options.withClicks) query.set('print', 'clicks')
    const started = Date.now()
    await page.goto(`${server.url}/print${query.size ? `?${query}` : ''}`, { waitUntil: 'domcontentloaded' })
    await waitForReady(page, options.timeoutMs ?? 120_000, options.report ?? (() => {}))
    options.diagrams?.keep(await drawnDiagrams(page))
    const ids = await page.evaluate(() => [...document.querySelectorAll('.print-slide-container')].map((el) => el.id))
    if (!ids.length) throw new Error(`Nothing to export: the range "${options.range ?? 'all'}" selects no slide of the ${manifest.slides.length}.`)
    const pages = ids.map((id) => {
      const [no = 0, clicks = 0] = id.split('-').map(Number)
      return { id, no, clicks }
    })
    const cdp = await context.newCDPSession(page)
    return { page, cdp, origin: server.url, pages, warnings, ms: { render: Date.now() - started }, close, context }
  } catch (error) {
    await close()
    throw error
  }
}

/**
 * Pictures of parts of one print page (boxes relative to the page), `scale` device pixels per CSS pixel, as PNG.
 * The page is scrolled into view (no relayout) and each part captured through the DevTools session, one after the
 * other: captures sent at once come back as pictures of the wrong place or blank. A part that cannot be captured
 * gives null. `encoding` 'fast' trades a third more bytes for a PNG encoder several times quicker (pictures inside a
 * file); 'small' is for images kept as they are.
 */
export async function takePictures(
  session: Pick<PrintSession, 'page' | 'cdp'>,
  pageId: string,
  boxes: readonly Box[],
  options: { scale: number; encoding: 'fast' | 'small' },
): Promise<(Buffer | null)[]> {
  if (!boxes.length) return []
  const at = await session.page.evaluate((id) => {
    const page = document.getElementById(id)
    page?.scrollIntoView({ block: 'start' })
    const rect = page?.getBoundingClientRect()
    // Document coordinates: what the capture's clip is measured in.
    return { x: (rect?.left ?? 0) + scrollX, y: (rect?.top ?? 0) + scrollY }
  }, pageId)
  const pictures: (Buffer | null)[] = []
  for (const box of boxes) {
    const shot = await session.cdp
      .send('Page.captureScreenshot', {
        format: 'png',
        optimizeForSpeed: options.encoding === 'fast',
        clip: { x: at.x + box.x, y: at.y + box.y, width: box.w, height: box.h, scale: options.scale },
      })
      .catch(() => null)
    pictures.push(shot ? Buffer.from(shot.data, 'base64') : null)
  }
  return pictures
}
