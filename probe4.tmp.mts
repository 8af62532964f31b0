import { launchChromium } from './bench/harness'
import { serveStatic } from './server/static'
const dirs = process.argv.slice(2)
const servers = await Promise.all(dirs.map((d) => serveStatic(d)))
const browser = await launchChromium()
const rows: number[][][] = dirs.map(() => [])
for (let i = 0; i < 12; i++) for (const [k, server] of servers.entries()) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 } })
  const page = await ctx.newPage()
  await page.addInitScript(() => {
    const w = window as any
    const f = () => { const s = document.querySelector('.slidev-page-1'); if (s && document.fonts.check('700 16px "Deck Serif SC"', '银行') && s.getBoundingClientRect().width > 0) { w.__v = performance.now(); return } requestAnimationFrame(f) }
    requestAnimationFrame(() => { w.__first = performance.now(); f() })
  })
  await page.goto(server.url + '/1')
  await page.waitForFunction(() => (window as any).__v)
  rows[k]!.push(await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
    return [nav.domInteractive, (window as any).__first, (window as any).__v].map(Math.round)
  }))
  await ctx.close()
}
for (const [k, d] of dirs.entries()) {
  const med = (j: number) => rows[k]!.map((r) => r[j]!).sort((a, b) => a - b)[6]
  console.log(d.padEnd(14), 'domInteractive/firstRaf/visible medians:', [0, 1, 2].map(med).join(' / '))
}
await browser.close(); await Promise.all(servers.map((s) => s.close()))
