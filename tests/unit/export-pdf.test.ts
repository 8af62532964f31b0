// The PDF's finishing touches on a small PDF made with pdf-lib: title, bookmark outline, slide links, exact page size.
import { describe, expect, it } from 'vitest'
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFRef, PDFString } from 'pdf-lib'
import { finishPdf, outlineTree, slideOfUri, type OutlineEntry } from '../../scripts/export/pdf-finish'

const ORIGIN = 'http://127.0.0.1:43210'

describe('outlineTree', () => {
  const shape = (entries: OutlineEntry[]) => {
    const walk = (nodes: ReturnType<typeof outlineTree>): unknown[] => nodes.map((n) => (n.children.length ? [n.title, walk(n.children)] : n.title))
    return walk(outlineTree(entries))
  }
  const e = (title: string, level: number, pageIndex = 0): OutlineEntry => ({ title, level, pageIndex })

  it.each([
    ['flat level 1', [e('A', 1), e('B', 1)], ['A', 'B']],
    ['level 2 under the level 1 before it', [e('A', 1), e('a1', 2), e('a2', 2), e('B', 1)], [['A', ['a1', 'a2']], 'B']],
    ['a jump from 1 to 3 nests under the nearest shallower', [e('A', 1), e('x', 3), e('y', 2)], [['A', ['x', 'y']]]],
    ['a deck starting at level 2 keeps it on top', [e('a', 2), e('B', 1), e('b', 2)], ['a', ['B', ['b']]]],
    ['untitled slides are left out', [e('A', 1), e('  ', 1), e('B', 1)], ['A', 'B']],
    ['odd levels count as 1', [e('A', 0), e('B', Number.NaN), e('c', 2)], ['A', ['B', ['c']]]],
    ['nothing in, nothing out', [], []],
  ])('%s', (_name, entries, expected) => {
    expect(shape(entries)).toEqual(expected)
  })
})

describe('slideOfUri', () => {
  it.each([
    [`${ORIGIN}/12`, 12],
    [`${ORIGIN}/12/`, 12],
    [`${ORIGIN}/12?clicks=2#x`, 12],
    [`${ORIGIN}/presenter/7`, 7],
    [`${ORIGIN}/assets/logo.png`, null],
    [`${ORIGIN}/print`, null],
    [`${ORIGIN}/`, null],
    ['about:blank', null],
    ['http://127.0.0.1:9999/12', undefined],
    ['https://example.com/12', undefined],
    ['mailto:someone@example.com', undefined],
    ['not a url', undefined],
  ])('%s → %j', (uri, expected) => {
    expect(slideOfUri(uri, ORIGIN)).toBe(expected)
  })
})

/** Four pages at Chromium's rounded slide size, links as Chromium writes them (URI actions). */
async function chromiumLikePdf(links: string[][]): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  for (let i = 0; i < links.length; i++) {
    const page = doc.addPage([735.12, 414])
    page.drawText(`page ${i + 1}`, { x: 20, y: 380, size: 18 })
    if (!links[i]!.length) continue
    const refs = links[i]!.map((uri, k) =>
      doc.context.register(
        doc.context.obj({
          Type: 'Annot',
          Subtype: 'Link',
          Rect: [20, 300 - k * 30, 200, 320 - k * 30],
          Border: [0, 0, 0],
          A: { Type: 'Action', S: 'URI', URI: PDFString.of(uri) },
        }),
      ),
    )
    page.node.set(PDFName.of('Annots'), doc.context.obj(refs))
  }
  return doc.save()
}

/** The outline as [title, page number, children] read back from the catalog, checking the links both ways. */
function readOutline(doc: PDFDocument) {
  const pageNo = new Map(doc.getPages().map((p, i) => [p.ref.toString(), i + 1]))
  const root = doc.catalog.lookup(PDFName.of('Outlines'), PDFDict)
  type Item = [string, number, Item[]]
  const walk = (parent: PDFDict, parentRef: PDFRef | undefined): Item[] => {
    const items: Item[] = []
    let ref = parent.get(PDFName.of('First')) as PDFRef | undefined
    let prev: PDFRef | undefined
    while (ref) {
      const item = doc.context.lookup(ref, PDFDict)
      if (parentRef) expect(item.get(PDFName.of('Parent'))).toBe(parentRef)
      expect(item.get(PDFName.of('Prev'))).toBe(prev)
      const dest = item.lookup(PDFName.of('Dest'), PDFArray)
      expect(dest.get(1)).toBe(PDFName.of('Fit'))
      const children = walk(item, ref)
      const count = item.get(PDFName.of('Count')) as PDFNumber | undefined
      expect(count?.asNumber() ?? 0).toBe(children.length ? countAll(children) : 0)
      items.push([item.lookup(PDFName.of('Title'), PDFHexString).decodeText(), pageNo.get(dest.get(0).toString()) ?? -1, children])
      prev = ref
      ref = item.get(PDFName.of('Next')) as PDFRef | undefined
    }
    if (items.length) expect(parent.get(PDFName.of('Last'))).toBe(prev)
    return items
  }
  const countAll = (items: Item[]): number => items.reduce((n, [, , c]) => n + 1 + countAll(c), 0)
  const items = walk(root, undefined)
  expect((root.get(PDFName.of('Count')) as PDFNumber).asNumber()).toBe(countAll(items))
  return items
}

/** Each page's links: a page number for jumps, the URI for the rest. */
function readLinks(doc: PDFDocument) {
  const pageNo = new Map(doc.getPages().map((p, i) => [p.ref.toString(), i + 1]))
  return doc.getPages().map((page) => {
    const annots = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray)
    if (!annots) return []
    return annots.asArray().map((_, i) => {
      const annot = annots.lookup(i, PDFDict)
      const dest = annot.lookupMaybe(PDFName.of('Dest'), PDFArray)
      if (dest) return pageNo.get(dest.get(0).toString())
      return annot.lookup(PDFName.of('A'), PDFDict).lookup(PDFName.of('URI'), PDFString).decodeText()
    })
  })
}

describe('finishPdf', () => {
  it('sets the title, writes the outline, turns slide links into jumps and trims pages to 735 × 414 pt', async () => {
    const printed = await chromiumLikePdf([
      [`${ORIGIN}/3`, 'https://example.com/report.pdf', `${ORIGIN}/assets/logo.png`],
      [],
      [`${ORIGIN}/presenter/1?password=x`, `${ORIGIN}/9`, 'about:blank'],
      [`${ORIGIN}/2`],
    ])
    // Pages hold slides 1, 2 (two click steps), 3; slide 9 is not in this PDF.
    const slidePage = new Map([
      [1, 0],
      [2, 1],
      [3, 3],
    ])
    const result = await finishPdf(printed, {
      title: '银行业务与货币创造',
      language: 'zh-CN',
      pageSize: { width: 735, height: 414 },
      outline: [
        { title: '封面', level: 1, pageIndex: 0 },
        { title: '存款', level: 1, pageIndex: 1 },
        { title: '存款的细节', level: 2, pageIndex: 3 },
        { title: '', level: 1, pageIndex: 2 },
        { title: '页码超出', level: 1, pageIndex: 40 },
      ],
      origin: ORIGIN,
      slidePage,
    })
    expect(result.pages).toBe(4)
    expect(result.outlineItems).toBe(3)
    expect(result.links).toEqual({ rewritten: 3, removed: 3 })

    const doc = await PDFDocument.load(result.bytes)
    expect(doc.getTitle()).toBe('银行业务与货币创造')
    expect(doc.catalog.get(PDFName.of('PageMode'))).toBe(PDFName.of('UseOutlines'))
    expect(doc.catalog.lookup(PDFName.of('Lang'), PDFString).decodeText()).toBe('zh-CN')
    expect(readOutline(doc)).toEqual([
      ['封面', 1, []],
      ['存款', 2, [['存款的细节', 4, []]]],
    ])
    expect(readLinks(doc)).toEqual([[4, 'https://example.com/report.pdf'], [], [1], [2]])
    for (const page of doc.getPages()) expect(page.getMediaBox()).toEqual({ x: 0, y: 0, width: 735, height: 414 })
  })

  it('leaves a PDF without links or titles valid, with no outline', async () => {
    const result = await finishPdf(await chromiumLikePdf([[], []]), { title: 'T', outline: [], origin: ORIGIN, slidePage: new Map() })
    const doc = await PDFDocument.load(result.bytes)
    expect(doc.getPageCount()).toBe(2)
    expect(doc.catalog.get(PDFName.of('Outlines'))).toBeUndefined()
    // No pageSize asked: Chromium's own size stays.
    expect(doc.getPage(0).getWidth()).toBeCloseTo(735.12)
  })

  it('does not trim pages of another size (a handout on A4)', async () => {
    const doc = await PDFDocument.create()
    doc.addPage([594.96, 841.92])
    const result = await finishPdf(await doc.save(), { title: 'T', pageSize: { width: 735, height: 414 }, outline: [], origin: ORIGIN, slidePage: new Map() })
    expect((await PDFDocument.load(result.bytes)).getPage(0).getSize()).toEqual({ width: 594.96, height: 841.92 })
  })

  it('rejects bytes that are not a PDF with an error, not a broken file', async () => {
    await expect(finishPdf(new TextEncoder().encode('<html>not a pdf</html>'), { title: 'T', outline: [], origin: ORIGIN, slidePage: new Map() })).rejects.toThrow()
  })
})
