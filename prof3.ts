import { launchBrowser, openPrintView } from './scripts/export/session'
import { readManifest } from './scripts/export/run'
import { findChromium } from './scripts/ensure-browser'
const dist = '/tmp/deck-bench-export/dist'
const browser = await launchBrowser(findChromium())
const s = await openPrintView(browser, { dist, executablePath: '', manifest: readManifest(dist), range: '4' })
console.log(await s.page.evaluate(() => [...new Set([...document.fonts].map((f) => f.family))]))
console.log(await s.page.evaluate(() => [...document.styleSheets].flatMap((sh) => { try { return [...sh.cssRules].filter((r) => r instanceof CSSFontFaceRule).map((r) => (r as CSSFontFaceRule).style.getPropertyValue('font-family')) } catch { return ['?'] } })))
await s.close(); await browser.close()
