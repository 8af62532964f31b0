// Lets an author check a deck in a real browser: every slide at its last click, in light and dark, with what leaves the
// canvas, the smallest text of each kind and the share of the canvas height used; screenshots on request.
// Usage: tsx scripts/check-slides.ts [deck.md] [--shots dir] [--from N] [--to N] [--port P] [--no-build]
//          [--schemes light,dark] [--min-body 18] [--min-small 16] [--min-picture 14] [--json report.json]
//          [--out build-dir] [--executable-path /path/to/chrome]
// Fails (exit 1) on overflow, on body text under --min-body, on table/footnote/code text under --min-small, or on
// text inside diagrams and SVG pictures under --min-picture.
import { mkdirSync } from 'node:fs'
import { basename, resolve } from 'node:path'
import { chromium } from 'playwright-core'
import { writeFileSync } from 'node:fs'
import { CHROMIUM_ARGS, PAGE_FUNCTIONS_SHIM, findChromium } from './browser'
import { serveStatic } from '../server/static'
import { LEAST_TEXT, slideMeasure, slideOverflow, type SlideMeasure, type TextKind } from './slide-overflow'
import { buildDeck } from '../plugin/build'

const args = process.argv.slice(2)
function flag(name: string): string | undefined
function flag(name: string, fallback: string): string
function flag(name: string, fallback?: string) {
  const i = args.indexOf(name)
  return i >= 0 ? args[i + 1] : fallback
}
const deck = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--')) ?? (process.env.SLIDES_ENTRY || 'slides.md')
const shots = flag('--shots')
const port = Number(flag('--port', String(4300 + Math.floor(Math.random() * 600))))
const outDir = resolve(flag('--out', resolve('/tmp', `check-${basename(deck, '.md')}-${port}-dist`)))
const schemes = flag('--schemes', 'light,dark').split(',').filter(Boolean)
const minBody = Number(flag('--min-body', String(LEAST_TEXT.body)))
const minSmall = Number(flag('--min-small', String(LEAST_TEXT.table)))
const minPicture = Number(flag('--min-picture', String(LEAST_TEXT.picture)))
const jsonOut = flag('--json')
// The browser first: a missing one should fail before a build takes its time.
let executablePath: string
try {
  executablePath = findChromium({ executablePath: flag('--executable-path'), headlessShell: true })
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}

if (!args.includes('--no-build')) {
  await buildDeck({ entry: deck, outDir })
}

const server = await serveStatic(outDir, { port })
const base = server.url

const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS })
const problems = []
/** @type {{ no: number, scheme: string, min: Record<string, number | null>, heightShare: number, overflow: string[] }[]} */
const results: (SlideMeasure & { no: number; scheme: string; overflow: string[] })[] = []
try {
  const page = await browser.newPage({ viewport: { width: 980, height: 552 } })
  // tsx names this script's functions with __name(); the measuring functions run in the page.
  await page.addInitScript(PAGE_FUNCTIONS_SHIM)
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`))
  await page.goto(base + '/1')
  await page.waitForSelector('.slidev-page[data-loaded="true"]')
  const manifest = await (await fetch(base + '/deck-manifest.json')).json()
  const count = Math.min(Number(flag('--to', '0')) || manifest.total, manifest.total)
  if (shots) mkdirSync(shots, { recursive: true })
  for (const scheme of schemes) {
    await page.emulateMedia({ colorScheme: scheme === 'dark' ? 'dark' : 'light', reducedMotion: 'reduce' })
    for (let no = Number(flag('--from', '1')); no <= count; no++) {
      await page.goto(`${base}/${no}?clicks=999&embedded`)
      const ok = await page.waitForSelector(`.slidev-page-${no}[data-loaded="true"]`, { timeout: 4000 }).catch(() => null)
      if (!ok) {
        problems.push(`slide ${no} (${scheme}): did not render`)
        continue
      }
      // Measure once every diagram is drawn in this scheme's colours and the fonts are in.
      await page
        .waitForFunction(
          ([n, dark]) =>
            document.fonts.status === 'loaded' &&
            document.documentElement.classList.contains('dark') === dark &&
            [...document.querySelectorAll(`.slidev-page-${n} .deck-mermaid`)].every((d) => d.getAttribute('data-state') !== 'loading' && d.querySelector('svg')),
          [no, scheme === 'dark'],
          { timeout: 15000 },
        )
        .catch(() => problems.push(`slide ${no} (${scheme}): diagrams or fonts not ready after 15 s`))
      const overflow = await page.evaluate(slideOverflow, no)
      const measure = await page.evaluate(slideMeasure, no)
      for (const p of overflow) problems.push(`slide ${no} (${scheme}): ${p}`)
      if (measure) {
        results.push({ no, scheme, ...measure, overflow })
        const least: Record<TextKind, number> = { body: minBody, table: minSmall, footnote: minSmall, code: minSmall, diagram: minPicture, picture: minPicture }
        for (const kind of Object.keys(least) as TextKind[]) {
          const size = measure.min[kind]
          if (size !== null && size < least[kind]) problems.push(`slide ${no} (${scheme}): ${kind} text ${size}px ("${measure.where[kind]}"), under ${least[kind]}px`)
        }
      }
      if (shots) await page.screenshot({ path: resolve(shots, `${scheme === 'light' ? '' : scheme + '-'}${String(no).padStart(3, '0')}.png`) })
      process.stdout.write(`\rchecked ${no} (${scheme})  `)
    }
  }
} finally {
  await browser.close()
  await server.close()
}
console.log('')
const cell = (v: number | null) => (v === null ? '-' : String(v)).padStart(8)
console.log(`${'slide'.padEnd(12)}${['body', 'table', 'note', 'code', 'diagram', 'picture'].map((h) => h.padStart(8)).join('')}  height  overflow`)
for (const r of results)
  console.log(
    `${`${r.no} ${r.scheme}`.padEnd(12)}${[r.min.body, r.min.table, r.min.footnote, r.min.code, r.min.diagram, r.min.picture].map(cell).join('')}  ${`${Math.round(r.heightShare * 100)}%`.padStart(6)}  ${r.overflow.length ? 'yes' : 'no'}`,
  )
for (const scheme of schemes) {
  const of = results.filter((r) => r.scheme === scheme)
  const smallest = (kind: TextKind) => Math.min(...of.map((r) => r.min[kind] ?? Infinity))
  const shares = of.map((r) => r.heightShare).sort((a, b) => a - b)
  console.log(
    `${scheme}: ${of.length} slides, overflow on ${of.filter((r) => r.overflow.length).length}; smallest body ${smallest('body')}px, table ${smallest('table')}px, footnote ${smallest('footnote')}px, code ${smallest('code')}px, diagram ${smallest('diagram')}px, picture ${smallest('picture')}px; height used median ${Math.round((shares[Math.floor(shares.length / 2)] ?? 0) * 100)}%, least ${Math.round((shares[0] ?? 0) * 100)}%`,
  )
}
if (jsonOut) writeFileSync(jsonOut, JSON.stringify(results, null, 2))
if (problems.length) {
  console.log(problems.join('\n'))
  process.exitCode = 1
} else console.log(`no overflow, no text under ${minBody}px (body), ${minSmall}px (tables, footnotes, code) or ${minPicture}px (diagrams, pictures)`)
