import { launchBrowser, openPrintView, takePictures } from './scripts/export/session'
import { readManifest } from './scripts/export/run'
import { readSlideShapes } from './scripts/export/slide-shapes'
import { buildPptx } from './scripts/export/pptx'
import { findChromium } from './scripts/ensure-browser'
const dist = '/tmp/deck-bench-export/dist'
let t = Date.now(); const lap = (n: string) => { console.log(n, Date.now() - t); t = Date.now() }
const browser = await launchBrowser(findChromium()); lap('launch')
const manifest = readManifest(dist)
const s = await openPrintView(browser, { dist, executablePath: '', manifest }); lap('open')
const shapes = await s.page.evaluate(readSlideShapes, s.pages.map((p) => p.id)); lap('read')
for (const [i, p] of s.pages.entries()) await takePictures(s, p.id, shapes[i]!.shapes.filter((x) => x.kind === 'picture').map((x) => x.box), { scale: 2, encoding: process.env.ENC as any ?? 'fast' })
lap('pictures')
const r = await buildPptx(s, { title: 'x', author: 'y', lang: 'zh', canvasWidth: 980, canvasHeight: 552, pages: s.pages, noteOf: () => 'note' }, () => {}); lap('buildPptx total')
await s.close(); await browser.close()
