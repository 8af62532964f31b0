// One Chromium showing the deck's print view (every page of the range, drawn once): what the PNG, PowerPoint and
// HTML exports read their slides from, so a multi-format export starts the browser and draws the slides once.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { CHROMIUM_ARGS } from '../ensure-browser'
import { serveStatic } from './static-server'
import { waitForReady, type DeckManifest } from './run'

export interface PrintPage {
  /** The page element's id: `<slide>-<clicks>`. */
  id: string
  no: number
  clicks: number
}

export interface PrintSession {
  page: Page
  context: BrowserContext
  origin: string
  pages: PrintPage[]
  warnings: string[]
  close: () => Promise<void>
}

export interface PrintSessionOptions {
  dist: string
  executablePath: string
  manifest: DeckManifest
  range?: string
  withClicks?: boolean
  dark?: boolean
  /** Device pixels per CSS pixel: 2 gives images at twice the slide's size. */
  scale?: number
  timeoutMs?: number
  report?: (text: string) => void
}

/** Launches Chromium offline (only the export's own server resolves). */
export async function launchBrowser(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1', '--font-render-hinting=none'],
  })
}

/** Opens `/print` for the range and waits until every page is drawn (diagrams included). */
export async function openPrintView(browser: Browser, options: PrintSessionOptions): Promise<PrintSession> {
  const { manifest } = options
  const server = await serveStatic(options.dist)
  const warnings: string[] = []
  const scheme = options.dark ? 'dark' : 'light'
  const context = await browser.newContext({
    // Taller than a page: the page shown alone sits below the print view's top margin and must fit whole.
    viewport: { width: manifest.canvasWidth, height: manifest.canvasHeight + 200 },
    deviceScaleFactor: options.scale ?? 1,
    colorScheme: scheme,
    reducedMotion: 'reduce',
    serviceWorkers: 'block',
  })
  const close = async () => {
    await context.close().catch(() => {})
    await server.close()
  }
  try {
    await context.addInitScript((value) => localStorage.setItem('slidev-color-schema', value), JSON.stringify(scheme))
    // tsx (esbuild) wraps named functions in __name(); functions sent to the page need it defined there.
    await context.addInitScript('globalThis.__name = (fn) => fn')
    const page = await context.newPage()
    page.on('pageerror', (error) => warnings.push(`page error: ${error.message}`))
    page.on('requestfailed', (request) => warnings.push(`could not load ${request.url()}`))
    const query = new URLSearchParams()
    if (options.range) query.set('range', options.range)
    if (options.withClicks) query.set('print', 'clicks')
    await page.goto(`${server.origin}/print${query.size ? `?${query}` : ''}`, { waitUntil: 'domcontentloaded' })
    await waitForReady(page, options.timeoutMs ?? 120_000, options.report ?? (() => {}))
    const ids = await page.evaluate(() => [...document.querySelectorAll('.print-slide-container')].map((el) => el.id))
    if (!ids.length) throw new Error(`Nothing to export: the range "${options.range ?? 'all'}" selects no slide of the ${manifest.slides.length}.`)
    const pages = ids.map((id) => {
      const [no = 0, clicks = 0] = id.split('-').map(Number)
      return { id, no, clicks }
    })
    // One page at a time in the viewport: a screenshot is then a plain capture, no scrolling through 100 pages.
    await page.addStyleTag({ content: '.print-root.export-solo .print-slide-container:not(.export-shown) { display: none !important; }' })
    return { page, context, origin: server.origin, pages, warnings, close }
  } catch (error) {
    await close()
    throw error
  }
}

/** Shows only the print page `id` (the others hidden) and returns where it sits in the viewport. */
export async function showOnly(page: Page, id: string): Promise<{ x: number; y: number }> {
  return page.evaluate((pageId) => {
    document.querySelector('.print-root')?.classList.add('export-solo')
    document.querySelector('.export-shown')?.classList.remove('export-shown')
    const shown = document.getElementById(pageId)
    shown?.classList.add('export-shown')
    window.scrollTo(0, 0)
    const rect = shown?.getBoundingClientRect()
    return { x: rect?.left ?? 0, y: rect?.top ?? 0 }
  }, id)
}
