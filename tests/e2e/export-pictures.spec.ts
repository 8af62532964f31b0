// Which images the PowerPoint export draws itself instead of capturing (scripts/export/session.ts `imagesAsDrawn`):
// only an image shown exactly as its file scaled to its box; anything that changes how it looks, or an image the
// canvas may not read, is left to a capture of the screen.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from '@playwright/test'
import { imagesAsDrawn } from '../../scripts/export/session'
import { cornerAlphaOf } from './png-pixels'

/** A 40 × 40 picture: a blue disc on nothing (its corners see-through); and an 80 × 40 gold one, filled. */
const DISC = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><circle cx="20" cy="20" r="16" fill="#2b5a8a"/></svg>')}`
const WIDE = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="80" height="40"><rect width="80" height="40" fill="#c9a24a"/></svg>')}`

/** A 1 × 1 opaque PNG, served from another origin without CORS headers. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mPQjur6DwAD0gIPMUJHewAAAABJRU5ErkJggg==', 'base64')

let other: Server
let otherOrigin = ''
test.beforeAll(async () => {
  other = createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(PIXEL))
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve))
  otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`
})
test.afterAll(() => new Promise<void>((resolve) => other.close(() => resolve())))

test('only an image shown as its file scaled to its box is drawn by the page; the rest are left to captures', async ({ page }) => {
  const img = (key: string, src: string, style = 'width: 40px; height: 40px') => `<img data-export-picture="${key}" src="${src}" style="${style}">`
  await page.setContent(`
    <div class="print-slide-container" style="position: relative; width: 400px; height: 300px; overflow: hidden; background: white">
      ${img('plain', DISC)}
      ${img('stretched', DISC, 'width: 60px; height: 30px')}
      ${img('cover-same-shape', WIDE, 'width: 60px; height: 30px; object-fit: cover')}
      ${img('rounded', DISC, 'width: 40px; height: 40px; border-radius: 8px')}
      ${img('filtered', DISC, 'width: 40px; height: 40px; filter: grayscale(1)')}
      ${img('framed', DISC, 'width: 40px; height: 40px; border: 2px solid black')}
      ${img('letterboxed', WIDE, 'width: 40px; height: 40px; object-fit: contain')}
      <span style="opacity: 0.5">${img('faded', DISC)}</span>
      ${img('other-origin', `${otherOrigin}/pixel.png`)}
      ${img('broken', 'data:image/png;base64,AAAA')}
      ${img('cut-off', DISC, 'position: absolute; left: 380px; top: 0; width: 40px; height: 40px')}
    </div>
    <div>${img('off-page', DISC)}</div>`)
  await page.waitForFunction(() => [...document.images].every((image) => image.complete))
  const drawn = await imagesAsDrawn(page, 2)
  expect([...drawn.keys()].sort()).toEqual(['cover-same-shape', 'plain', 'stretched'])
  const plain = drawn.get('plain')!
  // At twice its size, with its transparency: its corner shows what is under it in the file, not the page's white.
  expect([plain.readUInt32BE(16), plain.readUInt32BE(20), plain[24], plain[25]]).toEqual([80, 80, 8, 6])
  expect(cornerAlphaOf(plain)).toBe(0)
  const stretched = drawn.get('stretched')!
  expect([stretched.readUInt32BE(16), stretched.readUInt32BE(20)]).toEqual([120, 60])
})

test('a page with no image to draw gives none', async ({ page }) => {
  await page.setContent('<div class="print-slide-container"><p>银行</p></div>')
  expect((await imagesAsDrawn(page, 2)).size).toBe(0)
})
