// Reading exported PNGs in the browser tests without a decoder: their stored rows, and what can be read from them as
// they are (Node's inflate is enough).
import { inflateSync } from 'node:zlib'

/** A PNG's pixel rows as stored: each a filter byte, then its filtered bytes. */
export function filteredRows(png: Buffer): Buffer {
  const chunks: Buffer[] = []
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at)
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') chunks.push(png.subarray(at + 8, at + 8 + length))
    at += 12 + length
  }
  return inflateSync(Buffer.concat(chunks))
}

/** The alpha of an 8-bit RGBA PNG's first pixel: whatever the row's filter, that pixel is stored as it is. */
export function cornerAlphaOf(png: Buffer): number {
  return filteredRows(png)[4]!
}
