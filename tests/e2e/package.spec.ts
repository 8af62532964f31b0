// "Your own talk", as the README tells it: the packed engine installed into an empty folder outside the repository
// that holds only an author's slides.md and one component of theirs; `npx reslide build` builds it, `npx reslide`
// serves it with hot reload, `npx reslide serve` serves the build, and `npx reslide export` exports it.
import { test, expect } from '@playwright/test'
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { specPort } from './decks'

const root = resolve(fileURLToPath(import.meta.url), '../../..')

const SLIDES = `---
title: My own talk
---

# Hello from my talk

A paragraph with **bold** text.

<Greeting name="world" />

---

# Second slide

- one
- two

<!-- A note for the second slide. -->
`

const GREETING = `export default function Greeting({ name }: { name: string }) {
  return <p className="greeting text-[#1e6b52]">Hello, {name}!</p>
}
`

let work = ''
let talk = ''
let dev: ChildProcess | undefined

/** `npx reslide …` in the talk's folder; the output of both streams, and the exit code. */
function reslide(args: string[], timeout = 240_000) {
  const run = spawnSync('npx', ['--no-install', 'reslide', ...args], { cwd: talk, encoding: 'utf8', timeout, env: { ...process.env, SLIDES_ENTRY: '', CI: '1' } })
  return { status: run.status, out: `${run.stdout}${run.stderr}` }
}

test.describe.configure({ mode: 'serial', timeout: 300_000 })

test.beforeAll(async () => {
  test.setTimeout(300_000)
  work = mkdtempSync(join(tmpdir(), 'reslide-package-'))
  execFileSync('npm', ['pack', '--silent', '--pack-destination', work], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
  const [packed] = readdirSync(work).filter((name) => name.endsWith('.tgz'))
  expect(packed).toBeTruthy()
  talk = join(work, 'talk')
  mkdirSync(join(talk, 'components'), { recursive: true })
  writeFileSync(join(talk, 'slides.md'), SLIDES)
  writeFileSync(join(talk, 'components', 'Greeting.tsx'), GREETING)
  // As an author would: `npm install` of the packed file (the registry's packages come from npm's cache when it has them).
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', join(work, packed!)], { cwd: talk, stdio: ['ignore', 'ignore', 'inherit'], timeout: 240_000 })
})

test.afterAll(() => {
  if (dev?.pid) {
    try {
      process.kill(-dev.pid)
    } catch {}
  }
  if (work) rmSync(work, { recursive: true, force: true })
})

test('the package holds the engine, not the banking deck', () => {
  const installed = join(talk, 'node_modules', 'reslide')
  for (const part of ['bin/reslide.mjs', 'cli/index.ts', 'plugin/index.ts', 'src/main.tsx', 'server/index.ts', 'themes/seriph', 'index.html']) expect(existsSync(join(installed, part)), part).toBe(true)
  for (const part of ['slides.md', 'components', 'public', 'tests', 'bench']) expect(existsSync(join(installed, part)), part).toBe(false)
})

test('the installed command answers a misused word with one line and a non-zero exit (tests/unit/cli.test.ts has the rest)', () => {
  const unknown = reslide(['buidl'])
  expect(unknown.status).toBe(2)
  expect(unknown.out.trim().split('\n')).toEqual([expect.stringMatching(/^reslide: Unknown command "buidl".*reslide --help/)])
  expect(reslide(['--help']).out).toMatch(/reslide build \[entry\]/)
})

test('npx reslide build: prerendered pages with the author\'s component, fonts cut, the static-host files', async ({ page }) => {
  const built = reslide(['build'])
  expect(built.out).toMatch(/Built slides\.md into dist/)
  expect(built.status).toBe(0)
  // The command ran the engine bundled for Node (bin/engine.mjs), made on its first start beside the installed engine.
  const bundled = JSON.parse(readFileSync(join(talk, 'node_modules', 'reslide', 'node_modules', '.cache', 'reslide-node', 'current.json'), 'utf8')) as { sources: [string][] }
  expect(bundled.sources.map(([file]) => file)).toEqual(expect.arrayContaining(['cli/index.ts', 'cli/build.ts', 'plugin/index.ts']))
  const dist = join(talk, 'dist')
  const first = readFileSync(join(dist, '1', 'index.html'), 'utf8')
  expect(first).toContain('Hello from my talk')
  expect(first).toMatch(/class="greeting text-\[#1e6b52\]">Hello, (<!-- -->)?world(<!-- -->)?!/)
  expect(readdirSync(join(dist, 'assets')).some((name) => name.endsWith('.woff2'))).toBe(true)
  for (const file of ['404.html', '_redirects', 'deck-manifest.json', '2/index.html']) expect(existsSync(join(dist, file)), file).toBe(true)
  // The author brought no icon: the page carries the engine's, inline (nothing asked for that is not there).
  expect(first).toContain('rel="icon" type="image/svg+xml" href="data:image/svg+xml;base64,')

  // Served by `npx reslide serve`, the build shows the slide and moves on with the keyboard.
  const server = spawn('npx', ['--no-install', 'reslide', 'serve', '--port', String(specPort('packageServe'))], { cwd: talk, stdio: 'ignore', detached: true })
  try {
    await expect.poll(() => fetch(`http://127.0.0.1:${specPort('packageServe')}/1`).then((r) => r.status, () => 0), { timeout: 30_000 }).toBe(200)
    await page.goto(`http://127.0.0.1:${specPort('packageServe')}/1`)
    await expect(page.locator('.slidev-page-1 .greeting')).toHaveText('Hello, world!')
    await page.keyboard.press('ArrowRight')
    await expect(page).toHaveURL(/\/2$/)
    await expect(page.locator('.slidev-page-2')).toContainText('Second slide')
  } finally {
    process.kill(-server.pid!)
  }
})

test('npx reslide: the dev server shows the talk and an edit of slides.md updates it in place', async ({ page }) => {
  dev = spawn('npx', ['--no-install', 'reslide', '--port', String(specPort('packageDev')), '--host', '127.0.0.1'], { cwd: talk, stdio: 'ignore', detached: true, env: { ...process.env, SLIDES_ENTRY: '' } })
  await expect.poll(() => fetch(`http://127.0.0.1:${specPort('packageDev')}/1`).then((r) => r.status, () => 0), { timeout: 90_000 }).toBe(200)
  await page.goto(`http://127.0.0.1:${specPort('packageDev')}/1`)
  await expect(page.locator('.slidev-page-1 .greeting')).toHaveText('Hello, world!', { timeout: 60_000 })
  await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true))
  writeFileSync(join(talk, 'slides.md'), SLIDES.replace('Hello from my talk', 'Hello from my edited talk'))
  await expect(page.locator('.slidev-page-1 h1')).toHaveText('Hello from my edited talk')
  // In place: the page was not reloaded.
  expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true)
  // The component's own utility class is styled (UnoCSS reads the deck's components/ folder).
  await expect(page.locator('.slidev-page-1 .greeting')).toHaveCSS('color', 'rgb(30, 107, 82)')
  // Ctrl-C in the terminal (SIGINT to the command's process group) ends the dev server: nothing it started keeps
  // it alive. Every process of the group is gone within 10 s (npx itself may end by the signal, its node by exiting).
  const group = dev.pid!
  process.kill(-group, 'SIGINT')
  const groupAlive = () => {
    try {
      process.kill(-group, 0)
      return true
    } catch {
      return false
    }
  }
  await expect.poll(groupAlive, { timeout: 10_000, message: 'a process of `npx reslide` still runs 10 s after Ctrl-C' }).toBe(false)
  dev = undefined
})

test('npx reslide export: a PDF of the talk, and its notes as Markdown', () => {
  const exported = reslide(['export', '--format', 'pdf,md'])
  expect(exported.out).toMatch(/Wrote slides-export\.pdf: 2 pages/)
  expect(exported.status).toBe(0)
  expect(exported.out).not.toMatch(/warning/)
  expect(execFileSync('pdfinfo', [join(talk, 'slides-export.pdf')], { encoding: 'utf8' })).toMatch(/^Title:\s+My own talk$/m)
  expect(readFileSync(join(talk, 'slides-export.md'), 'utf8')).toContain('A note for the second slide.')
})
