// `reslide build` with `download: true`: the build exports the PDF into dist/ and the viewer's download button serves it.
import { afterAll, expect, it, vi } from 'vitest'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium } from 'playwright-core'
import { main } from '../../cli/index'
import { buildDownload } from '../../cli/build'
import { CHROMIUM_ARGS, findChromium } from '../../scripts/browser'
import { serveStatic } from '../../server/static'

const root = resolve(__dirname, '../..')
const work = mkdtempSync(join(tmpdir(), 'deck-postbuild-test-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

it('exports <exportFilename>.pdf into the build and shows a download button linking to it', async () => {
  // The fixture deck with download on and a Chinese file name.
  const deck = join(work, 'deck.md')
  const fixture = readFileSync(resolve(root, 'tests/fixtures/basic.md'), 'utf8')
  writeFileSync(deck, fixture.replace('transition: slide-left\n---', 'transition: slide-left\ndownload: true\nexportFilename: 银行讲义\n---'))
  const dist = join(work, 'dist')
  const said: string[] = []
  vi.spyOn(console, 'log').mockImplementation((line: string) => void said.push(line))
  const status = await main(['build', deck, '--out', dist])
  vi.restoreAllMocks()
  expect(status).toBe(0)
  expect(said.join('\n')).toMatch(/download is on: exporting/)
  // Prerendered slides answer their own routes; every other route gets the app without a page in it.
  expect(readFileSync(join(dist, '_redirects'), 'utf8')).toBe('/* /404.html 200\n')
  expect(readFileSync(join(dist, '404.html'), 'utf8')).toMatch(/<div id="app"><\/div>/)
  expect(readFileSync(join(dist, 'index.html'), 'utf8')).toMatch(/<div id="app" data-prerendered="\/1">/)
  expect(readFileSync(join(dist, '3', 'index.html'), 'utf8')).toMatch(/data-prerendered="\/3"/)
  const pdf = join(dist, '银行讲义.pdf')
  expect(existsSync(pdf)).toBe(true)
  expect(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' })).toMatch(/^Pages:\s+6$/m)

  const server = await serveStatic(dist)
  const browser = await chromium.launch({ executablePath: findChromium({ headlessShell: true }), args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage()
    await page.goto(`${server.url}/1`)
    const button = page.locator('.slidev-nav a[download]')
    await button.focus()
    await expect.poll(() => button.count()).toBe(1)
    expect(await button.getAttribute('aria-label')).toBe('下载 PDF')
    expect(await button.getAttribute('title')).toBe('下载 PDF')
    const href = await button.evaluate((a) => (a as HTMLAnchorElement).href)
    const response = await fetch(href)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    expect(Buffer.from(await response.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-')
  } finally {
    await browser.close()
    await server.close()
  }
}, 240_000)

it('a remote download URL needs no export; a bad one fails the build with a clear message', async () => {
  const dist = join(work, 'fake-dist')
  const run = (download: string) => {
    rmSync(dist, { recursive: true, force: true })
    execFileSync('mkdir', ['-p', dist])
    writeFileSync(join(dist, 'index.html'), '<!doctype html>')
    writeFileSync(join(dist, 'deck-manifest.json'), JSON.stringify({ title: 'T', download, exportFilename: 'x', total: 1, canvasWidth: 980, canvasHeight: 552, slides: [] }))
    const said: string[] = []
    return buildDownload(join(work, 'deck.md'), dist, (line) => said.push(line)).then(() => said.join('\n'))
  }
  expect(await run('https://example.com/notes.pdf')).toContain('download links to https://example.com/notes.pdf: no PDF to export')
  await expect(run('../../escape.pdf')).rejects.toThrow(/points outside the build folder/)
}, 120_000)
