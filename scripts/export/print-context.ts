// The browser context a print view is drawn in, the same for the PDF and for the formats read from the page: the
// slide's width, CSS pixels, the colour scheme the viewer would have stored, no motion, and the deck's diagrams an
// earlier export drew handed in before the app starts.
import type { Browser, BrowserContext } from 'playwright-core'
import { PAGE_FUNCTIONS_SHIM } from '../browser'
import { carryDiagrams, type DiagramCache } from './diagram-cache'

export interface PrintContextOptions {
  width: number
  height: number
  dark?: boolean
  /** Diagrams drawn by earlier exports, handed in for the deck's text. */
  diagrams?: DiagramCache
}

export async function newPrintContext(browser: Browser, options: PrintContextOptions): Promise<BrowserContext> {
  const scheme = options.dark ? 'dark' : 'light'
  const context = await browser.newContext({
    viewport: { width: options.width, height: options.height },
    // Drawn at CSS size: pictures are taken at any scale by the screenshot itself.
    deviceScaleFactor: 1,
    colorScheme: scheme,
    reducedMotion: 'reduce',
    serviceWorkers: 'block',
  })
  try {
    // The viewer's stored colour choice, as a visitor who picked it would have it.
    await context.addInitScript((value) => localStorage.setItem('slidev-color-schema', value), JSON.stringify(scheme))
    await context.addInitScript(PAGE_FUNCTIONS_SHIM)
    if (options.diagrams) await carryDiagrams(context, options.diagrams.forDeck())
    return context
  } catch (error) {
    await context.close().catch(() => {})
    throw error
  }
}
