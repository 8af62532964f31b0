// `--format pptx`: an editable PowerPoint drawn from the slides as Chromium laid them out. Text stays text (native
// text boxes, lists, tables), what cannot be text (images, diagrams, charts, widgets) is a 2× picture of that
// element only, slide links jump between slides, the speaker note is the slide's notes.
import PptxGenJS from 'pptxgenjs'
import JSZip from 'jszip'
import { readSlideShapes, type Box, type DeckShapes, type Paragraph, type Shape, type TableCell, type TextRun } from './slide-shapes'
import { takePictures, type PrintPage, type PrintSession } from './session'
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

/** The zipped file with every slide's and note's font elements filled in (see FONT_MARK). */
async function writeFonts(bytes: Buffer, table: readonly OfficeFont[]): Promise<Buffer> {
  const zip = await JSZip.loadAsync(bytes)
  for (const name of Object.keys(zip.files).filter((n) => /^ppt\/(slides|notesSlides)\/[^/]+\.xml$/.test(n))) {
    const xml = await zip.file(name)!.async('string')
    if (xml.includes(FONT_MARK)) zip.file(name, fillFonts(xml, table))
  }
  // The pictures are PNG, compressed already: stored as they are, only the XML is deflated.
  for (const picture of zip.file(/^ppt\/media\//)) picture.options.compression = 'STORE'
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 6 } })
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
      if (r === 0) {
        options.align = paragraph.align
        options.lineSpacing = u.point(paragraph.lineHeight)
        if (paragraph.spaceBefore) options.paraSpaceBefore = u.point(paragraph.spaceBefore)
        if (paragraph.list) {
          options.bullet = paragraph.list.ordered ? { type: 'number', numberStartAt: paragraph.list.start ?? 1 } : true
          if (paragraph.list.level) options.indentLevel = paragraph.list.level
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

/** How much wider a table may grow than in the browser (a share of its width). */
const TABLE_SLACK = 0.1

function addTable(slide: PptxGenJS.Slide, shape: Extract<Shape, { kind: 'table' }>, context: Context) {
  const { u, canvasWidth } = context
  const cell = (c: TableCell): PptxGenJS.TableCell => {
    const [top, right, bottom, left] = c.padding
    const borders = c.borders.map((b) => (b ? { type: 'solid' as const, pt: Math.max(0.25, u.point(b.width)), color: hex(b.color) } : { type: 'none' as const }))
    const paragraph = c.paragraphs[0]
    const runs = c.paragraphs.flatMap((p) => (p.runs.length ? textRuns([p], context) : []))
    return {
      text: runs.length ? runs : '',
      options: {
        // Table margins are points when at least 1 (pptxgenjs reads smaller numbers as inches).
        margin: [top, right, bottom, left].map((v) => Math.max(1, u.point(v))) as [number, number, number, number],
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
  // Columns sized to their text in the browser wrap in a program whose font is a little wider: a few percent more
  // room, kept centred on the table's place and inside the slide.
  const grow = Math.min(shape.box.w * TABLE_SLACK, 2 * Math.min(shape.box.x, canvasWidth - shape.box.x - shape.box.w))
  const factor = (shape.box.w + Math.max(0, grow)) / shape.box.w
  slide.addTable(
    shape.rows.map((row) => row.map(cell)),
    {
      x: u.inch(shape.box.x - Math.max(0, grow) / 2),
      y: u.inch(shape.box.y),
      w: u.inch(shape.box.w * factor),
      colW: shape.colWidths.map((w) => u.inch(w * factor)),
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
 * Builds the presentation from the open print view: every slide's shapes read in one call, then the pictures of
 * each slide that has any (all of a slide's at once). `report` gets "slide i/n" as slides are written.
 * Returns the file's bytes and how many elements became pictures.
 */
export async function buildPptx(session: Pick<PrintSession, 'page' | 'cdp'>, input: PptxInput, report: (done: number, total: number) => void): Promise<{ bytes: Buffer; pictures: number; warnings: string[] }> {
  const pptx = new PptxGenJS()
  pptx.defineLayout({ name: 'DECK', width: SLIDE_WIDTH_IN, height: Math.round((SLIDE_WIDTH_IN * input.canvasHeight * 1000) / input.canvasWidth) / 1000 })
  pptx.layout = 'DECK'
  pptx.title = input.title
  pptx.author = input.author
  pptx.company = ''
  pptx.subject = input.title
  const deck: DeckShapes = await session.page.evaluate(readSlideShapes, input.pages.map((p) => p.id))
  const context: Context = { u: units(input.canvasWidth), targets: slideTargets(input.pages), fonts: new FontTable(deck.webFonts), canvasWidth: input.canvasWidth }
  const { u } = context
  const warnings: string[] = []
  let pictures = 0
  // A picture of a background shows the background only, not the text drawn over it (which stays text).
  await session.page.addStyleTag({ content: '[data-export-bare] * { visibility: hidden !important; }' })
  for (const [i, printPage] of input.pages.entries()) {
    const shapes = deck.slides[i] ?? { shapes: [] }
    const images = await slidePictures(session, printPage.id, shapes.shapes)
    const slide = pptx.addSlide()
    if (shapes.background) slide.background = { color: hex(shapes.background) }
    for (const shape of shapes.shapes) {
      if (shape.kind === 'text') addText(slide, shape, context)
      else if (shape.kind === 'table') addTable(slide, shape, context)
      else if (shape.kind === 'box') addBox(slide, pptx, shape, u)
      else {
        const png = images.get(shape.key)
        if (!png) {
          warnings.push(`slide ${printPage.no}: a picture could not be taken (${shape.alt || 'unnamed element'})`)
          continue
        }
        pictures++
        slide.addImage({ data: `data:image/png;base64,${png.toString('base64')}`, x: u.inch(shape.box.x), y: u.inch(shape.box.y), w: u.inch(shape.box.w), h: u.inch(shape.box.h), altText: shape.alt || undefined })
      }
    }
    const note = input.noteOf(printPage.no)
    if (note) slide.addNotes(note)
    report(i + 1, input.pages.length)
  }
  const bytes = await writeFonts((await pptx.write({ outputType: 'nodebuffer' })) as Buffer, context.fonts.entries)
  return { bytes, pictures, warnings }
}

/** The 2× pictures of one slide by key: the plain ones at once, each background alone with its text hidden. */
async function slidePictures(session: Pick<PrintSession, 'page' | 'cdp'>, pageId: string, shapes: readonly Shape[]): Promise<Map<string, Buffer | null>> {
  const wanted = shapes.filter((s): s is Extract<Shape, { kind: 'picture' }> => s.kind === 'picture')
  const images = new Map<string, Buffer | null>()
  const plain = wanted.filter((s) => !s.bare)
  const taken = await takePictures(session, pageId, plain.map((s) => s.box), PICTURE_OPTIONS)
  plain.forEach((s, i) => images.set(s.key, taken[i] ?? null))
  // A background hides what is drawn over it while taken: one at a time, so it never hides another picture.
  for (const background of wanted.filter((s) => s.bare)) {
    const element = session.page.locator(`[data-export-picture="${background.key}"]`)
    await element.evaluate((el) => el.setAttribute('data-export-bare', ''))
    const [png] = await takePictures(session, pageId, [background.box], PICTURE_OPTIONS)
    await element.evaluate((el) => el.removeAttribute('data-export-bare'))
    images.set(background.key, png ?? null)
  }
  return images
}

/** Images, diagrams and charts at twice the slide's resolution. */
const PICTURE_OPTIONS = { scale: 2, encoding: 'fast' } as const
