// Lets an author check a deck in a real browser: every slide at its last click, overflow reported, screenshots on request.
// Usage: tsx scripts/check-slides.ts [deck.md] [--shots dir] [--from N] [--to N] [--port P] [--no-build]
import { execFileSync, spawn } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { basename, resolve, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { slideOverflow } from './slide-overflow'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const args = process.argv.slice(2)
const flag = (name: string, fallback?: string) => {
  const i = args.indexOf(name)
  return i >= 0 ? args[i + 1] : fallback
}
const deck = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--')) ?? process.env.SLIDES_ENTRY ?? 'slides.md'
const shots = flag('--shots')
const port = Number(flag('--port', String(4300 + Math.floor(Math.random() * 600))))
const outDir = resolve('/tmp', `check-${basename(deck, '.md')}-dist`)

if (!args.includes('--no-build')) {
  execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, SLIDES_ENTRY: deck },
  })
}

const server = spawn('npx', ['vite', 'preview', '--outDir', outDir, '--port', String(port), '--strictPort', '--host', '127.0.0.1'], { cwd: root, stdio: 'ignore', detached: true })
const base = `http://127.0.0.1:${port}`
for (let i = 0; i < 100; i++) {
  try {
    if ((await fetch(base + '/1')).ok) break
  } catch {}
  await new Promise((r) => setTimeout(r, 200))
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
})
const problems = []
try {
  const page = await browser.newPage({ viewport: { width: 980, height: 552 } })
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`))
  await page.goto(base + '/1')
  await page.waitForSelector('.slidev-page[data-loaded="true"]')
  const manifest = await (await fetch(base + '/deck-manifest.json')).json()
  const count = Math.min(Number(flag('--to', '0')) || manifest.total, manifest.total)
  if (shots) mkdirSync(shots, { recursive: true })
  for (let no = Number(flag('--from', '1')); no <= count; no++) {
    await page.goto(`${base}/${no}?clicks=999&embedded`)
    const ok = await page.waitForSelector(`.slidev-page-${no}[data-loaded="true"]`, { timeout: 4000 }).catch(() => null)
    if (!ok) {
      problems.push(`slide ${no}: did not render`)
      continue
    }
    await page.waitForTimeout(400)
    const report = await page.evaluate(slideOverflow, no)
    for (const p of report) problems.push(`slide ${no}: ${p}`)
    if (shots) await page.screenshot({ path: resolve(shots, `${String(no).padStart(3, '0')}.png`) })
    process.stdout.write(`\rchecked ${no}`)
  }
} finally {
  await browser.close()
  // npx starts vite as its child: stop the whole group, or the preview server outlives this script.
  if (server.pid) process.kill(-server.pid)
}
console.log('')
if (problems.length) {
  console.log(problems.join('\n'))
  process.exitCode = 1
} else console.log('no overflow found')
