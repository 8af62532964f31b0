// The formats' pure parts: which files go where, the notes document, notes as plain text, slide jump targets.
import { inflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { checkWritable, outputPaths } from '../../scripts/export/formats'
import { writeWhole } from '../../plugin/write-whole'
import { notesMarkdown } from '../../scripts/export/md'
import { notePlainText } from '../../scripts/export/deck-source'
import { pngName } from '../../scripts/export/png'
import PptxGenJS from 'pptxgenjs'
import JSZip from 'jszip'
import { boxAround, cellMargins, fillFonts, finishParts, oneParagraphProperties, pictureProps, Pictures, slideTargets, units } from '../../scripts/export/pptx'
import { officeFonts } from '../../scripts/export/office-fonts'
import { SUBSET_FAMILY } from '../../shared/fonts'
import { parseFormats } from '../../scripts/export/options'
import { createProgress } from '../../scripts/export/progress'

const manifest = { download: false, exportFilename: 'banking' }

describe('--format', () => {
  it('keeps production order and drops repeats', () => {
    expect(parseFormats(undefined)).toEqual(['pdf'])
    expect(parseFormats('pptx, PDF,md,pptx')).toEqual(['md', 'pdf', 'pptx'])
  })
})

describe('where each format goes', () => {
  it('from the deck name when no --output', () => {
    expect(outputPaths(['pdf', 'pptx', 'png', 'md'], manifest)).toEqual({
      pdf: resolve('banking.pdf'),
      pptx: resolve('banking.pptx'),
      png: resolve('banking'),
      md: resolve('banking.md'),
    })
    expect(outputPaths(['pdf'], manifest, undefined, true).pdf).toBe(resolve('banking-notes.pdf'))
  })
  it('one format: --output is its file (extension added) or the image folder', () => {
    expect(outputPaths(['pptx'], manifest, 'out/talk').pptx).toBe(resolve('out/talk.pptx'))
    expect(outputPaths(['pptx'], manifest, 'out/talk.pptx').pptx).toBe(resolve('out/talk.pptx'))
    expect(outputPaths(['md'], manifest, 'notes.md').md).toBe(resolve('notes.md'))
    expect(outputPaths(['png'], manifest, 'out/images').png).toBe(resolve('out/images'))
  })
  it('several formats: --output without its extension names them all', () => {
    expect(outputPaths(['pdf', 'md'], manifest, 'out/talk.pdf')).toEqual({ pdf: resolve('out/talk.pdf'), md: resolve('out/talk.md') })
  })
})

describe('files are whole or absent', () => {
  it('an unwritable place is refused before any work, in one line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'export-formats-'))
    writeFileSync(join(dir, 'a-file'), '')
    expect(() => checkWritable(join(dir, 'a-file', 'deck.pptx'), false)).toThrow(/^Cannot write .*deck\.pptx: a file stands where a folder is needed\.$/)
    expect(() => checkWritable(dir, false)).toThrow(/it is a folder/)
    checkWritable(join(dir, 'new', 'deck.pptx'), false)
    expect(readdirSync(join(dir, 'new'))).toEqual([])
    writeWhole(join(dir, 'x.md'), 'text')
    expect(() => writeWhole(join(dir, 'missing', 'x.md'), 'text')).toThrow()
    expect(readdirSync(dir).sort()).toEqual(['a-file', 'new', 'x.md'])
    rmSync(dir, { recursive: true, force: true })
  })
})

describe('notes', () => {
  const deck = {
    title: '银行',
    author: '',
    lang: 'zh-CN',
    slides: [
      { no: 1, title: '封面', note: '开场白。\n[click]\n第二段 **重点**。', hasDiagram: false },
      { no: 2, title: '', note: '', hasDiagram: false },
      { no: 3, title: '表格', note: '# 小标题\n\n```\n# not a heading\n```', hasDiagram: true },
    ],
  }
  it('Markdown: a section per slide with number and title, clicks as cues, headings under the section', () => {
    const md = notesMarkdown(deck, [1, 2, 3])
    expect(md.match(/^## \d+\. /gm)).toHaveLength(3)
    expect(md).toContain('## 1. 封面\n\n开场白。\n*(click)*\n第二段 **重点**。')
    expect(md).toContain('## 2. Slide 2\n\n*(no notes)*')
    expect(md).toContain('### # 小标题'.replace('# #', '#'))
    expect(md).toContain('```\n# not a heading\n```')
    expect(notesMarkdown(deck, [3]).match(/^## /gm)).toHaveLength(1)
  })
  it('plain text for slide notes: marks, tags and click lines dropped, lines kept', () => {
    expect(notePlainText('开场白 <b>x</b>。\n[click]\n- 第二段 **重点** [链接](/3)')).toBe('开场白 x。\n• 第二段 重点 链接')
  })
})

describe('PowerPoint geometry', () => {
  it('a 980 px canvas is 10 in wide: 98 px an inch, 9.8 px... 16 px text is 11.76 pt', () => {
    const u = units(980)
    expect(u.inch(98)).toBe(1)
    expect(u.point(16)).toBe(11.76)
  })
  it('slide jumps land on the first slide of each deck slide', () => {
    const pages = [
      { id: '001-00', no: 1, clicks: 0 },
      { id: '002-00', no: 2, clicks: 0 },
      { id: '002-01', no: 2, clicks: 1 },
      { id: '004-00', no: 4, clicks: 0 },
    ]
    expect([...slideTargets(pages)]).toEqual([
      [1, 1],
      [2, 2],
      [4, 4],
    ])
    expect(pngName(pages[2]!, true)).toBe('002-01.png')
    expect(pngName(pages[2]!, false)).toBe('002.png')
  })
  it('pictures of one slide share a capture of the box around them, each placed at its own box and cropped to it', () => {
    const u = units(980)
    const formula = { x: 98, y: 196, w: 49, h: 98 }
    const sheet = boxAround([formula, { x: 196, y: 98, w: 98, h: 49 }])
    expect(sheet).toEqual({ x: 98, y: 98, w: 196, h: 196 })
    const data = 'data:image/png;base64,cG5n'
    const shared = pictureProps({ data, sheet }, formula, 'slide-045-00-pictures.png', u)
    // Where it shows and how large: its own box. What of the sheet: the part at (0, 1 in), 0.5 × 1 in.
    expect(shared).toMatchObject({ path: 'slide-045-00-pictures.png', x: 1, y: 2, w: 2, h: 2, sizing: { type: 'crop', x: 0, y: 1, w: 0.5, h: 1 } })
    expect(shared.data).toBe(data)
    // A picture alone on its slide is its own file, stretched over its box.
    const alone = pictureProps({ data }, formula, 'unused', u)
    expect(alone).toEqual({ data, x: 1, y: 2, w: 0.5, h: 1 })
  })
})

describe('PowerPoint pictures: pptxgenjs gets stand-ins, the finished file the captures', () => {
  // Two distinct PNG-like payloads (the file stores bytes as they are; only their identity matters here).
  const first = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(4000, 1)])
  const second = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(300, 2)])
  it('every media file of the written presentation holds the capture it stood for, stored; a shared sheet once', async () => {
    const pictures = new Pictures()
    const sheet = { data: pictures.add(first), sheet: { x: 0, y: 0, w: 200, h: 100 } }
    const alone = { data: pictures.add(second) }
    const u = units(980)
    const pptx = new PptxGenJS()
    const slide = pptx.addSlide()
    slide.addImage(pictureProps(sheet, { x: 0, y: 0, w: 100, h: 100 }, 'slide-1-pictures.png', u))
    slide.addImage(pictureProps(sheet, { x: 100, y: 0, w: 100, h: 100 }, 'slide-1-pictures.png', u))
    pptx.addSlide().addImage(pictureProps(alone, { x: 10, y: 10, w: 50, h: 50 }, 'unused', u))
    const written = (await pptx.write({ outputType: 'nodebuffer' })) as Buffer
    // What pptxgenjs wrote are the stand-ins, a few bytes each.
    const standIns = await Promise.all((await JSZip.loadAsync(written)).file(/^ppt\/media\//).map((file) => file.async('string')))
    expect(standIns.sort()).toEqual(['reslide-picture-0', 'reslide-picture-1'])
    const finished = await finishParts(written, [], pictures)
    const zip = await JSZip.loadAsync(finished)
    const media = zip.file(/^ppt\/media\//)
    expect(media).toHaveLength(2)
    const contents = await Promise.all(media.map((file) => file.async('nodebuffer')))
    expect(contents.map((bytes) => bytes.length).sort((a, b) => a - b)).toEqual([second.length, first.length])
    expect(contents.some((bytes) => bytes.equals(first)) && contents.some((bytes) => bytes.equals(second))).toBe(true)
    // Stored, not deflated: the captures' bytes are in the file as they are.
    expect(finished.includes(first) && finished.includes(second)).toBe(true)
  })
  it('a media file that is no stand-in stays as it is; a stand-in of no picture is an error, not a broken image', () => {
    const pictures = new Pictures()
    pictures.add(first)
    expect(pictures.standsFor(Buffer.from('reslide-picture-0'))).toBe(first)
    expect(pictures.standsFor(Buffer.from('reslide-picture-0 '))).toBeUndefined()
    expect(pictures.standsFor(second)).toBeUndefined()
    expect(() => pictures.standsFor(Buffer.from('reslide-picture-1'))).toThrow('PowerPoint: picture 1 is missing (1 taken)')
  })
  it('a stand-in handed out before its capture: the capture fills it later; one that could not be taken shows a transparent pixel; one never filled is an error', async () => {
    const pictures = new Pictures()
    const later = pictures.reserve()
    const missed = pictures.reserve()
    const never = pictures.reserve()
    expect([later.slot, missed.slot, never.slot]).toEqual([0, 1, 2])
    const u = units(980)
    const pptx = new PptxGenJS()
    pptx.addSlide().addImage(pictureProps({ data: later.data }, { x: 0, y: 0, w: 100, h: 100 }, 'unused', u))
    pptx.addSlide().addImage(pictureProps({ data: missed.data }, { x: 0, y: 0, w: 100, h: 100 }, 'unused', u))
    const written = (await pptx.write({ outputType: 'nodebuffer' })) as Buffer
    pictures.fill(later.slot, first)
    pictures.fill(missed.slot, null)
    const contents = await Promise.all((await JSZip.loadAsync(await finishParts(written, [], pictures))).file(/^ppt\/media\//).map((file) => file.async('nodebuffer')))
    expect(contents.some((bytes) => bytes.equals(first))).toBe(true)
    const pixel = contents.find((bytes) => !bytes.equals(first))!
    // A 1 × 1 RGBA PNG, its pixel see-through.
    expect([pixel.readUInt32BE(16), pixel.readUInt32BE(20), pixel[25]]).toEqual([1, 1, 6])
    const idat = pixel.indexOf('IDAT')
    expect([...inflateSync(pixel.subarray(idat + 4, idat + 4 + pixel.readUInt32BE(idat - 4)))]).toEqual([0, 0, 0, 0, 0])
    expect(() => pictures.standsFor(Buffer.from(`reslide-picture-${never.slot}`))).toThrow('PowerPoint: picture 2 is missing (3 taken)')
  })
})

describe('PowerPoint fonts: installed families, never the page\'s own', () => {
  const serif = ['Noto Serif', SUBSET_FAMILY, 'Noto Serif CJK SC', 'Noto Serif SC', 'Source Han Serif SC', 'Songti SC', 'STSong', 'SimSun', 'serif']
  it.each<[string, string[], string[], { latin: string; ea: string; pitchFamily: number }]>([
    ['the theme\'s serif: web fonts skipped, Noto\'s CJK face for both', serif, ['Noto Serif', SUBSET_FAMILY], { latin: 'Noto Serif CJK SC', ea: 'Noto Serif CJK SC', pitchFamily: 18 }],
    ['the subset is skipped even when the page did not declare it', serif, ['Noto Serif'], { latin: 'Noto Serif CJK SC', ea: 'Noto Serif CJK SC', pitchFamily: 18 }],
    ['a Latin face the page does not load is kept', ['Georgia', SUBSET_FAMILY, 'serif'], [], { latin: 'Georgia', ea: 'Noto Serif CJK SC', pitchFamily: 18 }],
    ['sans: generic as Arial, the stack\'s CJK face', ['system-ui', 'Noto Sans CJK SC', 'PingFang SC', 'sans-serif'], [], { latin: 'Arial', ea: 'Noto Sans CJK SC', pitchFamily: 34 }],
    ['mono: generic as Courier New', ['ui-monospace', 'SFMono-Regular', 'monospace'], [], { latin: 'Courier New', ea: 'Noto Sans Mono CJK SC', pitchFamily: 49 }],
    ['only the subset: a CJK serif of the same kind', [SUBSET_FAMILY], [], { latin: 'Times New Roman', ea: 'Noto Serif CJK SC', pitchFamily: 18 }],
  ])('%s', (_name, stack, webFonts, expected) => {
    expect(officeFonts(stack, webFonts)).toMatchObject({ ...expected, eaCharset: -122 })
  })
  it('the east-asian character set follows the script (Windows stands in SimSun, MingLiU, MS Mincho…)', () => {
    expect(officeFonts(['Noto Serif CJK TC']).eaCharset).toBe(-120)
    expect(officeFonts(['Noto Serif CJK JP']).eaCharset).toBe(-128)
    expect(officeFonts(['Noto Serif CJK KR']).eaCharset).toBe(-127)
  })
  it('each marked run gets its Latin face in <a:latin>/<a:cs> and its CJK face in <a:ea>, with the stand-in hints', () => {
    const table = [officeFonts(serif, ['Noto Serif']), officeFonts(['Georgia', 'serif'])]
    const run = (n: number) => `<a:latin typeface="${n}|font" pitchFamily="34" charset="0"/><a:ea typeface="${n}|font" pitchFamily="34" charset="-122"/><a:cs typeface="${n}|font" pitchFamily="34" charset="-120"/>`
    const xml = fillFonts(`<a:rPr>${run(0)}</a:rPr><a:rPr>${run(1)}</a:rPr>`, table)
    expect(xml).toBe(
      '<a:rPr><a:latin typeface="Noto Serif CJK SC" pitchFamily="18" charset="0"/><a:ea typeface="Noto Serif CJK SC" pitchFamily="18" charset="-122"/><a:cs typeface="Noto Serif CJK SC" pitchFamily="18" charset="0"/></a:rPr>' +
        '<a:rPr><a:latin typeface="Georgia" pitchFamily="18" charset="0"/><a:ea typeface="Noto Serif CJK SC" pitchFamily="18" charset="-122"/><a:cs typeface="Georgia" pitchFamily="18" charset="0"/></a:rPr>',
    )
    expect(xml).not.toContain(SUBSET_FAMILY)
  })
})

describe('PowerPoint paragraphs and cells', () => {
  it('one paragraph property per paragraph, before its runs (pptxgenjs writes one per run)', () => {
    const run = (text: string) => `<a:r><a:rPr lang="en-US"/><a:t>${text}</a:t></a:r>`
    const xml = `<a:p><a:pPr algn="l" marL="342900" indent="-342900"><a:buAutoNum type="arabicPeriod" startAt="1"/></a:pPr>${run('存款业务')}<a:pPr indent="0" marL="0"><a:buNone/></a:pPr>${run('：钱庄')}<a:pPr/>${run('。')}</a:p>`
    expect(oneParagraphProperties(xml)).toBe(`<a:p><a:pPr algn="l" marL="342900" indent="-342900"><a:buAutoNum type="arabicPeriod" startAt="1"/></a:pPr>${run('存款业务')}${run('：钱庄')}${run('。')}</a:p>`)
    // Paragraphs without properties, or with one, are left as they are.
    const plain = `<a:p>${run('a')}</a:p><a:p><a:pPr algn="ctr"/>${run('b')}</a:p>`
    expect(oneParagraphProperties(plain)).toBe(plain)
  })
  it('a cell gives its padding to the side its text grows towards, so the text stays where the browser drew it', () => {
    expect(cellMargins([4, 12, 4, 12], 'left')).toEqual([4, 1, 4, 12])
    expect(cellMargins([4, 12, 4, 12], undefined)).toEqual([4, 1, 4, 12])
    expect(cellMargins([4, 12, 4, 12], 'right')).toEqual([4, 12, 4, 1])
    expect(cellMargins([4, 12, 4, 12], 'center')).toEqual([4, 1, 4, 1])
    expect(cellMargins([2, 0, 2, 0], 'left')).toEqual([2, 0, 2, 0])
  })
})

describe('progress', () => {
  const sink = (tty: boolean, columns?: number) => {
    const written: string[] = []
    return { written, stream: { isTTY: tty, columns, write: (text: string) => written.push(text) } as unknown as NodeJS.WritableStream }
  }
  it('piped (a CI log): one plain line per phase, no control codes', () => {
    const { written, stream } = sink(false)
    const progress = createProgress(stream)
    for (let n = 1; n <= 107; n++) progress.update(`Loading slides ${n}/107`)
    progress.update('Drawing 107 pages (waiting on slides 6, 11, 16 and 4 more)')
    progress.update('Drawing 107 pages (waiting on slide 100)')
    progress.update('Rendered 107/107 pages')
    progress.line('Building slides.md…')
    progress.done()
    expect(written).toEqual(['Loading slides 1/107\n', 'Drawing 107 pages (waiting on slides 6, 11, 16 and 4 more)\n', 'Rendered 107/107 pages\n', 'Building slides.md…\n'])
    expect(written.join('')).not.toContain('\x1b')
    expect(written.join('')).not.toContain('\r')
  })
  it('on a terminal: one screen line rewritten in place, cleared before a line that stays and at the end', () => {
    const { written, stream } = sink(true, 24)
    const progress = createProgress(stream)
    progress.update('pptx: slide 1/107')
    progress.update('Drawing 107 pages (waiting on slides 6, 11, 16 and 4 more)')
    progress.line('warning kept')
    progress.update('pptx: slide 2/107')
    progress.done()
    expect(written).toEqual(['\r\x1b[2Kpptx: slide 1/107', '\r\x1b[2KDrawing 107 pages (wai…', '\r\x1b[2K', 'warning kept\n', '\r\x1b[2Kpptx: slide 2/107', '\r\x1b[2K'])
  })
})
