// Makes the deck's Chinese serif work offline: the glyphs the deck uses, cut from Noto Serif CJK SC at build time.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import subsetFont from 'subset-font'

/** The family name the theme's serif stack asks for first among Chinese fonts. */
export const SUBSET_FAMILY = 'Deck Serif SC'

/** Where Debian's fonts-noto-cjk puts the serif collection, per weight; index 2 of each collection is Simplified Chinese. */
export const CJK_SOURCES: Record<string, { file: string; face: number }> = {
  '400': { file: '/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc', face: 2 },
  '700': { file: '/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc', face: 2 },
}

/** Every character outside ASCII that the given texts use, sorted, once. */
export function deckGlyphs(...texts: string[]): string {
  const chars = new Set<string>()
  for (const text of texts) for (const ch of text) if (ch.codePointAt(0)! > 0x7f) chars.add(ch)
  return [...chars].sort().join('')
}

/**
 * One face of a TrueType/OpenType collection as a standalone font file (subsetters read face 0 only).
 * The tables are copied as they are; only their offsets change.
 */
export function extractFace(collection: Buffer, face: number): Buffer {
  if (collection.toString('latin1', 0, 4) !== 'ttcf') return collection
  const count = collection.readUInt32BE(8)
  if (face < 0 || face >= count) throw new Error(`The font collection has ${count} faces; face ${face} does not exist.`)
  const start = collection.readUInt32BE(12 + face * 4)
  const numTables = collection.readUInt16BE(start + 4)
  const headerLength = 12 + numTables * 16
  const tables = Array.from({ length: numTables }, (_, i) => {
    const record = start + 12 + i * 16
    return { record, offset: collection.readUInt32BE(record + 8), length: collection.readUInt32BE(record + 12) }
  })
  const total = headerLength + tables.reduce((sum, t) => sum + Math.ceil(t.length / 4) * 4, 0)
  const out = Buffer.alloc(total)
  collection.copy(out, 0, start, start + 12)
  let cursor = headerLength
  tables.forEach((table, i) => {
    collection.copy(out, 12 + i * 16, table.record, table.record + 8)
    out.writeUInt32BE(cursor, 12 + i * 16 + 8)
    out.writeUInt32BE(table.length, 12 + i * 16 + 12)
    collection.copy(out, cursor, table.offset, table.offset + table.length)
    cursor += Math.ceil(table.length / 4) * 4
  })
  return out
}

export interface SubsetFont {
  weight: string
  woff2: Buffer
}

/**
 * WOFF2 subsets (regular and bold) holding exactly `glyphs`, cached on disk by content so a rebuild with the same
 * text costs nothing. Returns [] with a reason when the source fonts are not installed: the system stack applies.
 */
export async function subsetDeckFonts(glyphs: string, cacheDir: string): Promise<{ fonts: SubsetFont[]; missing?: string }> {
  const fonts: SubsetFont[] = []
  for (const [weight, source] of Object.entries(CJK_SOURCES)) {
    if (!existsSync(source.file)) return { fonts: [], missing: `${source.file} not found (apt-get install fonts-noto-cjk); Chinese text uses the system's serif fonts.` }
    const key = createHash('sha256').update(`${source.file}\0${source.face}\0${weight}\0${glyphs}`).digest('hex').slice(0, 16)
    const cached = join(cacheDir, `deck-serif-sc-${weight}-${key}.woff2`)
    if (existsSync(cached)) {
      fonts.push({ weight, woff2: readFileSync(cached) })
      continue
    }
    const face = extractFace(readFileSync(source.file), source.face)
    const woff2 = await subsetFont(face, glyphs, { targetFormat: 'woff2' })
    mkdirSync(cacheDir, { recursive: true })
    writeFileSync(cached, woff2)
    fonts.push({ weight, woff2 })
  }
  return { fonts }
}

/** The @font-face rules for emitted subset files (`urls[weight]` is each file's public URL). */
export function fontFaceCss(urls: Record<string, string>): string {
  return Object.entries(urls)
    .map(([weight, url]) => `@font-face{font-family:'${SUBSET_FAMILY}';font-style:normal;font-weight:${weight};font-display:swap;src:url(${url}) format('woff2')}`)
    .join('\n')
}
