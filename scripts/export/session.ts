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

/**
 * The images marked as pictures (`<img data-export-picture>`) that the page can draw as they are shown, drawn onto a
 * canvas at `scale` by the page itself, as PNG by key. A capture costs two of Chromium's frames (33 ms, whatever its
 * size) and holds what is behind a transparent image; drawn, the image keeps its transparency (a logo over the
 * slide's own background in the file) and a vector image is drawn sharp at the scale. Left out, for captures: an image
 * not loaded (or from another origin: the canvas refuses it), one shown other than as its file scaled to its box
 * (a filter, transparency, a transform, a clip or mask, rounded corners, a border or padding, a background, a fit that
 * crops or letterboxes), one under an ancestor that changes how it looks (transparency, a filter, a blend), and one
 * not whole on its page.
 */
export async function imagesAsDrawn(page: Page, scale: number): Promise<Map<string, Buffer>> {
  const drawn = await page.evaluate(async (scale) => {
    const plain = (style: CSSStyleDeclaration) =>
      style.filter === 'none' && Number(style.opacity) === 1 && style.mixBlendMode === 'normal' && style.clipPath === 'none' && (style.maskImage || 'none') === 'none'
    const px = (value: string) => Number.parseFloat(value) || 0
    const asItIs = (img: HTMLImageElement) => {
      if (!img.complete || !img.naturalWidth || !img.naturalHeight) return false
      const style = getComputedStyle(img)
      if (!plain(style) || style.transform !== 'none' || style.boxShadow !== 'none' || style.backgroundImage !== 'none') return false
      if (!/^rgba\(0, 0, 0, 0\)$|^transparent$/.test(style.backgroundColor)) return false
      if (['top', 'right', 'bottom', 'left'].some((side) => px(style.getPropertyValue(`padding-${side}`)) || px(style.getPropertyValue(`border-${side}-width`)))) return false
      if (['top-left', 'top-right', 'bottom-left', 'bottom-right'].some((corner) => px(style.getPropertyValue(`border-${corner}-radius`)))) return false
      const box = img.getBoundingClientRect()
      const sameShape = Math.abs(img.naturalWidth / img.naturalHeight - box.width / box.height) <= 0.01 * (box.width / box.height)
      if (!(style.objectFit === 'fill' || ((style.objectFit === 'contain' || style.objectFit === 'cover') && sameShape))) return false
      const printPage = img.closest('.print-slide-container')
      if (!printPage) return false
      for (let el = img.parentElement; el && el !== printPage.parentElement; el = el.parentElement) if (!plain(getComputedStyle(el))) return false
      const bounds = printPage.getBoundingClientRect()
      return box.left >= bounds.left - 0.5 && box.top >= bounds.top - 0.5 && box.right <= bounds.right + 0.5 && box.bottom <= bounds.bottom + 0.5
    }
    const images = [...document.querySelectorAll<HTMLImageElement>('img[data-export-picture]')].filter(asItIs)
    const taken = await Promise.all(
      images.map(async (img): Promise<[string, string] | null> => {
        try {
          const box = img.getBoundingClientRect()
          const canvas = document.createElement('canvas')
          canvas.width = Math.max(1, Math.round(box.width * scale))
          canvas.height = Math.max(1, Math.round(box.height * scale))
          canvas.getContext('2d')!.drawImage(img, 0, 0, canvas.width, canvas.height)
          const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'))
          if (!blob) return null
          const url = await new Promise<string>((resolve, reject) => {
            const reader = new FileReader()
            reader.onload = () => resolve(String(reader.result))
            reader.onerror = () => reject(reader.error)
            reader.readAsDataURL(blob)
          })
          return [img.getAttribute('data-export-picture')!, url.slice(url.indexOf(',') + 1)]
        } catch {
          // A canvas holding an image of another origin cannot be read: captured instead.
          return null
        }
      }),
    )
    return taken.filter((entry): entry is [string, string] => entry !== null)
  }, scale)
  return new Map(drawn.map(([key, base64]) => [key, Buffer.from(base64, 'base64')]))
}
