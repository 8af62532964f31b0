// `npm run export` on the fixture deck (tests/fixtures/basic.md, 6 slides): real PDFs read back with poppler and
// pdf-lib, and every way the command can be misused answered with a clear message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRef } from 'pdf-lib'
import { parseExportArgs, pdfFileName, outputName, UsageError } from '../../scripts/export/options'
import { downloadTarget } from '../../cli/build'
import { buildReason, writeBuildStamp, addStaticHostFiles } from '../../plugin/build'

const root = resolve(__dirname, '../..')
const fixture = resolve(root, 'tests/fixtures/basic.md')
const work = mkdtempSync(join(tmpdir(), 'deck-export-test-'))
const dist = join(work, 'dist')

function exportCli(args: string[], env: Record<string, string> = {}, cwd = root) {
  const run = spawnSync(process.execPath, [resolve(root, 'bin/reslide.mjs'), 'export', ...args], {
    cwd,
    env: { ...process.env, SLIDES_ENTRY: '', ...env },
    encoding: 'utf8',
    timeout: 170_000,
  })
  return { status: run.status, stdout: run.stdout, stderr: run.stderr }
}

const pdfinfo = (file: string) => execFileSync('pdfinfo', [file], { encoding: 'utf8' })
const pdftext = (file: string, page: number) => execFileSync('pdftotext', ['-f', String(page), '-l', String(page), '-layout', file, '-'], { encoding: 'utf8' })

/** Top-level outline titles with the page (1-based) each opens. */
async function outlineOf(file: string): Promise<[string, number][]> {
  const doc = await PDFDocument.load(readFileSync(file))
  const pageNo = new Map(doc.getPages().map((p, i) => [p.ref.toString(), i + 1]))
  const items: [string, number][] = []
  const outlines = doc.catalog.lookupMaybe(PDFName.of('Outlines'), PDFDict)
  let ref = outlines?.get(PDFName.of('First')) as PDFRef | undefined
  while (ref) {
    const item = doc.context.lookup(ref, PDFDict)
    const dest = item.lookup(PDFName.of('Dest'), PDFArray)
    items.push([item.lookup(PDFName.of('Title'), PDFHexString).decodeText(), pageNo.get(dest.get(0).toString()) ?? -1])
    ref = item.get(PDFName.of('Next')) as PDFRef | undefined
  }
  return items
}

afterAll(() => rmSync(work, { recursive: true, force: true }))

describe('flags', () => {
  it('reads every flag', () => {
    expect(parseExportArgs(['deck.md', '--range', '1-3', '--with-clicks', '--dark', '--output', 'a.pdf', '--executable-path', '/x/chromium', '--dist', 'out', '--skip-build', '--timeout', '5'])).toEqual({
      entry: 'deck.md',
      formats: ['pdf'],
      scale: 1,
      range: '1-3',
      withClicks: true,
      dark: true,
      notes: false,
      output: 'a.pdf',
      executablePath: '/x/chromium',
      dist: 'out',
      skipBuild: true,
      timeoutMs: 5000,
      help: false,
    })
    expect(parseExportArgs([])).toMatchObject({ entry: undefined, range: undefined, withClicks: false, notes: false, timeoutMs: 120_000 })
  })

  it.each([
    [['--colour', 'dark'], /Unknown option '--colour'/],
    [['--range'], /argument missing|requires|--range/],
    [['--range', 'first five'], /--range "first five" is not a range/],
    [['--timeout', 'soon'], /--timeout "soon" must be a number/],
    [['--timeout', '0'], /must be a number of seconds above 0/],
    [['--timeout=-1'], /must be a number of seconds above 0/],
    [['--notes', '--with-clicks'], /cannot be combined/],
    [['a.md', 'b.md'], /One deck file at most/],
    [['--output', ' '], /--output needs a value/],
    [['--format', 'docx'], /Unknown format "docx": use pdf, html, pptx, png or md/],
    [['--format', ','], /--format needs a format/],
    [['--scale', '9'], /--scale "9" must be a number from 1 to 4/],
  ])('%j is refused with a clear message and the usage', (argv, message) => {
    let error: unknown
    try {
      parseExportArgs(argv)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(UsageError)
    expect((error as Error).message).toMatch(message)
    expect((error as Error).message).toContain('Usage: reslide export')
  })

  it.each([
    [{ download: 'https://example.com/files/notes.pdf?x=1', exportFilename: 'deck' }, {}, 'notes.pdf'],
    [{ download: '/downloads/%E9%93%B6%E8%A1%8C.pdf', exportFilename: 'deck' }, {}, '银行.pdf'],
    [{ download: true, exportFilename: 'banking' }, {}, 'banking.pdf'],
    [{ download: 'https://example.com/page', exportFilename: 'banking.pdf' }, {}, 'banking.pdf'],
    [{ download: false, exportFilename: '' }, {}, 'slides-export.pdf'],
    [{ download: false, exportFilename: '../../etc/passwd' }, {}, 'passwd.pdf'],
    [{ download: false, exportFilename: 'a:b*c' }, {}, 'a-b-c.pdf'],
    [{ download: true, exportFilename: 'banking' }, { notes: true }, 'banking-notes.pdf'],
    [{}, {}, 'slides-export.pdf'],
  ])('file name for %j %j is %s', (config, options, expected) => {
    expect(pdfFileName(config, options)).toBe(expected)
  })

  it.each([
    ['out', 'out.pdf'],
    ['out.PDF', 'out.PDF'],
    ['dir/deck.v2', 'dir/deck.v2.pdf'],
  ])('--output %s writes %s', (given, expected) => {
    expect(outputName(given)).toBe(expected)
  })
})

describe('when the export builds first', () => {
  // A project of its own: sources, two decks and a built folder, with times set by hand.
  const project = join(work, 'project')
  const built = join(project, 'dist')
  const setTime = (path: string, seconds: number) => utimesSync(path, seconds, seconds)
  beforeAll(() => {
    mkdirSync(join(project, 'src'), { recursive: true })
    mkdirSync(built, { recursive: true })
    writeFileSync(join(project, 'src', 'main.tsx'), '')
    writeFileSync(join(project, 'slides.md'), '# a')
    writeFileSync(join(project, 'other.md'), '# b')
  })
  const fresh = () => {
    for (const f of ['src/main.tsx', 'src', 'slides.md', 'other.md']) setTime(join(project, f), 1000)
    writeFileSync(join(built, 'index.html'), '<!doctype html>')
    writeFileSync(join(built, 'deck-manifest.json'), '{}')
    setTime(join(built, 'index.html'), 2000)
  }

  it('builds when there is no build', () => {
    expect(buildReason(project, join(project, 'slides.md'), join(project, 'nothing-here'))).toMatch(/has no built deck/)
  })

  it('trusts an unrecorded build of the default deck when it is newer than every source', () => {
    fresh()
    expect(buildReason(project, join(project, 'slides.md'), built)).toBeNull()
  })

  it('rebuilds when a source or the deck changed after the build', () => {
    fresh()
    setTime(join(project, 'src', 'main.tsx'), 3000)
    expect(buildReason(project, join(project, 'slides.md'), built)).toMatch(/sources changed/)
    fresh()
    setTime(join(project, 'slides.md'), 3000)
    expect(buildReason(project, join(project, 'slides.md'), built)).toMatch(/sources changed/)
  })

  it('never prints another deck from a build it cannot vouch for', () => {
    fresh()
    expect(buildReason(project, join(project, 'other.md'), built)).toMatch(/no record of which deck/)
    writeBuildStamp(project, built, join(project, 'slides.md'))
    expect(buildReason(project, join(project, 'other.md'), built)).toMatch(/holds a build of .*slides\.md/)
    writeBuildStamp(project, built, join(project, 'other.md'))
    expect(buildReason(project, join(project, 'other.md'), built)).toBeNull()
  })

  it('adds 404.html and _redirects for history routing on static hosts', () => {
    fresh()
    rmSync(join(built, '404.html'), { force: true })
    addStaticHostFiles(built)
    expect(readFileSync(join(built, '404.html'), 'utf8')).toBe('<!doctype html>')
    expect(readFileSync(join(built, '_redirects'), 'utf8')).toBe('/* /404.html 200\n')
  })

  it('keeps the 404.html a prerendering build wrote (the app without a page in it)', () => {
    fresh()
    writeFileSync(join(built, '404.html'), '<!doctype html><div id="app"></div>')
    addStaticHostFiles(built)
    expect(readFileSync(join(built, '404.html'), 'utf8')).toBe('<!doctype html><div id="app"></div>')
  })
})

describe('postbuild: where the downloadable PDF goes', () => {
  it.each([
    [{ download: true, exportFilename: 'banking' }, 'banking.pdf'],
    [{ download: '/files/notes.pdf', exportFilename: 'x' }, 'files/notes.pdf'],
    [{ download: 'notes.pdf?v=2', exportFilename: 'x' }, 'notes.pdf'],
    [{ download: 'https://example.com/notes.pdf', exportFilename: 'x' }, null],
    [{ download: '//cdn.example.com/notes.pdf', exportFilename: 'x' }, null],
    [{ download: false, exportFilename: 'x' }, null],
  ])('%j → %s', (config, expected) => {
    expect(downloadTarget(config, dist)).toBe(expected === null ? null : join(dist, expected))
  })

  it.each([
    [{ download: '../outside.pdf', exportFilename: 'x' }, /outside the build folder/],
    [{ download: '/files/notes.html', exportFilename: 'x' }, /should name a \.pdf file/],
  ])('%j is refused', (config, message) => {
    expect(() => downloadTarget(config, dist)).toThrow(message)
  })
})

describe('npm run export', () => {
  it('without Chromium: a clear message naming how to install it, before any build', () => {
    const missing = join(work, 'never-built')
    const run = exportCli([fixture, '--dist', missing], { CHROMIUM_PATH: '/nonexistent' })
    expect(run.status).toBe(1)
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^reslide export failed: No browser at CHROMIUM_PATH=\/nonexistent \(no executable file there\): install one .*npx playwright install chromium.*--executable-path/)])
    expect(existsSync(missing)).toBe(false)
  })

  it('a missing deck file or a bad flag is named', () => {
    const noDeck = exportCli([join(work, 'no-such-deck.md'), '--dist', dist])
    expect(noDeck.status).toBe(1)
    expect(noDeck.stderr).toMatch(/Deck file not found: .*no-such-deck\.md/)
    const badFlag = exportCli(['--pages', '3'])
    // A misused command exits 2 (as most command lines do); a failed export 1.
    expect(badFlag.status).toBe(2)
    expect(badFlag.stderr).toContain("Unknown option '--pages'")
    expect(badFlag.stderr).toContain('reslide export --help lists the options')
    expect(badFlag.stderr.trim().split('\n')).toHaveLength(1)
    // Two runs of the CLI: each starts tsx, which takes seconds on a loaded machine.
  }, 90_000)

  it('--skip-build on a folder with no build says how to get one', () => {
    const run = exportCli([fixture, '--dist', join(work, 'empty'), '--skip-build'])
    expect(run.status).toBe(1)
    expect(run.stderr).toMatch(/deck-manifest\.json is missing: build the deck first/)
  })

  it('builds the deck when needed and writes a 6-page PDF: 735 × 414 pt, titled, with bookmarks, searchable text, slide links', async () => {
    const out = join(work, 'basic')
    const run = exportCli([fixture, '--dist', dist, '--output', out])
    expect(run.stderr + run.stdout).not.toMatch(/export failed/)
    expect(run.status).toBe(0)
    expect(run.stderr).toMatch(/Building .*basic\.md/)
    expect(existsSync(join(dist, '404.html'))).toBe(true)
    const file = `${out}.pdf`
    const info = pdfinfo(file)
    expect(info).toMatch(/^Pages:\s+6$/m)
    expect(info).toMatch(/^Page size:\s+735 x 414 pts$/m)
    expect(info).toMatch(/^Title:\s+Fixture deck$/m)
    expect(pdftext(file, 3)).toContain('左侧内容')
    expect(pdftext(file, 3)).toContain('右侧内容')
    // Every click revealed: the third list item of slide 2 is on its page.
    expect(pdftext(file, 2)).toContain('第三步')
    expect(await outlineOf(file)).toEqual([
      ['Fixture deck', 1],
      ['第二张：点击', 2],
      ['两栏', 3],
      ['菜单', 4],
      ['第五张：范围', 5],
      ['最后一张', 6],
    ])
    const doc = await PDFDocument.load(readFileSync(file))
    // The menu slide (page 4) links to slides 2 and 4: jumps inside the PDF, no address of the closed server.
    const annots = doc.getPage(3).node.lookup(PDFName.of('Annots'), PDFArray)
    const targets = annots.asArray().map((_, i) => annots.lookup(i, PDFDict).lookupMaybe(PDFName.of('Dest'), PDFArray)?.get(0).toString())
    expect(targets).toContain(doc.getPage(1).ref.toString())
    expect(targets).toContain(doc.getPage(3).ref.toString())
    expect(readFileSync(file).toString('latin1')).not.toMatch(/127\.0\.0\.1/)
  }, 180_000)

  it('--with-clicks: one page per click step (1 + 4 + 1 + 1 + 4 + 1 = 12)', () => {
    const file = join(work, 'clicks.pdf')
    const run = exportCli([fixture, '--dist', dist, '--with-clicks', '--skip-build', '--output', file])
    expect(run.status).toBe(0)
    expect(pdfinfo(file)).toMatch(/^Pages:\s+12$/m)
    // Slide 2 at step 0 shows no list item yet; at step 3 all three.
    expect(pdftext(file, 2)).not.toContain('第一步')
    expect(pdftext(file, 5)).toContain('第三步')
  }, 180_000)

  it('--range with --dark, and the default file name in the current folder', () => {
    const cwd = join(work, 'cwd')
    mkdirSync(cwd, { recursive: true })
    const run = exportCli([fixture, '--dist', dist, '--range', '3-4,9', '--dark', '--skip-build'], {}, cwd)
    expect(run.status).toBe(0)
    const file = join(cwd, 'slides-export.pdf')
    expect(pdfinfo(file)).toMatch(/^Pages:\s+2$/m)
    expect(pdftext(file, 1)).toContain('两栏')
    // Dark: the page is mostly dark pixels.
    const ppm = execFileSync('pdftoppm', ['-r', '10', '-f', '1', '-l', '1', file], { maxBuffer: 1 << 20 })
    const pixels = ppm.subarray(ppm.length - 98 * 55 * 3)
    const mean = pixels.reduce((sum, v) => sum + v, 0) / pixels.length
    expect(mean).toBeLessThan(80)
  }, 180_000)

  it('--range that selects nothing says so', () => {
    const run = exportCli([fixture, '--dist', dist, '--range', '40-50', '--skip-build', '--output', join(work, 'none.pdf')])
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('selects no slide of the 6')
    expect(existsSync(join(work, 'none.pdf'))).toBe(false)
  }, 180_000)

  it('a print view that never gets ready within --timeout fails with a message saying what it waited on', () => {
    const run = exportCli([fixture, '--dist', dist, '--skip-build', '--timeout', '0.05', '--output', join(work, 'late.pdf')])
    expect(run.status).toBe(1)
    expect(run.stderr).toMatch(/Timed out after 0\.05 s .*Raise --timeout/)
    expect(existsSync(join(work, 'late.pdf'))).toBe(false)
  }, 180_000)

  it('--notes: a handout with each slide and its notes, one A4 page per slide', async () => {
    const file = join(work, 'handout.pdf')
    const run = exportCli([fixture, '--dist', dist, '--notes', '--skip-build', '--output', file])
    expect(run.status).toBe(0)
    const info = pdfinfo(file)
    expect(info).toMatch(/^Pages:\s+6$/m)
    expect(info).toMatch(/\(A4\)/)
    const page2 = pdftext(file, 2)
    expect(page2).toContain('第二张：点击')
    expect(page2).toContain('第一步的说明')
    expect((await outlineOf(file)).map(([, page]) => page)).toEqual([1, 2, 3, 4, 5, 6])
    expect(statSync(file).size).toBeGreaterThan(10_000)
  }, 180_000)
})
