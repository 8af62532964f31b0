// Reads a drawn slide in the browser as shapes a slide program can hold: text blocks with their runs (font, size,
// weight, colour, link), lists, tables, filled boxes, and the rectangles of what stays a picture (images,
// diagrams, charts, widgets). Runs inside the page (page.evaluate): it must not use anything from this module's scope.

export interface Box {
  x: number
  y: number
  w: number
  h: number
}

export interface TextRun {
  text: string
  /** The CSS font-family stack, in order, unquoted (see office-fonts.ts for the names the file gets). */
  fonts: string[]
  /** CSS pixels. */
  size: number
  bold: boolean
  italic: boolean
  underline: boolean
  strike: boolean
  /** `#rrggbb`. */
  color: string
  /** 0 (opaque) to 1 (invisible). */
  transparency: number
  /** Where a link goes: a slide number of the deck, or an address. */
  link?: { slide: number } | { url: string }
  /** A line break before this run (`<br>`). */
  breakBefore?: boolean
}

export interface Paragraph {
  runs: TextRun[]
  align: 'left' | 'center' | 'right' | 'justify'
  /** Line height in CSS pixels. */
  lineHeight: number
  /** A list item: `indent` is how far its text starts from the list's left edge (CSS pixels), its marker to the left. */
  list?: { ordered: boolean; level: number; start?: number; indent: number }
  /** Space above the paragraph, CSS pixels (between list items). */
  spaceBefore: number
}

export interface TableCell {
  paragraphs: Paragraph[]
  fill?: string
  header: boolean
  colspan: number
  rowspan: number
  /** top, right, bottom, left: width in CSS pixels and colour, or null when none. */
  borders: ({ width: number; color: string } | null)[]
  padding: [number, number, number, number]
  valign: 'top' | 'middle' | 'bottom'
}

export type Shape =
  | { kind: 'text'; box: Box; paragraphs: Paragraph[]; fill?: string; padding: [number, number, number, number]; valign: 'top' | 'middle' | 'bottom' }
  | { kind: 'table'; box: Box; rows: TableCell[][]; colWidths: number[]; rowHeights: number[] }
  | { kind: 'box'; box: Box; fill?: string; fillTransparency: number; border?: { width: number; color: string }; radius: number }
  /** A part that stays a picture. `key` finds it again for the screenshot; `bare` hides its text (a background). */
  | { kind: 'picture'; box: Box; key: string; alt: string; bare: boolean }

export interface SlideShapes {
  background?: string
  shapes: Shape[]
}

export interface DeckShapes {
  slides: SlideShapes[]
  /** Families the page declares with @font-face (web fonts and the deck's subsets): not installed where a file opens. */
  webFonts: string[]
}

/**
 * Walks the slides in `#<pageId>` for each id and returns each one's shapes in paint order, boxes relative to its
 * slide: one call for the whole deck (every page laid out as the print view drew it, nothing shown or hidden).
 * Elements that become pictures get a `data-export-picture` attribute so the caller can find them again.
 */
export function readSlideShapes(pageIds: string[]): DeckShapes {
  // The slide being read: the helpers below measure against it (set for each id at the end).
  let pageId = ''
  let container: HTMLElement = document.body
  let origin = container.getBoundingClientRect()
  let shapes: Shape[] = []
  let pictures = 0

  const PICTURE_TAGS = new Set(['IMG', 'SVG', 'CANVAS', 'VIDEO', 'IFRAME', 'PICTURE', 'OBJECT', 'EMBED', 'MATH'])
  // Widgets, diagrams and formulas draw what no text box can hold: each becomes one picture of itself.
  const PICTURE_SELECTOR = '.deck-widget, .mermaid, [data-mermaid], .katex-display, .katex, .slidev-drawing, .embed, .deck-embed'
  const SKIP_TAGS = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'BUTTON'])

  const boxOf = (el: Element): Box => {
    const r = el.getBoundingClientRect()
    return { x: r.left - origin.left, y: r.top - origin.top, w: r.width, h: r.height }
  }
  /**
   * An inline element's box is its line's height; what it draws (a formula's fraction) may reach above and below.
   * Its width stays its own: its parts' boxes run wider than their ink (KaTeX's sub- and superscript columns).
   */
  const drawnBoxOf = (el: Element): Box => {
    const own = el.getBoundingClientRect()
    let { top, bottom } = own
    for (const part of el.querySelectorAll('*')) {
      const r = part.getBoundingClientRect()
      if (r.width < 0.5 || r.height < 0.5 || getComputedStyle(part).position === 'absolute') continue
      top = Math.min(top, r.top)
      bottom = Math.max(bottom, r.bottom)
    }
    return { x: own.left - origin.left, y: top - origin.top, w: own.width, h: bottom - top }
  }
  const parseColor = (value: string): { hex: string; alpha: number } | null => {
    const m = value.match(/rgba?\(([^)]+)\)/)
    if (!m?.[1]) return null
    const parts = m[1].split(/[ ,/]+/).filter(Boolean).map(Number)
    const [r = 0, g = 0, b = 0, a = 1] = parts
    if (a === 0) return null
    const hex = `#${[r, g, b].map((n) => Math.round(n).toString(16).padStart(2, '0')).join('')}`
    return { hex, alpha: a }
  }
  const px = (value: string) => Number.parseFloat(value) || 0
  const visible = (el: Element, style: CSSStyleDeclaration) => {
    if (style.display === 'none' || style.visibility === 'hidden' || Number(style.opacity) < 0.01) return false
    const r = el.getBoundingClientRect()
    return r.width > 0.5 && r.height > 0.5
  }
  const unquote = (family: string) => family.trim().replace(/^["']|["']$/g, '')
  /** A font-family value as its list of names, unquoted; which to name in the file is decided outside the page. */
  const fontStack = (family: string) =>
    family
      .split(',')
      .map(unquote)
      .filter(Boolean)
  const slideLink = (anchor: HTMLAnchorElement): TextRun['link'] => {
    const href = anchor.getAttribute('href') ?? ''
    const m = href.match(/^(?:#)?\/(?:presenter\/)?(\d+)(?:[?#].*)?$/) ?? anchor.href.match(new RegExp(`^${location.origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/(?:presenter/)?(\\d+)(?:[?#].*)?$`))
    if (m?.[1]) return { slide: Number(m[1]) }
    if (/^(https?:|mailto:)/i.test(anchor.href)) return { url: anchor.href }
    return undefined
  }
  const runOf = (text: string, el: Element, breakBefore: boolean): TextRun => {
    const style = getComputedStyle(el)
    const color = parseColor(style.color) ?? { hex: '#000000', alpha: 1 }
    const decoration = style.textDecorationLine
    const anchor = el.closest('a')
    const run: TextRun = {
      text,
      fonts: fontStack(style.fontFamily),
      size: px(style.fontSize),
      bold: Number(style.fontWeight) >= 600 || style.fontWeight === 'bold',
      italic: style.fontStyle === 'italic',
      underline: decoration.includes('underline'),
      strike: decoration.includes('line-through'),
      color: color.hex,
      transparency: 1 - color.alpha * Number(style.opacity || 1),
    }
    const link = anchor && container.contains(anchor) ? slideLink(anchor) : undefined
    if (link) run.link = link
    if (breakBefore) run.breakBefore = true
    return run
  }
  const isBlock = (el: Element) => {
    const d = getComputedStyle(el).display
    return !(d === 'inline' || d === 'inline-block' || d === 'contents' || d === 'inline-flex')
  }
  const isPicture = (el: Element) => PICTURE_TAGS.has(el.tagName.toUpperCase()) || el.matches(PICTURE_SELECTOR)

  /** The runs of an element's inline content; `stop` elements (nested lists) are left out. */
  const runsOf = (root: Element, stop?: (el: Element) => boolean): TextRun[] => {
    const runs: TextRun[] = []
    let pendingBreak = false
    const walk = (node: Node) => {
      for (const child of node.childNodes) {
        if (child.nodeType === Node.TEXT_NODE) {
          const raw = child.textContent ?? ''
          const parent = child.parentElement ?? root
          const pre = /^pre/.test(getComputedStyle(parent).whiteSpace)
          const text = pre ? raw : raw.replace(/\s+/g, ' ')
          if (!text) continue
          if (!pre && text === ' ' && (runs.length === 0 || pendingBreak)) continue
          runs.push(runOf(text, parent, pendingBreak))
          pendingBreak = false
        } else if (child instanceof Element) {
          if (SKIP_TAGS.has(child.tagName.toUpperCase()) || stop?.(child)) continue
          const style = getComputedStyle(child)
          if (style.display === 'none' || style.visibility === 'hidden' || Number(style.opacity) < 0.01) continue
          if (child.tagName === 'BR') {
            pendingBreak = true
            continue
          }
          if (isPicture(child)) {
            // A formula or icon inside a line: its picture at its place, and blank room for it in the text.
            if (isBlock(child)) continue
            const { w } = markPicture(child, false)
            runs.push({ ...runOf(roomFor(w, px(getComputedStyle(child).fontSize)), child, pendingBreak), link: undefined, underline: false })
            pendingBreak = false
            continue
          }
          walk(child)
        }
      }
    }
    walk(root)
    // Collapsed white space at the ends of a block is not drawn.
    const first = runs[0]
    if (first) first.text = first.text.replace(/^ +/, '')
    const last = runs[runs.length - 1]
    if (last) last.text = last.text.replace(/ +$/, '')
    return runs.filter((r) => r.text.length || r.breakBefore)
  }
  const paragraphOf = (el: Element, runs: TextRun[], extra: Partial<Paragraph> = {}): Paragraph => {
    const style = getComputedStyle(el)
    const align = style.textAlign === 'center' || style.textAlign === 'right' || style.textAlign === 'justify' ? style.textAlign : style.textAlign === 'end' ? 'right' : 'left'
    const lineHeight = style.lineHeight === 'normal' ? px(style.fontSize) * 1.2 : px(style.lineHeight)
    return { runs, align, lineHeight, spaceBefore: 0, ...extra }
  }
  const paddingOf = (style: CSSStyleDeclaration): [number, number, number, number] => [
    px(style.paddingTop) + px(style.borderTopWidth),
    px(style.paddingRight) + px(style.borderRightWidth),
    px(style.paddingBottom) + px(style.borderBottomWidth),
    px(style.paddingLeft) + px(style.borderLeftWidth),
  ]
  /** Marks an element as a picture (see takePictures) and returns its box. */
  const markPicture = (el: Element, bare: boolean): Box => {
    const key = `${pageId}-${pictures++}`
    el.setAttribute('data-export-picture', key)
    const alt = el.getAttribute('alt') ?? el.getAttribute('aria-label') ?? el.querySelector('title')?.textContent ?? el.querySelector('annotation')?.textContent ?? ''
    const box = isBlock(el) ? boxOf(el) : drawnBoxOf(el)
    shapes.push({ kind: 'picture', box, key, alt: alt.trim(), bare })
    return box
  }
  /** Blank text about `width` wide at `size`: ideographic spaces (1 em in a Chinese face), then narrower ones. */
  const roomFor = (width: number, size: number) => {
    let ems = Math.max(0, width / (size || 16))
    let text = '\u3000'.repeat(Math.floor(ems))
    ems -= Math.floor(ems)
    for (const [space, em] of [['\u2002', 0.5], ['\u2005', 0.25], ['\u2006', 1 / 6]] as const) {
      if (ems >= em) {
        text += space
        ems -= em
      }
    }
    return text || '\u2006'
  }
  /** A filled or bordered element becomes a box under its content. */
  const boxShape = (el: Element, style: CSSStyleDeclaration) => {
    const fill = parseColor(style.backgroundColor)
    const widths = [style.borderTopWidth, style.borderRightWidth, style.borderBottomWidth, style.borderLeftWidth].map(px)
    const uniform = widths.every((w) => w > 0 && w === widths[0]) && style.borderTopStyle !== 'none'
    const borderColor = parseColor(style.borderTopColor)
    const border = uniform && borderColor ? { width: widths[0] ?? 1, color: borderColor.hex } : undefined
    if (style.backgroundImage !== 'none') markPicture(el, true)
    else if (fill || border) {
      shapes.push({ kind: 'box', box: boxOf(el), fill: fill?.hex, fillTransparency: fill ? 1 - fill.alpha : 0, border, radius: px(style.borderTopLeftRadius) })
    }
    // A one-sided rule (blockquote's left bar, a header's underline) is drawn as a thin filled box.
    if (!border) {
      const box = boxOf(el)
      const sides: [number, string, Box][] = [
        [widths[0] ?? 0, style.borderTopColor, { x: box.x, y: box.y, w: box.w, h: widths[0] ?? 0 }],
        [widths[1] ?? 0, style.borderRightColor, { x: box.x + box.w - (widths[1] ?? 0), y: box.y, w: widths[1] ?? 0, h: box.h }],
        [widths[2] ?? 0, style.borderBottomColor, { x: box.x, y: box.y + box.h - (widths[2] ?? 0), w: box.w, h: widths[2] ?? 0 }],
        [widths[3] ?? 0, style.borderLeftColor, { x: box.x, y: box.y, w: widths[3] ?? 0, h: box.h }],
      ]
      const styles = [style.borderTopStyle, style.borderRightStyle, style.borderBottomStyle, style.borderLeftStyle]
      sides.forEach(([width, color, side], i) => {
        const c = parseColor(color)
        if (width > 0 && c && styles[i] !== 'none') shapes.push({ kind: 'box', box: side, fill: c.hex, fillTransparency: 1 - c.alpha, radius: 0 })
      })
    }
  }
  const listShape = (list: Element) => {
    const paragraphs: Paragraph[] = []
    const listLeft = list.getBoundingClientRect().left
    const walkList = (el: Element, level: number) => {
      const ordered = el.tagName === 'OL'
      let index = Number(el.getAttribute('start') ?? 1)
      for (const item of el.children) {
        if (item.tagName !== 'LI') continue
        const style = getComputedStyle(item)
        if (!visible(item, style)) continue
        const runs = runsOf(item, (child) => child.tagName === 'UL' || child.tagName === 'OL')
        const indent = item.getBoundingClientRect().left + px(style.paddingLeft) - listLeft
        const marker = style.listStyleType === 'none' ? undefined : { ordered, level, start: ordered ? index : undefined, indent }
        if (runs.length) paragraphs.push(paragraphOf(item, runs, { list: marker, spaceBefore: paragraphs.length ? px(style.marginTop) : 0 }))
        index++
        for (const nested of item.children) if (nested.tagName === 'UL' || nested.tagName === 'OL') walkList(nested, level + 1)
      }
    }
    walkList(list, 0)
    if (paragraphs.length) shapes.push({ kind: 'text', box: boxOf(list), paragraphs, padding: [0, 0, 0, 0], valign: 'top' })
  }
  const tableShape = (table: HTMLTableElement) => {
    const rows: TableCell[][] = []
    const rowHeights: number[] = []
    for (const row of table.rows) {
      const rowStyle = getComputedStyle(row)
      if (!visible(row, rowStyle)) continue
      rowHeights.push(row.getBoundingClientRect().height)
      const rowFill = parseColor(rowStyle.backgroundColor)?.hex
      rows.push(
        [...row.cells].map((cell) => {
          const style = getComputedStyle(cell)
          const side = (w: string, s: string, c: string) => {
            const color = parseColor(c)
            return px(w) > 0 && s !== 'none' && color ? { width: px(w), color: color.hex } : null
          }
          const runs = runsOf(cell)
          return {
            paragraphs: [paragraphOf(cell, runs)],
            fill: parseColor(style.backgroundColor)?.hex ?? rowFill,
            header: cell.tagName === 'TH',
            colspan: cell.colSpan,
            rowspan: cell.rowSpan,
            borders: [
              side(style.borderTopWidth, style.borderTopStyle, style.borderTopColor),
              side(style.borderRightWidth, style.borderRightStyle, style.borderRightColor),
              side(style.borderBottomWidth, style.borderBottomStyle, style.borderBottomColor),
              side(style.borderLeftWidth, style.borderLeftStyle, style.borderLeftColor),
            ],
            padding: [px(style.paddingTop), px(style.paddingRight), px(style.paddingBottom), px(style.paddingLeft)],
            valign: style.verticalAlign === 'middle' ? 'middle' : style.verticalAlign === 'bottom' ? 'bottom' : 'top',
          }
        }),
      )
    }
    const firstRow = [...table.rows].find((r) => r.cells.length)
    const colWidths = firstRow ? [...firstRow.cells].flatMap((c) => Array.from({ length: c.colSpan }, () => c.getBoundingClientRect().width / c.colSpan)) : []
    if (rows.length) shapes.push({ kind: 'table', box: boxOf(table), rows, colWidths, rowHeights })
  }
  const hasOwnText = (el: Element) => [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim())
  /** Text and inline elements only (inline pictures count: they become room in the text and a picture over it). */
  const inlineOnly = (el: Element): boolean => [...el.children].every((c) => !isBlock(c) && (isPicture(c) || inlineOnly(c)))

  const visit = (el: Element) => {
    if (SKIP_TAGS.has(el.tagName.toUpperCase())) return
    const style = getComputedStyle(el)
    if (!visible(el, style)) return
    if (isPicture(el)) return markPicture(el, false)
    boxShape(el, style)
    if (el.tagName === 'TABLE') return tableShape(el as HTMLTableElement)
    if (el.tagName === 'UL' || el.tagName === 'OL') return listShape(el)
    if (el.tagName === 'PRE' || ((hasOwnText(el) || el.children.length) && inlineOnly(el))) {
      const runs = runsOf(el)
      // Only pictures (an image alone in its paragraph): they are marked already, no text box for the blank room.
      if (!runs.some((r) => r.text.trim())) return
      // Preformatted text keeps its lines as paragraphs.
      const paragraphs: Paragraph[] = []
      if (/^pre/.test(style.whiteSpace) || el.tagName === 'PRE') {
        let line: TextRun[] = []
        const flush = () => {
          paragraphs.push(paragraphOf(el, line.length ? line : [{ ...runs[0]!, text: ' ' }]))
          line = []
        }
        for (const run of runs) {
          const pieces = run.text.split('\n')
          pieces.forEach((piece, i) => {
            if (i > 0) flush()
            if (piece) line.push({ ...run, text: piece, breakBefore: undefined })
          })
        }
        if (line.length) flush()
        while (paragraphs.length > 1 && paragraphs[paragraphs.length - 1]!.runs.every((r) => !r.text.trim())) paragraphs.pop()
      } else paragraphs.push(paragraphOf(el, runs))
      const valign = style.display.includes('flex') && style.alignItems === 'center' ? 'middle' : 'top'
      shapes.push({ kind: 'text', box: boxOf(el), paragraphs, padding: paddingOf(style), valign })
      return
    }
    // Mixed content: text directly in a block with block children is wrapped in its own anonymous block.
    for (const child of el.childNodes) {
      if (child instanceof Element) visit(child)
      else if (child.nodeType === Node.TEXT_NODE && (child.textContent ?? '').trim()) {
        const range = document.createRange()
        range.selectNode(child)
        const r = range.getBoundingClientRect()
        shapes.push({
          kind: 'text',
          box: { x: r.left - origin.left, y: r.top - origin.top, w: r.width, h: r.height },
          paragraphs: [paragraphOf(el, [runOf((child.textContent ?? '').replace(/\s+/g, ' ').trim(), el, false)])],
          padding: [0, 0, 0, 0],
          valign: 'top',
        })
      }
    }
  }

  const declared = [...document.styleSheets].flatMap((sheet) => {
    try {
      return [...sheet.cssRules].filter((rule) => rule instanceof CSSFontFaceRule).map((rule) => unquote((rule as CSSFontFaceRule).style.getPropertyValue('font-family')))
    } catch {
      // Another origin's sheet: its rules cannot be read (and an offline export loads none).
      return []
    }
  })
  const webFonts = [...new Set([...declared, ...[...document.fonts].map((face) => unquote(face.family))])]
  const slides = pageIds.map((id) => {
    const found = document.getElementById(id)
    if (!found) throw new Error(`no print page ${id}`)
    pageId = id
    container = found
    origin = container.getBoundingClientRect()
    shapes = []
    pictures = 0
    const page = container.querySelector('.slidev-page') ?? container
    const layout = page.firstElementChild ?? page
    // What is drawn behind the slide: its layout's colour, else the first of the frames around it up to its print page
    // (the default layout is transparent over the slide's content box, dark in the dark scheme), never the view's.
    let background: string | undefined
    for (let at: Element | null = layout; at && !background; at = at === container ? null : at.parentElement) background = parseColor(getComputedStyle(at).backgroundColor)?.hex
    const layoutStyle = getComputedStyle(layout)
    if (layoutStyle.backgroundImage !== 'none') markPicture(layout, true)
    for (const child of layout.children) visit(child)
    return { background, shapes }
  })
  return { slides, webFonts }
}
