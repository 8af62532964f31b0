// `--format pptx`: an editable PowerPoint drawn from the slides as Chromium laid them out. Text stays text (native
// text boxes, lists, tables), what cannot be text (images, diagrams, charts, widgets) is a 2× picture of that
// element only, slide links jump between slides, the speaker note is the slide's notes.
import PptxGenJS from 'pptxgenjs'
import JSZip from 'jszip'
import { readSlideShapes, type Box, type DeckShapes, type Paragraph, type Shape, type TableCell, type TextRun } from './slide-shapes'
import { imagesAsDrawn, takePictures, type PrintPage, type PrintSession } from './session'
import { officeFonts, type OfficeFont } from './office-fonts'

/** The slide's width in inches (PowerPoint's 16:9 is 10 in wide; the height follows the deck's canvas). */
const SLIDE_WIDTH_IN = 10

export interface PptxInput {
  title: string
  author: string
  lang: string
  canvasWidth: number
  canvasHeight: number
  pages: PrintPage[]
  /** The speaker note of a slide as plain text. */
  noteOf: (no: number) => string
}

/** Converts the slide's CSS pixels to PowerPoint's inches and points. */
export function units(canvasWidth: number) {
  const inch = SLIDE_WIDTH_IN / canvasWidth
  return {
    inch: (px: number) => Math.round(px * inch * 1000) / 1000,
    point: (px: number) => Math.round(px * inch * 72 * 100) / 100,
  }
}

const hex = (color: string) => color.replace(/^#/, '').toUpperCase()

/**
 * pptxgenjs names one face per run, in every slot: each run names `<n>|font` for entry n of a table of office fonts,
 * and the `<a:latin>`, `<a:ea>` and `<a:cs>` elements are written from that entry afterwards (fillFonts).
 */
const FONT_MARK = '|font'

class FontTable {
  readonly entries: OfficeFont[] = []
  private readonly index = new Map<string, number>()

  /** `webFonts`: the families the page loads itself (see officeFonts). */
  constructor(private readonly webFonts: readonly string[]) {}

  /** The name a run carries for the CSS stack `fonts`. */
  faceOf(fonts: readonly string[]): string {
    const font = officeFonts(fonts, this.webFonts)
    const key = JSON.stringify(font)
    let n = this.index.get(key)
    if (n === undefined) {
      n = this.entries.push(font) - 1
      this.index.set(key, n)
    }
    return `${n}${FONT_MARK}`
  }
}

const xmlAttr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/** Writes each marked run's font elements from the table: the Latin family, and the installed CJK one in `<a:ea>`. */
export function fillFonts(xml: string, table: readonly OfficeFont[]): string {
  return xml.replace(/<a:(latin|ea|cs|sym) typeface="(\d+)\|font"[^>]*\/>/g, (match, slot: string, n: string) => {
    const font = table[Number(n)]
    if (!font) return match
    const face = xmlAttr(slot === 'ea' ? font.ea : font.latin)
    return `<a:${slot} typeface="${face}" pitchFamily="${font.pitchFamily}" charset="${slot === 'ea' ? font.eaCharset : 0}"/>`
  })
}

/**
 * One `<a:pPr>` per paragraph, first: pptxgenjs 4.0.1 writes one before every run of a paragraph, which the schema
 * forbids (PowerPoint offers to repair the file) and LibreOffice reads as the last one (a list item with a link
 * loses its number and indent). The runs after the first carry no paragraph options of ours, so theirs go.
 */
export function oneParagraphProperties(xml: string): string {
  return xml.replace(/<a:p>([\s\S]*?)<\/a:p>/g, (paragraph, body: string) => {
    const first = /^<a:pPr\b[^>]*?(?:\/>|>[\s\S]*?<\/a:pPr>)/.exec(body)?.[0] ?? ''
    const rest = body.slice(first.length).replace(/<a:pPr\b[^>]*?(?:\/>|>[\s\S]*?<\/a:pPr>)/g, '')
    return rest.length + first.length === body.length ? paragraph : `<a:p>${first}${rest}</a:p>`
  })
}

/**
 * The pictures' bytes, held apart from pptxgenjs: it is handed a stand-in for each (a few bytes naming it) and the
 * finishing pass puts the PNG in its place. pptxgenjs takes pictures only as base64 text, which JSZip decodes in
 * JavaScript (0.39 s for this deck's 4 MB of PNG) and runs through its checksum once for pptxgenjs' file and again
 * for the finished one; as stand-ins they are read once, at the end.
 */
export class Pictures {
  /** By slot: the picture, null for one that could not be taken, undefined while it is being taken. */
  private readonly bytes: (Buffer | null | undefined)[] = []

  /** The data URL pptxgenjs gets for `png`. */
  add(png: Buffer): string {
    const { slot, data } = this.reserve()
    this.fill(slot, png)
    return data
  }

  /** A stand-in for a picture taken later (`fill`): the slides are written while the pictures are taken. */
  reserve(): { slot: number; data: string } {
    const slot = this.bytes.push(undefined) - 1
    return { slot, data: `data:image/png;base64,${Buffer.from(`reslide-picture-${slot}`).toString('base64')}` }
  }

  /** The picture of a reserved slot; null when it could not be taken (the file then holds a transparent pixel there). */
  fill(slot: number, png: Buffer | null): void {
    this.bytes[slot] = png
  }

  /**
   * The picture a media file of the written zip stands for, if it is a stand-in (else undefined: a file of
   * pptxgenjs' own). A stand-in of no picture would leave a broken image in the file: it throws instead.
   */
  standsFor(content: Uint8Array): Buffer | undefined {
    if (content.length > STAND_IN_MAX_BYTES) return undefined
    const match = STAND_IN.exec(Buffer.from(content).toString('latin1'))
    if (!match) return undefined
    const picture = this.bytes[Number(match[1])]
    if (picture === null) return TRANSPARENT_PIXEL
    if (!picture) throw new Error(`PowerPoint: picture ${match[1]} is missing (${this.bytes.length} taken)`)
    return picture
  }
}

/** A 1 × 1 PNG, fully transparent: what a picture that could not be taken shows. */
const TRANSPARENT_PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR42mNgAAIAAAUAAen63NgAAAAASUVORK5CYII=', 'base64')

const STAND_IN = /^reslide-picture-(\d+)$/
const STAND_IN_MAX_BYTES = 32

/**
 * The zipped file finished: every slide's and note's XML with its font elements filled in (see FONT_MARK) and one
 * paragraph property each, every stand-in replaced by its picture.
 */
export async function finishParts(bytes: Buffer, table: readonly OfficeFont[], pictures: Pictures): Promise<Buffer> {
  return withPictures(await withFonts(bytes, table), pictures)
}

/** The written zip with its slides' and notes' fonts and paragraphs finished (done while the pictures are taken). */
async function withFonts(bytes: Buffer, table: readonly OfficeFont[]): Promise<JSZip> {
  const zip = await JSZip.loadAsync(bytes)
  for (const name of Object.keys(zip.files).filter((n) => /^ppt\/(slides|notesSlides)\/[^/]+\.xml$/.test(n))) {
    const xml = await zip.file(name)!.async('string')
    zip.file(name, oneParagraphProperties(fillFonts(xml, table)))
  }
  // Zipped now and opened again: the XML is deflated while the pictures are taken, and the last pass, which keeps a
  // file it does not change as it was compressed, only stores the pictures.
  return JSZip.loadAsync(await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 1 } }))
}

/** The file's bytes, each stand-in replaced by its picture. */
async function withPictures(zip: JSZip, pictures: Pictures): Promise<Buffer> {
  // The pictures are PNG, compressed already: stored as they are, only the XML is deflated, at the fastest level
  // (measured on this deck: half the time of level 6 for a file 1% larger).
  for (const media of zip.file(/^ppt\/media\//)) {
    const picture = pictures.standsFor(await media.async('uint8array'))
    if (picture) zip.file(media.name, picture, { compression: 'STORE' })
    else media.options.compression = 'STORE'
  }
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 1 } })
}

/** The output slide (1-based) each deck slide starts at, for slide jumps. */
export function slideTargets(pages: readonly PrintPage[]): Map<number, number> {
  const first = new Map<number, number>()
  pages.forEach((p, i) => {
    if (!first.has(p.no)) first.set(p.no, i + 1)
  })
  return first
}

type TextProps = PptxGenJS.TextProps

/** What every shape of a presentation needs to write its text. */
interface Context {
  u: ReturnType<typeof units>
  targets: Map<number, number>
  fonts: FontTable
  canvasWidth: number
}

function runProps(run: TextRun, { u, targets, fonts }: Context): TextProps['options'] {
  const options: NonNullable<TextProps['options']> = {
    fontFace: fonts.faceOf(run.fonts),
    fontSize: u.point(run.size),
    bold: run.bold,
    italic: run.italic,
    color: hex(run.color),
  }
  if (run.transparency > 0.01) options.transparency = Math.round(run.transparency * 100)
  if (run.underline) options.underline = { style: 'sng' }
  if (run.strike) options.strike = 'sngStrike'
  if (run.link && 'slide' in run.link) {
    const target = targets.get(run.link.slide)
    if (target) options.hyperlink = { slide: target, tooltip: `Slide ${run.link.slide}` }
  } else if (run.link) options.hyperlink = { url: run.link.url }
  return options
}

/** A block's paragraphs as pptxgenjs text runs: the last run of a paragraph breaks the line. */
function textRuns(paragraphs: Paragraph[], context: Context): TextProps[] {
  const { u } = context
  const out: TextProps[] = []
  paragraphs.forEach((paragraph, p) => {
    paragraph.runs.forEach((run, r) => {
      const options = runProps(run, context) ?? {}
      // Every run names its paragraph's alignment: pptxgenjs starts a new paragraph where a run's differs from the
      // one before (in table cells, where a link's run would otherwise break the line).
      options.align = paragraph.align
      if (r === 0) {
        options.lineSpacing = u.point(paragraph.lineHeight)
        if (paragraph.spaceBefore) options.paraSpaceBefore = u.point(paragraph.spaceBefore)
        if (paragraph.list) {
          const { ordered, start, level, indent } = paragraph.list
          // pptxgenjs sets the text (level + 1) indents in from the box, the marker one indent left of it.
          const step = u.point(indent / (level + 1))
          options.bullet = ordered ? { type: 'number', numberStartAt: start ?? 1, indent: step } : { indent: step }
          if (level) options.indentLevel = level
        }
      }
      // A <br> inside a paragraph: the run before it ends its line.
      const previous = out[out.length - 1]
      if (run.breakBefore && r > 0 && previous?.options) previous.options.breakLine = true
      if (r === paragraph.runs.length - 1 && p < paragraphs.length - 1) options.breakLine = true
      out.push({ text: run.text, options })
    })
  })
  return out
}

/** How much wider a text box is than the browser's line box: fonts differ slightly between programs. */
const SLACK_PX = 6

function addText(slide: PptxGenJS.Slide, shape: Extract<Shape, { kind: 'text' }>, context: Context) {
  const { u, canvasWidth } = context
  const runs = textRuns(shape.paragraphs, context)
  if (!runs.length) return
  const align = shape.paragraphs[0]?.align ?? 'left'
  const [top, right, bottom, left] = shape.padding
  const box: Box = { ...shape.box }
  // The extra width goes where the text can grow without moving: right of left-aligned text, both sides of centred.
  const slack = Math.min(SLACK_PX, Math.max(0, canvasWidth - (box.x + box.w)))
  if (align === 'center') {
    box.x -= slack / 2
    box.w += slack
  } else if (align === 'right') {
    box.x -= slack
    box.w += slack
  } else box.w += slack
  slide.addText(runs, {
    x: u.inch(box.x),
    y: u.inch(box.y),
    w: u.inch(box.w),
    h: u.inch(box.h),
    margin: [u.point(left), u.point(right), u.point(bottom), u.point(top)],
    valign: shape.valign,
    fit: 'none',
    wrap: true,
    fill: shape.fill ? { color: hex(shape.fill) } : undefined,
  })
}

/**
 * A cell's padding in the file. A program whose font runs a little wider (or that spaces Chinese from Latin, as
 * LibreOffice does) would wrap a cell sized to its text: the room comes out of the padding on the side the text grows
 * towards (both sides of centred text), so the table and its text stay where the browser drew them.
 */
export function cellMargins(padding: readonly [number, number, number, number], align: Paragraph['align'] | undefined): [number, number, number, number] {
  const [top, right, bottom, left] = padding
  const least = 1
  if (align === 'center') return [top, Math.min(right, least), bottom, Math.min(left, least)]
  if (align === 'right') return [top, right, bottom, Math.min(left, least)]
  return [top, Math.min(right, least), bottom, left]
}

function addTable(slide: PptxGenJS.Slide, shape: Extract<Shape, { kind: 'table' }>, context: Context) {
  const { u } = context
  const cell = (c: TableCell): PptxGenJS.TableCell => {
    const borders = c.borders.map((b) => (b ? { type: 'solid' as const, pt: Math.max(0.25, u.point(b.width)), color: hex(b.color) } : { type: 'none' as const }))
    const paragraph = c.paragraphs[0]
    const runs = c.paragraphs.flatMap((p) => (p.runs.length ? textRuns([p], context) : []))
    return {
      text: runs.length ? runs : '',
      options: {
        // Table margins are points when at least 1 (pptxgenjs reads smaller numbers as inches).
        margin: cellMargins(c.padding, paragraph?.align).map((v) => Math.max(1, u.point(v))) as [number, number, number, number],
        fill: c.fill ? { color: hex(c.fill) } : undefined,
        valign: c.valign,
        align: paragraph?.align,
        colspan: c.colspan > 1 ? c.colspan : undefined,
        rowspan: c.rowspan > 1 ? c.rowspan : undefined,
        border: borders as [PptxGenJS.BorderProps, PptxGenJS.BorderProps, PptxGenJS.BorderProps, PptxGenJS.BorderProps],
        bold: c.header || undefined,
      },
    }
  }
  slide.addTable(
    shape.rows.map((row) => row.map(cell)),
    {
      x: u.inch(shape.box.x),
      y: u.inch(shape.box.y),
      w: u.inch(shape.box.w),
      colW: shape.colWidths.map((w) => u.inch(w)),
      rowH: shape.rowHeights.map((h) => u.inch(h)),
      autoPage: false,
    },
  )
}

function addBox(slide: PptxGenJS.Slide, pptx: PptxGenJS, shape: Extract<Shape, { kind: 'box' }>, u: ReturnType<typeof units>) {
  slide.addShape(shape.radius > 2 ? pptx.ShapeType.roundRect : pptx.ShapeType.rect, {
    x: u.inch(shape.box.x),
    y: u.inch(shape.box.y),
    w: u.inch(shape.box.w),
    h: u.inch(shape.box.h),
    fill: shape.fill ? { color: hex(shape.fill), transparency: Math.round(shape.fillTransparency * 100) } : { type: 'none' },
    line: shape.border ? { color: hex(shape.border.color), width: Math.max(0.25, u.point(shape.border.width)) } : { type: 'none' },
    rectRadius: shape.radius > 2 ? Math.min(0.5, shape.radius / Math.min(shape.box.w, shape.box.h)) : undefined,
  })
}

/**
 * Builds the presentation from the open print view: every slide's shapes read in one call, the images the page can
 * draw drawn in another, the slides written with stand-ins for the other pictures, then those captured (one capture
 * per slide, shared by its pictures) while the file is zipped; the last pass puts the pictures in. `report` is told of
 * each slide written and each picture taken. Returns the file's bytes and how many elements became pictures.
 */
export async function buildPptx(
  session: Pick<PrintSession, 'page' | 'cdp'>,
  input: PptxInput,
  report: (step: 'slide' | 'picture', done: number, total: number) => void,
): Promise<{ bytes: Buffer; pictures: number; warnings: string[]; ms: Record<string, number> }> {
  const ms = { shapes: 0, pictures: 0, slides: 0, file: 0 }
  let since = Date.now()
  /** Adds the time since the last lap to `phase`: where an export's time goes (DECK_EXPORT_TIMINGS prints it). */
  const lap = (phase: keyof typeof ms) => {
    const now = Date.now()
    ms[phase] += now - since
    since = now
  }
  const pptx = new PptxGenJS()
  pptx.defineLayout({ name: 'DECK', width: SLIDE_WIDTH_IN, height: Math.round((SLIDE_WIDTH_IN * input.canvasHeight * 1000) / input.canvasWidth) / 1000 })
  pptx.layout = 'DECK'
  pptx.title = input.title
  pptx.author = input.author
  pptx.company = ''
  pptx.subject = input.title
  // Handed back as JSON text: Playwright's own serialisation of the deck's shapes (0.8 MB of them) took 0.9–1.1 s, the
  // text and JSON.parse 0.2–0.3 s.
  const ids = JSON.stringify(input.pages.map((p) => p.id))
  const deck = JSON.parse(await session.page.evaluate<string>(`JSON.stringify((${readSlideShapes.toString()})(${ids}))`)) as DeckShapes
  lap('shapes')
  const context: Context = { u: units(input.canvasWidth), targets: slideTargets(input.pages), fonts: new FontTable(deck.webFonts), canvasWidth: input.canvasWidth }
  const { u } = context
  const warnings: string[] = []
  let pictures = 0
  const pictureBytes = new Pictures()
  // A picture of a background shows the background only, not the text drawn over it (which stays text).
  await session.page.addStyleTag({ content: '[data-export-bare] * { visibility: hidden !important; }' })
  const drawn = await imagesAsDrawn(session.page, PICTURE_OPTIONS.scale)
  const captures: Capture[] = []
  for (const [i, printPage] of input.pages.entries()) {
    const shapes = deck.slides[i] ?? { shapes: [] }
    const images = slidePictures(printPage, shapes.shapes, pictureBytes, drawn, captures)
    const slide = pptx.addSlide()
    if (shapes.background) slide.background = { color: hex(shapes.background) }
    for (const shape of shapes.shapes) {
      if (shape.kind === 'text') addText(slide, shape, context)
      else if (shape.kind === 'table') addTable(slide, shape, context)
      else if (shape.kind === 'box') addBox(slide, pptx, shape, u)
      else {
        const taken = images.get(shape.key)!
        pictures++
        slide.addImage({ ...pictureProps(taken, shape.box, `slide-${printPage.id}-pictures.png`, u), altText: shape.alt || undefined })
      }
    }
    const note = input.noteOf(printPage.no)
    if (note) slide.addNotes(note)
    report('slide', i + 1, input.pages.length)
  }
  lap('slides')
  // The captures wait on Chromium's frames, not on this thread: the file is written meanwhile, its pictures stand-ins.
  const [missed, zip] = await Promise.all([
    takeCaptures(session, captures, pictureBytes, (n) => report('picture', n, captures.length)),
    pptx.write({ outputType: 'nodebuffer' }).then((bytes) => withFonts(bytes as Buffer, context.fonts.entries)),
  ])
  lap('pictures')
  for (const capture of missed) {
    for (const use of capture.uses) warnings.push(`slide ${capture.no}: a picture could not be taken (${use || 'unnamed element'})`)
    pictures -= capture.uses.length
  }
  const bytes = await withPictures(zip, pictureBytes)
  lap('file')
  return { bytes, pictures, warnings, ms }
}

/**
 * A picture as the file holds it: a PNG (the data URL of its stand-in, made once per capture) of its own, or of
 * `sheet`, a box around several of its slide's pictures.
 */
export interface TakenPicture {
  data: string
  sheet?: Box
}

/** A capture the file waits for: a box of a print page, and the slot its picture fills. */
interface Capture {
  pageId: string
  no: number
  box: Box
  slot: number
  /** A background's key: its element's text is hidden while it is taken. */
  bare?: string
  /** The pictures shown from it, by their names (for a warning when it cannot be taken). */
  uses: string[]
}

/**
 * The 2× pictures of one slide by key, each with its stand-in: the images the page drew itself (`drawn`, see
 * imagesAsDrawn) as they are; the other plain ones from one capture of the box around them all (each shown as its own
 * crop of it: a capture costs two frames, 35–60 ms whatever its size, and a slide of formulas has a dozen); each
 * background from a capture of its own with its text hidden. The captures are added to `captures`, taken later.
 */
function slidePictures(printPage: PrintPage, shapes: readonly Shape[], pictures: Pictures, drawn: ReadonlyMap<string, Buffer>, captures: Capture[]): Map<string, TakenPicture> {
  const wanted = shapes.filter((s): s is Extract<Shape, { kind: 'picture' }> => s.kind === 'picture')
  const images = new Map<string, TakenPicture>()
  const capture = (box: Box, uses: string[], bare?: string) => {
    const { slot, data } = pictures.reserve()
    captures.push({ pageId: printPage.id, no: printPage.no, box, slot, bare, uses })
    return data
  }
  for (const s of wanted) {
    const png = drawn.get(s.key)
    if (png && !s.bare) images.set(s.key, { data: pictures.add(png) })
  }
  const plain = wanted.filter((s) => !s.bare && !images.has(s.key))
  if (plain.length) {
    const sheet = plain.length > 1 ? boxAround(plain.map((s) => s.box)) : undefined
    const data = capture(sheet ?? plain[0]!.box, plain.map((s) => s.alt))
    for (const s of plain) images.set(s.key, { data, sheet })
  }
  for (const background of wanted.filter((s) => s.bare)) images.set(background.key, { data: capture(background.box, [background.alt], background.key) })
  return images
}

/**
 * Takes the captures one after another, each filling its slot; returns those that could not be taken. A background
 * hides what is drawn over it while taken: one at a time, so it never hides another picture.
 */
async function takeCaptures(session: Pick<PrintSession, 'page' | 'cdp'>, captures: readonly Capture[], pictures: Pictures, report: (taken: number) => void): Promise<Capture[]> {
  const missed: Capture[] = []
  for (const [i, capture] of captures.entries()) {
    const element = capture.bare === undefined ? undefined : session.page.locator(`[data-export-picture="${capture.bare}"]`)
    await element?.evaluate((el) => el.setAttribute('data-export-bare', ''))
    const [png = null] = await takePictures(session, capture.pageId, [capture.box], PICTURE_OPTIONS)
    await element?.evaluate((el) => el.removeAttribute('data-export-bare'))
    pictures.fill(capture.slot, png)
    if (!png) missed.push(capture)
    report(i + 1)
  }
  return missed
}

/** The smallest box holding every one of `boxes` (at least one). */
export function boxAround(boxes: readonly Box[]): Box {
  const x = Math.min(...boxes.map((b) => b.x))
  const y = Math.min(...boxes.map((b) => b.y))
  return { x, y, w: Math.max(...boxes.map((b) => b.x + b.w)) - x, h: Math.max(...boxes.map((b) => b.y + b.h)) - y }
}

/**
 * Where a picture goes and what it shows, for pptxgenjs: its own PNG stretched over `box`; or a sheet shared with
 * other pictures of the slide, stored once (the same `path` on every use) and cropped to `box` (a:srcRect).
 */
export function pictureProps(taken: TakenPicture, box: Box, sheetName: string, u: ReturnType<typeof units>): PptxGenJS.ImageProps {
  const at = { x: u.inch(box.x), y: u.inch(box.y) }
  const { data, sheet } = taken
  if (!sheet) return { data, ...at, w: u.inch(box.w), h: u.inch(box.h) }
  const crop = { type: 'crop' as const, x: u.inch(box.x - sheet.x), y: u.inch(box.y - sheet.y), w: u.inch(box.w), h: u.inch(box.h) }
  return { data, path: sheetName, ...at, w: u.inch(sheet.w), h: u.inch(sheet.h), sizing: crop }
}

/** Images, diagrams and charts at twice the slide's resolution. */
const PICTURE_OPTIONS = { scale: 2, encoding: 'fast' } as const
