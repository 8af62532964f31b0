// Finishes the PDF Chromium printed: the deck title, a bookmark outline of the slides, and links to other
// slides turned from URLs of the (by then closed) export server into jumps to the right page.
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFString, type PDFPage, type PDFRef } from 'pdf-lib/dist/pdf-lib.esm.min.js'

export interface OutlineEntry {
  title: string
  level: number
  pageIndex: number
}

export interface OutlineNode {
  title: string
  pageIndex: number
  children: OutlineNode[]
}

/**
 * Nests entries by level, in order: an entry goes under the nearest earlier entry with a smaller level.
 * A first entry at level 2 has no parent and stays at the top (a deck need not start with a level-1 slide).
 */
export function outlineTree(entries: OutlineEntry[]): OutlineNode[] {
  const top: OutlineNode[] = []
  const stack: { level: number; node: OutlineNode }[] = []
  for (const entry of entries) {
    const title = entry.title.trim()
    if (!title) continue
    const level = Number.isFinite(entry.level) && entry.level >= 1 ? entry.level : 1
    const node: OutlineNode = { title, pageIndex: entry.pageIndex, children: [] }
    while (stack.length && (stack.at(-1)?.level ?? 0) >= level) stack.pop()
    const parent = stack.at(-1)
    if (parent) parent.node.children.push(node)
    else top.push(node)
    stack.push({ level, node })
  }
  return top
}

/**
 * What a link URI printed by Chromium points at:
 * a slide number for `<origin>/N` or `<origin>/presenter/N` (query and hash ignored),
 * null for any other address on the export server (dead once the export ends) and for about: pages (drop them),
 * undefined for addresses elsewhere (keep them as they are).
 * `origin` is e.g. http://127.0.0.1:43121.
 */
export function slideOfUri(uri: string, origin: string): number | null | undefined {
  let url
  try {
    url = new URL(uri)
  } catch {
    return undefined
  }
  if (url.protocol === 'about:') return null
  if (url.origin !== new URL(origin).origin) return undefined
  const m = /^\/(?:presenter\/)?(\d+)\/?$/.exec(url.pathname)
  return m ? Number(m[1]) : null
}

function fitPage(doc: PDFDocument, pageRef: PDFRef) {
  return doc.context.obj([pageRef, PDFName.of('Fit')])
}

function countAll(nodes: OutlineNode[]): number {
  return nodes.reduce((sum, node) => sum + 1 + countAll(node.children), 0)
}

/**
 * Writes the outline dictionaries by hand (pdf-lib has no outline API): every item open, each with its
 * Title, Parent, Prev/Next siblings, First/Last children, Count of visible descendants and a Dest.
 * Returns how many items were written.
 */
export function addOutline(doc: PDFDocument, tree: OutlineNode[]): number {
  const pages = doc.getPages()
  const context = doc.context
  const usable = (nodes: OutlineNode[]): OutlineNode[] =>
    nodes.filter((n) => n.pageIndex >= 0 && n.pageIndex < pages.length).map((n) => ({ ...n, children: usable(n.children) }))
  const nodes = usable(tree)
  if (!nodes.length) return 0
  const rootRef = context.nextRef()

  const writeLevel = (siblings: OutlineNode[], parentRef: PDFRef): PDFRef[] => {
    const refs = siblings.map(() => context.nextRef())
    siblings.forEach((node, i) => {
      const item = PDFDict.withContext(context)
      item.set(PDFName.of('Title'), PDFHexString.fromText(node.title))
      item.set(PDFName.of('Parent'), parentRef)
      const ref = refs[i] as PDFRef
      const prev = refs[i - 1]
      const next = refs[i + 1]
      if (prev) item.set(PDFName.of('Prev'), prev)
      if (next) item.set(PDFName.of('Next'), next)
      item.set(PDFName.of('Dest'), fitPage(doc, (pages[node.pageIndex] as PDFPage).ref))
      if (node.children.length) {
        const children = writeLevel(node.children, ref)
        item.set(PDFName.of('First'), children[0] as PDFRef)
        item.set(PDFName.of('Last'), children.at(-1) as PDFRef)
        item.set(PDFName.of('Count'), PDFNumber.of(countAll(node.children)))
      }
      context.assign(ref, item)
    })
    return refs
  }

  const top = writeLevel(nodes, rootRef)
  const outlines = PDFDict.withContext(context)
  outlines.set(PDFName.of('Type'), PDFName.of('Outlines'))
  outlines.set(PDFName.of('First'), top[0] as PDFRef)
  outlines.set(PDFName.of('Last'), top.at(-1) as PDFRef)
  outlines.set(PDFName.of('Count'), PDFNumber.of(countAll(nodes)))
  context.assign(rootRef, outlines)
  doc.catalog.set(PDFName.of('Outlines'), rootRef)
  // Readers open with the bookmarks panel showing.
  doc.catalog.set(PDFName.of('PageMode'), PDFName.of('UseOutlines'))
  return countAll(nodes)
}

function textOf(value: unknown): string | undefined {
  return value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : undefined
}

/**
 * Turns link annotations whose URI is a slide on the export server into jumps (/Dest) to that slide's page;
 * drops the ones to other export-server addresses and to slides not in the PDF; keeps outside links.
 * `slidePage` maps a slide number to the index of its first page.
 */
export function rewriteSlideLinks(doc: PDFDocument, origin: string, slidePage: Map<number, number>): { rewritten: number; removed: number } {
  const pages = doc.getPages()
  let rewritten = 0
  let removed = 0
  for (const page of pages) {
    const annots = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray)
    if (!annots) continue
    for (let i = annots.size() - 1; i >= 0; i--) {
      const annot = annots.lookupMaybe(i, PDFDict)
      if (!annot || annot.get(PDFName.of('Subtype')) !== PDFName.of('Link')) continue
      const action = annot.lookupMaybe(PDFName.of('A'), PDFDict)
      if (!action || action.get(PDFName.of('S')) !== PDFName.of('URI')) continue
      const uri = textOf(action.lookup(PDFName.of('URI')))
      if (uri === undefined) continue
      const no = slideOfUri(uri, origin)
      if (no === undefined) continue
      const target = no === null ? undefined : pages[slidePage.get(no) ?? -1]
      if (!target) {
        annots.remove(i)
        removed++
        continue
      }
      annot.delete(PDFName.of('A'))
      annot.set(PDFName.of('Dest'), fitPage(doc, target.ref))
      rewritten++
    }
  }
  return { rewritten, removed }
}

/**
 * Chromium rounds page sizes to 1/100 inch (980 px → 735.12 pt); slides are exact: trim each page's box to
 * `width × height` points, keeping its top-left corner (the strip cut off is blank page beyond the slide).
 * Pages more than 2 pt off are left alone: they are not a rounding of this size.
 * `size` is in points; returns how many pages were trimmed.
 */
export function trimPages(doc: PDFDocument, size: { width: number; height: number }): number {
  let trimmed = 0
  for (const page of doc.getPages()) {
    const box = page.getMediaBox()
    const close = Math.abs(box.width - size.width) < 2 && Math.abs(box.height - size.height) < 2
    if (!close || (box.width === size.width && box.height === size.height)) continue
    const y = box.y + box.height - size.height
    page.setMediaBox(box.x, y, size.width, size.height)
    if (page.node.get(PDFName.of('CropBox'))) page.setCropBox(box.x, y, size.width, size.height)
    trimmed++
  }
  return trimmed
}

export interface FinishOptions {
  title: string
  author?: string
  language?: string
  pageSize?: { width: number; height: number }
  outline: OutlineEntry[]
  origin: string
  slidePage: Map<number, number>
}

/** The PDF from page.pdf, finished: title, outline, links, exact page size. */
export async function finishPdf(bytes: Uint8Array, options: FinishOptions): Promise<{ bytes: Uint8Array; pages: number; outlineItems: number; links: { rewritten: number; removed: number } }> {
  // Parsed and saved in one go: pdf-lib otherwise yields to the event loop every 100 objects on reading and every
  // 50 on writing, and a tagged 107-page PDF has tens of thousands (half a second of waiting on timers).
  const doc = await PDFDocument.load(bytes, { updateMetadata: false, parseSpeed: Infinity })
  doc.setTitle(options.title, { showInWindowTitleBar: true })
  if (options.author) doc.setAuthor(options.author)
  if (options.language) doc.setLanguage(options.language)
  doc.setModificationDate(new Date())
  if (options.pageSize) trimPages(doc, options.pageSize)
  const outlineItems = addOutline(doc, outlineTree(options.outline))
  const links = rewriteSlideLinks(doc, options.origin, options.slidePage)
  const out = await doc.save({ useObjectStreams: false, objectsPerTick: Infinity })
  return { bytes: out, pages: doc.getPageCount(), outlineItems, links }
}
