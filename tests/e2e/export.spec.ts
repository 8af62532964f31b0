// `npm run export` in every format on the real deck (107 slides), exported once for all the checks: files that open
// and hold every slide, the PowerPoint's text, tables and notes (and, where LibreOffice is installed, its text where
// Chromium drew it), the tagged PDF, and bad input that leaves nothing behind.
import { test, expect } from '@playwright/test'
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { pathToFileURL } from 'node:url'
import { join, resolve } from 'node:path'
import JSZip from 'jszip'
import { deckDist, root } from './decks'
import { buildHandout } from '../../cli/build'
import { parseDeck } from '../../plugin/parser'
import { cornerAlphaOf, filteredRows } from './png-pixels'

const SLIDES = 107
const work = mkdtempSync(join(tmpdir(), 'deck-export-formats-'))
const base = join(work, 'deck')
// The real deck, built by the global setup.
const dist = deckDist('deck')

function exportCli(args: string[]) {
  const run = spawnSync(process.execPath, [resolve(root, 'bin/reslide.mjs'), 'export', ...args], { cwd: root, encoding: 'utf8', timeout: 400_000 })
  return { status: run.status, stdout: run.stdout, stderr: run.stderr }
}

/** The share of pixels that differ from their left neighbour, over the image or its crop (PowerPoint's srcRect, 1/100,000ths cut off each side). */
function inkOf(png: Buffer, crop = { l: 0, t: 0, r: 0, b: 0 }): number {
  const width = png.readUInt32BE(16)
  const height = png.readUInt32BE(20)
  const channels = ({ 2: 3, 6: 4 } as Record<number, number>)[png[25]!] ?? 4
  const raw = filteredRows(png)
  const row = width * channels + 1
  let differ = 0
  let pixels = 0
  // Rows filtered by their left neighbour (type 1) still hold zeros where nothing changes; other filters are rare here.
  const [top, bottom] = [Math.floor((height * crop.t) / 1e5), height - Math.floor((height * crop.b) / 1e5)]
  const [left, right] = [Math.max(1, Math.floor((width * crop.l) / 1e5)), width - Math.floor((width * crop.r) / 1e5)]
  for (let y = top; y < bottom && (y + 1) * row <= raw.length; y++) {
    const r = y * row
    for (let i = r + 1 + left * channels; i < r + 1 + right * channels; i++, pixels++) if (raw[i] !== (raw[r] === 0 ? raw[r + 1 + (i - r - 1) % channels] : 0)) differ++
  }
  return differ / Math.max(1, pixels)
}

const hasTool = (tool: string) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(600_000)
  // One export of every format: the shared setup the checks below read.
  const run = exportCli(['--format', 'md,pdf,png,pptx,html', '--skip-build', '--dist', dist, '--output', base])
  expect(run.stderr + run.stdout).not.toMatch(/export failed/)
  expect(run.status).toBe(0)
})

test.afterAll(() => rmSync(work, { recursive: true, force: true }))

test('the handout is built from the deck as it is: each slide with its notes, tagged, its text the deck\'s own', async () => {
  test.setTimeout(300_000)
  const handout = await buildHandout(resolve(root, 'slides.md'), dist, () => {})
  expect(handout).toBe(join(dist, 'banking-notes.pdf'))
  const info = execFileSync('pdfinfo', [handout!], { encoding: 'utf8' })
  expect(info).toMatch(/^Tagged:\s+yes$/m)
  expect(info).toMatch(new RegExp(`^Pages:\\s+${SLIDES}$`, 'm'))
  expect(info).toMatch(/\(A4\)/)
  const squeeze = (text: string) => text.replace(/\s+/g, '')
  const page = (no: number) => squeeze(execFileSync('pdftotext', ['-f', String(no), '-l', String(no), handout!, '-'], { encoding: 'utf8' }))
  const deck = parseDeck(readFileSync(resolve(root, 'slides.md'), 'utf8'))
  // Slide 34's balanced table, cell by cell as the deck has it now (the committed handout of old had it unbalanced).
  const cells = deck.slides[33]!.content.split('\n').filter((line) => /^\|/.test(line) && !/^\|[-| ]+\|$/.test(line)).flatMap((line) => line.split('|').map((cell) => squeeze(cell)).filter(Boolean))
  expect(cells).toContain('合计160两')
  for (const cell of cells) expect(page(34), cell).toContain(cell.replace(/\*\*/g, ''))
  // The current Shibor wording, from the deck's own glossary slide.
  const shibor = deck.slides.find((s) => /^\|\s*Shibor\s*\|/m.test(s.content))!
  const definition = squeeze(/^\|\s*Shibor\s*\|([^|]+)\|/m.exec(shibor.content)![1]!)
  expect(definition).toContain('去掉最高、最低各4家后')
  expect(page(shibor.no)).toContain(definition)
})

test('md: a section per slide with its number and title, notes as written', () => {
  const md = readFileSync(`${base}.md`, 'utf8')
  expect(md.match(/^## \d+\. /gm)).toHaveLength(SLIDES)
  expect(md).toContain('## 4. 存款：黄金换成一张收据\n\n存款是最简单的一步。')
  expect(md).toContain('*(click)*')
})

test('pdf: 107 pages, tagged for screen readers', () => {
  const info = execFileSync('pdfinfo', [`${base}.pdf`], { encoding: 'utf8' })
  expect(info).toMatch(new RegExp(`^Pages:\\s+${SLIDES}$`, 'm'))
  expect(info).toMatch(/^Tagged:\s+yes$/m)
})

test('png: an image per slide at the canvas size', () => {
  const files = readdirSync(base).filter((f) => f.endsWith('.png')).sort()
  expect(files).toHaveLength(SLIDES)
  expect(files[0]).toBe('001.png')
  const png = readFileSync(join(base, '004.png'))
  // Width and height sit at bytes 16–23 of a PNG's header chunk.
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([980, 552])
})

test('pptx: 107 slides with native text, the T-account as a table, notes, links and the title in the properties', async () => {
  // Reading every slide's XML out of the zip takes a while on a loaded machine.
  test.setTimeout(120_000)
  const zip = await JSZip.loadAsync(readFileSync(`${base}.pptx`))
  const slides = Object.keys(zip.files).filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n))
  expect(slides).toHaveLength(SLIDES)
  const slide4 = await zip.file('ppt/slides/slide4.xml')!.async('string')
  expect(slide4).toContain('<a:t>存款：黄金换成一张收据</a:t>')
  expect(slide4.match(/<a:tbl>/g)).toHaveLength(2)
  expect(slide4).toContain('<a:t>钱庄的资产负债表</a:t>')
  // Chinese text is set in an installed Chinese family, never the page's own font subset, with the character set and
  // kind of face Office uses to stand in a Chinese serif (SimSun) where Noto is missing.
  expect(slide4).toMatch(/<a:ea typeface="Noto Serif CJK SC" pitchFamily="18" charset="-122"\/>/)
  expect(slide4).not.toContain('Deck Serif SC')
  const notes = Object.keys(zip.files).filter((n) => /^ppt\/notesSlides\/notesSlide\d+\.xml$/.test(n))
  expect(notes).toHaveLength(SLIDES)
  const rels = await zip.file('ppt/slides/_rels/slide4.xml.rels')!.async('string')
  const note4 = rels.match(/notesSlide(\d+)\.xml/)![1]
  expect(await zip.file(`ppt/notesSlides/notesSlide${note4}.xml`)!.async('string')).toContain('存款是最简单的一步。')
  // The agenda's links jump to slides inside the file.
  const agenda = await zip.file('ppt/slides/slide2.xml')!.async('string')
  expect(agenda).toContain('ppaction://hlinksldjump')
  // Each paragraph has one set of properties, first (the schema's rule; PowerPoint repairs a file that breaks it),
  // so the agenda's numbered items keep their numbers though each starts with a link.
  const misplaced: string[] = []
  for (const name of slides) {
    for (const paragraph of (await zip.file(name)!.async('string')).match(/<a:p>[\s\S]*?<\/a:p>/g) ?? []) {
      const properties = paragraph.match(/<a:pPr\b/g)?.length ?? 0
      if (properties > 1 || (properties === 1 && !paragraph.startsWith('<a:p><a:pPr'))) misplaced.push(`${name}: ${paragraph.slice(0, 200)}`)
    }
  }
  expect(misplaced).toEqual([])
  expect(agenda.match(/<a:p><a:pPr[^>]*><a:lnSpc>.*?<a:buAutoNum type="arabicPeriod" startAt="\d"\/><\/a:pPr><a:r>.*?hlinksldjump/g)).toHaveLength(5)
  // Slide 45's formulas, inline in its list and text as well as on their own line, are pictures named by their TeX,
  // each showing something (a capture of the wrong place comes back blank). They share one capture of the box around
  // them, stored once, each picture its own crop of it.
  const slide45 = await zip.file('ppt/slides/slide45.xml')!.async('string')
  expect(slide45).toContain('descr="M_2 = M_0 + P_2"')
  const rels45 = await zip.file('ppt/slides/_rels/slide45.xml.rels')!.async('string')
  const targets = new Map([...rels45.matchAll(/Id="(rId\d+)"[^>]*Target="\.\.\/media\/([^"]+\.png)"/g)].map((m) => [m[1]!, m[2]!]))
  const pictures = [...slide45.matchAll(/<p:pic>[\s\S]*?<\/p:pic>/g)].map(([xml]) => ({
    name: /descr="([^"]*)"/.exec(xml)?.[1] ?? '',
    image: targets.get(/r:embed="(rId\d+)"/.exec(xml)?.[1] ?? '') ?? '',
    crop: Object.fromEntries(['l', 't', 'r', 'b'].map((side) => [side, Number(new RegExp(`<a:srcRect[^>]*\\b${side}="(-?\\d+)"`).exec(xml)?.[1] ?? 0)])) as { l: number; t: number; r: number; b: number },
  }))
  expect(pictures.length).toBeGreaterThanOrEqual(10)
  expect(new Set(pictures.map((p) => p.image)).size, 'one stored capture for the slide').toBe(1)
  for (const { name, image, crop } of pictures) expect(inkOf(await zip.file(`ppt/media/${image}`)!.async('nodebuffer'), crop), name).toBeGreaterThan(0.01)
  // Slide 1's logo is the image itself, drawn by the page at twice its size with its transparency, not a capture of
  // the slide behind it: its corner is see-through.
  const slide1 = await zip.file('ppt/slides/slide1.xml')!.async('string')
  const rels1 = await zip.file('ppt/slides/_rels/slide1.xml.rels')!.async('string')
  const logoRel = /<p:pic>[\s\S]*?descr="银行标志"[\s\S]*?r:embed="(rId\d+)"/.exec(slide1)?.[1]
  const logo = await zip.file(`ppt/media/${new RegExp(`Id="${logoRel}"[^>]*Target="\\.\\./media/([^"]+)"`).exec(rels1)?.[1]}`)!.async('nodebuffer')
  expect([logo.readUInt32BE(16), logo.readUInt32BE(20), logo[24], logo[25]], 'a 160 × 160 RGBA picture').toEqual([160, 160, 8, 6])
  expect(cornerAlphaOf(logo), 'the logo’s corner').toBe(0)
  const core = await zip.file('docProps/core.xml')!.async('string')
  expect(core).toContain('<dc:title>银行业务与货币创造')
})

test('pptx in the dark scheme: each slide on the colour it is drawn on, the cover\'s and the content box\'s', async () => {
  test.setTimeout(120_000)
  const dark = join(work, 'dark')
  const run = exportCli(['--format', 'pptx', '--dark', '--range', '1,45', '--skip-build', '--dist', dist, '--output', dark])
  expect(run.status, run.stderr).toBe(0)
  const zip = await JSZip.loadAsync(readFileSync(`${dark}.pptx`))
  /** A slide's background fill, as its channels (0–255). */
  const fill = async (n: number) => {
    const hex = /<p:bg>[\s\S]*?<a:srgbClr val="([0-9A-F]{6})"/.exec(await zip.file(`ppt/slides/slide${n}.xml`)!.async('string'))?.[1] ?? ''
    return hex ? [0, 2, 4].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)) : []
  }
  // The range's second slide is deck slide 45 (its first formula).
  expect(await zip.file('ppt/slides/slide2.xml')!.async('string')).toContain('descr="M_2 = M_0 + P_2"')
  // The cover's layout has its own colour; slide 45's default layout is transparent over the slide's dark content box
  // (the file's white default showed light text on white there).
  for (const n of [1, 2]) {
    const channels = await fill(n)
    expect(channels, `slide ${n}'s background`).toHaveLength(3)
    expect(Math.max(...channels), `slide ${n}'s background`).toBeLessThan(64)
  }
  // The light export's slide 45 names its white too.
  const light = await JSZip.loadAsync(readFileSync(`${base}.pptx`))
  expect(/<p:bg>[\s\S]*?<a:srgbClr val="([0-9A-F]{6})"/.exec(await light.file('ppt/slides/slide45.xml')!.async('string'))?.[1]).toBe('FFFFFF')
})

test('pptx in LibreOffice: the agenda, the T-accounts and a table show the same text where Chromium drew it', () => {
  test.skip(!hasTool('soffice') || !hasTool('pdftotext'), 'LibreOffice (apt-get install -y libreoffice-impress) or poppler-utils not installed')
  test.setTimeout(180_000)
  const out = join(work, 'lo')
  execFileSync('soffice', ['--headless', `-env:UserInstallation=file://${join(work, 'lo-profile')}`, '--convert-to', 'pdf', '--outdir', out, `${base}.pptx`], { stdio: 'ignore', timeout: 170_000 })
  const words = (file: string, page: number) => {
    const xml = execFileSync('pdftotext', ['-f', String(page), '-l', String(page), '-bbox', file, '-'], { encoding: 'utf8' })
    const size = xml.match(/<page width="([\d.]+)" height="([\d.]+)"/)!
    const [w, h] = [Number(size[1]), Number(size[2])]
    // Left edge and vertical middle: the line boxes' heights differ between the two programs' fonts.
    return [...xml.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]+)<\/word>/g)].map((m) => ({
      x: Number(m[1]) / w,
      y: (Number(m[2]) + Number(m[3])) / 2 / h,
      text: m[4]!,
    }))
  }
  const expected: [number, string[]][] = [
    // Numbered items that start with a link; a table cell's link after its text; the T-accounts.
    [2, ['目录', '存款业务', '贷款与衍生概念', '同业']],
    [4, ['存款：黄金换成一张收据', '客户的资产负债表', '钱庄的资产负债表', '资产', '负债']],
    [39, ['法定准备金率（见：部分准备金）', '强制留足应付取款的准备金', '日常监管与处置', '最后贷款人救的是']],
  ]
  for (const [page, texts] of expected) {
    const drawn = words(`${base}.pdf`, page)
    const office = words(join(out, 'deck.pdf'), page)
    for (const text of texts) {
      const a = drawn.find((w) => w.text.startsWith(text))
      const b = office.find((w) => w.text.startsWith(text))
      expect(a, `slide ${page}: ${text} in Chromium's PDF`).toBeTruthy()
      expect(b, `slide ${page}: ${text} in LibreOffice's rendering`).toBeTruthy()
      // Within 3% of the slide's width and height of where the browser put it.
      expect(Math.abs(a!.x - b!.x), `slide ${page}: ${text} x`).toBeLessThan(0.03)
      expect(Math.abs(a!.y - b!.y), `slide ${page}: ${text} y`).toBeLessThan(0.03)
    }
  }
})

test('html: one file under 6 MB that works from disk with every request blocked', async ({ browser }) => {
  test.setTimeout(180_000)
  const file = `${base}.html`
  const html = readFileSync(file, 'utf8')
  expect(html.length).toBeLessThan(6e6)
  // Diagrams arrive drawn: no mermaid library inside, no file or address to fetch.
  expect(html).not.toContain('mermaidAPI')
  expect(html).not.toMatch(/(src|href)="\.?\/(assets|images)\//)
  const url = pathToFileURL(file).href
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } })
  const requests: string[] = []
  context.on('request', (request) => requests.push(request.url()))
  await context.route('**/*', (route) => (route.request().url().split('#')[0] === url ? route.continue() : route.abort()))
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(`${url}#/1`)
  await expect(page.locator('.slidev-page-1')).toBeVisible()
  // Opened: nothing asked for but the file itself.
  expect(new Set(requests.map((r) => r.split('#')[0]))).toEqual(new Set([url]))
  // Every slide and click by keys, to the last one.
  const seen = new Set<number>()
  for (let i = 0; i < 600 && !seen.has(SLIDES); i++) {
    const before = page.url()
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => page.url()).not.toBe(before)
    seen.add(Number(/#\/(\d+)/.exec(page.url())?.[1]))
  }
  expect(seen.size).toBe(SLIDES - 1)
  // Goto (g), slide 12's text, a diagram as drawn, dark mode (d) with the dark drawing.
  await page.keyboard.press('g')
  await page.keyboard.type('12')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/#\/12/)
  await expect(page.locator('.slidev-page-12')).toContainText('经营风险')
  await page.evaluate(() => (location.hash = '#/6'))
  await expect(page.locator('.slidev-page-6 .deck-mermaid[data-state="rendered"] svg')).toBeVisible()
  await page.keyboard.press('d')
  await expect(page.locator('html')).toHaveClass(/dark/)
  await expect(page.locator('.slidev-page-6 .deck-mermaid[data-scheme="dark"][data-state="rendered"] svg')).toBeVisible()
  // The overview (o) shows the slides.
  await page.keyboard.press('o')
  await expect(page.locator('.slidev-page-12').first()).toBeAttached()
  await page.keyboard.press('Escape')
  // The presenter in a second window of the same file: the audience window follows it.
  const presenter = await context.newPage()
  await presenter.goto(`${url}#/presenter/20`)
  await expect(presenter.locator('.slidev-page-20').first()).toBeVisible()
  await presenter.keyboard.press('ArrowRight')
  await expect(page).toHaveURL(/#\/2[01]\b/)
  // What carries it: a BroadcastChannel message between two windows of one file on disk (the README's claim).
  await page.evaluate(() => {
    const channel = new BroadcastChannel('export-probe')
    channel.onmessage = (event) => (document.documentElement.dataset.probe = String(event.data))
  })
  await presenter.evaluate(() => new BroadcastChannel('export-probe').postMessage('from the presenter'))
  await expect(page.locator('html')).toHaveAttribute('data-probe', 'from the presenter')
  // The reader view of the same file.
  await page.evaluate(() => (location.hash = '#/4?view=reader'))
  await expect(page.locator('body')).toContainText('钱庄的资产负债表')
  expect(errors).toEqual([])
  // Walking the deck, only the embeds the deck itself names (iframe-right's url:) were asked for, and were refused.
  const deckText = readFileSync(resolve(root, 'slides.md'), 'utf8')
  for (const request of new Set(requests.map((r) => r.replace(/#.*$/s, '')))) if (request !== url) expect(deckText, request).toContain(new URL(request).host)
  await context.close()
})

test('bad input: one line saying what is wrong, and no file left behind', () => {
  const target = join(work, 'bad')
  writeFileSync(join(work, 'a-file'), '')
  // A deck edited into one that does not parse after its build: the PowerPoint reads its notes from it.
  const unreadable = join(work, 'unreadable.md')
  writeFileSync(unreadable, '---\ntitle: [unclosed\n---\n\n# 一\n')
  // A misused flag exits 2, as the command's every misuse does; an export that cannot be made exits 1.
  const cases: [string[], RegExp, number][] = [
    [['--format', 'docx', '--output', target], /^reslide: Unknown format "docx": use pdf, html, pptx, png or md/, 2],
    [['--format', 'pptx', '--range', '200-300', '--output', target], /^reslide export failed: Nothing to export: the range "200-300" selects no slide of the 107\.$/, 1],
    [['--format', 'md,pptx', '--output', join(work, 'a-file', 'deck')], /^reslide export failed: Cannot write .*a-file\/deck\.md: a file stands where a folder is needed\.$/, 1],
    [[unreadable, '--format', 'pptx', '--output', target], /^reslide export failed: .*unreadable\.md:2: Malformed YAML in frontmatter/, 1],
  ]
  for (const [args, message, status] of cases) {
    const run = exportCli([...args, '--skip-build', '--dist', dist])
    expect(run.status).toBe(status)
    // Off a terminal the progress of what had started stays as lines (one per phase); the error is one line, the last.
    const lines = run.stderr.trim().split('\n')
    expect(lines.filter((line) => line.startsWith('reslide'))).toHaveLength(1)
    expect(lines.at(-1)).toMatch(message)
  }
  expect(readdirSync(work).filter((f) => f.startsWith('bad') || f.includes('partial'))).toEqual([])
})
