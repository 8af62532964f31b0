// The browser context a print view is drawn in, the same for the PDF and for the formats read from the page: the
// slide's width, CSS pixels, the colour scheme the viewer would have stored, no motion, and the deck's diagrams an
// earlier export drew handed in before the app starts.
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, BrowserContext } from 'playwright-core'
import { PAGE_FUNCTIONS_SHIM } from '../browser'
import { carryDiagrams, type DiagramCache } from './diagram-cache'

export interface PrintContextOptions {
  width: number
  height: number
  dark?: boolean
  /** Diagrams drawn by earlier exports, handed in for the deck's text. */
  diagrams?: DiagramCache
  /**
   * The build folder: when the deck has diagrams to draw, the page starts loading mermaid's module as it opens, while
   * the app boots, instead of when the first diagram slide arrives (a first export draws every diagram: 0.1–0.2 s).
   */
  dist?: string
}

/** The build's module that loads mermaid (plugin/vendor.ts), as the page imports it, if there is one. */
function mermaidModule(dist: string): string | undefined {
  try {
    const file = readdirSync(join(dist, 'assets')).find((name) => /^mermaid-vendor-[\w-]+\.js$/.test(name))
    return file && `/assets/${file}`
  } catch {
    return undefined
  }
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
    const mermaid = options.dist && options.diagrams?.drawsDiagrams() ? mermaidModule(options.dist) : undefined
    // The same address the app imports later: one module, fetched and compiled while the app boots.
    if (mermaid) await context.addInitScript((url) => setTimeout(() => import(url).catch(() => {}), 0), mermaid)
    return context
  } catch (error) {
    await context.close().catch(() => {})
    throw error
  }
}
