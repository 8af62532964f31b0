// `--format pptx`: an editable PowerPoint drawn from the slides as Chromium laid them out. Text stays text (native
// text boxes, lists, tables), what cannot be text (images, diagrams, charts, widgets) is a 2× picture of that
// element only, slide links jump between slides, the speaker note is the slide's notes.
import PptxGenJS from 'pptxgenjs'
import JSZip from 'jszip'
import type { Page } from 'playwright-core'
import { readSlideShapes, type Box, type Paragraph, type Shape, type SlideShapes, type TableCell, type TextRun } from './slide-shapes'
import { showOnly, type PrintPage } from './session'

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

/** CSS's generic families as the fonts a slide program has. */
const GENERIC: Record<string, string> = { serif: 'Times New Roman', 'sans-serif': 'Arial', 'system-ui': 'Arial', 'ui-sans-serif': 'Arial', monospace: 'Courier New', 'ui-monospace': 'Courier New' }

/** pptxgenjs names one font per run; both are carried as `latin|ea:east-asian` and split in the XML afterwards. */
const EA_MARK = '|ea:'

function fontFace(run: TextRun): string {
  const latin = GENERIC[run.font] ?? run.font
  return run.eaFont && run.eaFont !== latin ? `${latin}${EA_MARK}${run.eaFont}` : latin
}

/** Splits the carried font names: the Latin family in `<a:latin>` and `<a:cs>`, the CJK family in `<a:ea>`. */
async function splitFonts(bytes: Buffer): Promise<Buffer> {
  const zip = await JSZip.loadAsync(bytes)
  const mark = EA_MARK.replace(/[|]/g, '\\|')
  const pattern = new RegExp(`<a:(latin|ea|cs|sym) typeface="([^"]*?)${mark}([^"]*)"`, 'g')
  for (const name of Object.keys(zip.files).filter((n) => /^ppt\/(slides|notesSlides)\/[^/]+\.xml$/.test(n))) {
    const xml = await zip.file(name)!.async('string')
    if (!xml.includes(EA_MARK)) continue
    zip.file(name, xml.replace(pattern, (_m, tag: string, latin: string, ea: string) => `<a:${tag} typeface="${tag === 'ea' ? ea : latin}"`))
  }
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

function runProps(run: TextRun, u: ReturnType<typeof units>, targets: Map<number, number>): TextProps['options'] {
  const options: NonNullable<TextProps['options']> = {
    fontFace: fontFace(run),
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
function textRuns(paragraphs: Paragraph[], u: ReturnType<typeof units>, targets: Map<number, number>): TextProps[] {
  const out: TextProps[] = []
  paragraphs.forEach((paragraph, p) => {
    paragraph.runs.forEach((run, r) => {
      const options = runProps(run, u, targets) ?? {}
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

function addText(slide: PptxGenJS.Slide, shape: Extract<Shape, { kind: 'text' }>, u: ReturnType<typeof units>, targets: Map<number, number>, canvasWidth: number) {
  const runs = textRuns(shape.paragraphs, u, targets)
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

function addTable(slide: PptxGenJS.Slide, shape: Extract<Shape, { kind: 'table' }>, u: ReturnType<typeof units>, targets: Map<number, number>, canvasWidth: number) {
  const cell = (c: TableCell): PptxGenJS.TableCell => {
    const [top, right, bottom, left] = c.padding
    const borders = c.borders.map((b) => (b ? { type: 'solid' as const, pt: Math.max(0.25, u.point(b.width)), color: hex(b.color) } : { type: 'none' as const }))
    const paragraph = c.paragraphs[0]
    const runs = c.paragraphs.flatMap((p) => (p.runs.length ? textRuns([p], u, targets) : []))
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

/** Screenshots one element of the shown print page (the context's device scale gives the 2×). */
async function picture(page: Page, key: string, bare: boolean, box: Box, at: { x: number; y: number }): Promise<string | null> {
  const element = page.locator(`[data-export-picture="${key}"]`)
  if (bare) await element.evaluate((el) => el.setAttribute('data-export-bare', ''))
  try {
    const png = await page.screenshot({ type: 'png', clip: { x: at.x + box.x, y: at.y + box.y, width: box.w, height: box.h }, timeout: 10_000 })
    return `data:image/png;base64,${png.toString('base64')}`
  } catch {
    return null
  } finally {
    if (bare) await element.evaluate((el) => el.removeAttribute('data-export-bare'))
  }
}

/**
 * Builds the presentation from the open print view. `report` gets "slide i/n" as pages are read.
 * Returns the file's bytes and how many elements became pictures.
 */
export async function buildPptx(page: Page, input: PptxInput, report: (done: number, total: number) => void): Promise<{ bytes: Buffer; pictures: number; warnings: string[] }> {
  const pptx = new PptxGenJS()
  const u = units(input.canvasWidth)
  pptx.defineLayout({ name: 'DECK', width: SLIDE_WIDTH_IN, height: Math.round((SLIDE_WIDTH_IN * input.canvasHeight * 1000) / input.canvasWidth) / 1000 })
  pptx.layout = 'DECK'
  pptx.title = input.title
  pptx.author = input.author
  pptx.company = ''
  pptx.subject = input.title
  const targets = slideTargets(input.pages)
  const warnings: string[] = []
  let pictures = 0
  // A picture of a background shows the background only, not the text drawn over it (which stays text).
  await page.addStyleTag({ content: '[data-export-bare] * { visibility: hidden !important; }' })
  for (const [i, printPage] of input.pages.entries()) {
    const at = await showOnly(page, printPage.id)
    const shapes: SlideShapes = await page.evaluate(readSlideShapes, printPage.id)
    const slide = pptx.addSlide()
    if (shapes.background) slide.background = { color: hex(shapes.background) }
    for (const shape of shapes.shapes) {
      if (shape.kind === 'text') addText(slide, shape, u, targets, input.canvasWidth)
      else if (shape.kind === 'table') addTable(slide, shape, u, targets, input.canvasWidth)
      else if (shape.kind === 'box') addBox(slide, pptx, shape, u)
      else {
        const data = await picture(page, shape.key, shape.bare, shape.box, at)
        if (!data) {
          warnings.push(`slide ${printPage.no}: a picture could not be taken (${shape.alt || 'unnamed element'})`)
          continue
        }
        pictures++
        slide.addImage({ data, x: u.inch(shape.box.x), y: u.inch(shape.box.y), w: u.inch(shape.box.w), h: u.inch(shape.box.h), altText: shape.alt || undefined })
      }
    }
    const note = input.noteOf(printPage.no)
    if (note) slide.addNotes(note)
    report(i + 1, input.pages.length)
  }
  const bytes = await splitFonts((await pptx.write({ outputType: 'nodebuffer' })) as Buffer)
  return { bytes, pictures, warnings }
}
