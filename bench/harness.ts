// What every bench shares: a build of any deck and the browser (the deck's server is server/static.ts).
import { chromium, type Browser } from 'playwright-core'
import { CHROMIUM_ARGS, OFFLINE_ARGS, PAGE_FUNCTIONS_SHIM, findChromium } from '../scripts/browser'

/** The value after `--name` on the command line, if given. */
export function option(name: string): string | undefined {
  const args = process.argv.slice(2)
  return args.includes(name) ? args[args.indexOf(name) + 1] : undefined
}

/**
 * Chromium as the export finds it (--executable-path, CHROMIUM_PATH, Playwright's, the system's), our flags. Every
 * context it opens (browser.newPage opens one too) can run the benches' page functions (PAGE_FUNCTIONS_SHIM). With
 * `offline`, a host other than this machine resolves to nothing at once (never a wait on the network), as the export.
 */
export async function launchChromium({ offline = false }: { offline?: boolean } = {}): Promise<Browser> {
  const args = offline ? [...CHROMIUM_ARGS, ...OFFLINE_ARGS.filter((arg) => arg.startsWith('--host-resolver-rules'))] : CHROMIUM_ARGS
  const browser = await chromium.launch({ executablePath: findChromium({ executablePath: option('--executable-path') }), args })
  const newContext = browser.newContext.bind(browser)
  browser.newContext = async (options) => {
    const context = await newContext(options)
    await context.addInitScript(PAGE_FUNCTIONS_SHIM)
    return context
  }
  return browser
}
/** The middle value (NaN for none). */
export const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN

/** Builds `entry` (a deck file) into `outDir` as `reslide build` does (plugin/build.ts), the PDFs aside. */
export async function buildDeck(_root: string, entry: string, outDir: string): Promise<void> {
  await (await import('../plugin/build')).buildDeck({ entry, outDir, logLevel: 'error' })
}
