// The floor pages: what the browser itself needs, measured beside the deck the same way (issue 32). Written by the bench
// into .bench/floor/ and served by the deck's own static server (server/static.ts), so that the only difference from
// the deck is the page.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { precompress } from '../plugin/compress'

/** The floor for a first paint: one line of HTML (slide 1's title, in the system's face). */
export const PAINT_FLOOR = '<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>1</title><h1>银行业务与货币创造</h1></html>\n'

/**
 * The floor for a slide change: → or ↓ swaps one small slide's HTML and pushes `/N`, nothing else (the browser's own
 * frame pipeline). The slide carries the deck's class `slidev-page-N`, so the bench's in-page probes find it as they
 * find the deck's.
 */
export const NAV_FLOOR = `<!doctype html>
<html lang="zh-CN">
<meta charset="utf-8">
<title>floor</title>
<style>body{margin:0;font:28px/1.5 serif}main{box-sizing:border-box;width:980px;height:551px;padding:40px}</style>
<main></main>
<script>
let no = Number(location.pathname.slice(1)) || 1
const slide = document.querySelector('main')
const show = () => {
  slide.className = 'slidev-page slidev-page-' + no
  slide.innerHTML = '<h1>第 ' + no + ' 张</h1><p>存款是银行的负债，贷款是银行的资产。</p>'
}
show()
addEventListener('keydown', (event) => {
  if (event.key !== 'ArrowRight' && event.key !== 'ArrowDown') return
  no++
  show()
  history.pushState(null, '', '/' + no)
})
</script>
</html>
`

/** Writes both floor pages (each as the index.html of its own folder, so that any `/N` is answered with it). */
export async function writeFloorPages(dir: string): Promise<{ paint: string; nav: string }> {
  const paint = join(dir, 'paint')
  const nav = join(dir, 'nav')
  for (const [folder, html] of [
    [paint, PAINT_FLOOR],
    [nav, NAV_FLOOR],
  ] as const) {
    mkdirSync(folder, { recursive: true })
    writeFileSync(join(folder, 'index.html'), html)
    // As the deck's build does: the .br and .gz beside the file, for the same server to send.
    await precompress(folder)
  }
  return { paint, nav }
}
