// Precompression's cache (plugin/compress.ts): what was compressed is kept by content, a rebuild takes it from there,
// and the cache never holds a wrong or partial variant.
import { describe, expect, it } from 'vitest'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { tmpdir } from 'node:os'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { precompress } from '../../plugin/compress'

const text = (word: string) => Array.from({ length: 400 }, (_, i) => `${word} ${i} 存款创造货币。`).join('\n')

function build(files: Record<string, string | Buffer>) {
  const dist = mkdtempSync(join(tmpdir(), 'deck-compress-'))
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dist, name, '..'), { recursive: true })
    writeFileSync(join(dist, name), content)
  }
  return dist
}

/** Every variant beside a file decompresses to the file. */
function expectVariantsOf(dist: string, names: string[]) {
  for (const name of names) {
    const original = readFileSync(join(dist, name))
    expect(brotliDecompressSync(readFileSync(join(dist, `${name}.br`))).equals(original), name).toBe(true)
    expect(gunzipSync(readFileSync(join(dist, `${name}.gz`))).equals(original), name).toBe(true)
  }
}

describe('the compression cache', () => {
  it('gives a rebuild the same variants without compressing again, and compresses only what changed', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'deck-compress-cache-'))
    const first = build({ 'index.html': text('一'), 'assets/app.js': text('app'), '2/index.html': text('二') })
    expect((await precompress(first, cache)).fromCache).toBe(0)
    const second = build({ 'index.html': text('一'), 'assets/app.js': text('app'), '2/index.html': text('改过的二') })
    const result = await precompress(second, cache)
    expect(result.fromCache).toBe(2)
    expectVariantsOf(second, ['index.html', 'assets/app.js', '2/index.html'])
    expect(readFileSync(join(second, 'index.html.br')).equals(readFileSync(join(first, 'index.html.br')))).toBe(true)
  })

  it('keeps only what the last build used, and no partial write of a stopped build', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'deck-compress-cache-'))
    await precompress(build({ 'a.js': text('a'), 'b.js': text('b') }), cache)
    writeFileSync(join(cache, 'f00.br.123.part'), 'half a file')
    await precompress(build({ 'a.js': text('a') }), cache)
    expect(readdirSync(cache)).toHaveLength(2)
    expect(readdirSync(cache).every((name) => /^[0-9a-f]{40}\.(br|gz)$/.test(name))).toBe(true)
  })

  it('never writes through a variant taken from the cache: a build into the same folder leaves the cache intact', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'deck-compress-cache-'))
    const dist = build({ 'x.js': text('old') })
    await precompress(dist, cache)
    await precompress(dist, cache)
    // Built again into the same folder (emptyOutDir off): x.js's old variants are the cache's own entry, which y.js,
    // with x.js's old content, takes in the same build.
    writeFileSync(join(dist, 'x.js'), text('new'))
    writeFileSync(join(dist, 'y.js'), text('old'))
    await precompress(dist, cache)
    expectVariantsOf(dist, ['x.js', 'y.js'])
    const again = build({ 'z.js': text('old') })
    expect((await precompress(again, cache)).fromCache).toBe(1)
    expectVariantsOf(again, ['z.js'])
  })

  it('writes a variant’s bytes once: the cache links the file beside the page, and keeps by its bytes what no page holds', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'deck-compress-cache-'))
    // Random bytes do not compress: no variant beside them is worth a file, yet the cache keeps both for the next build.
    const dist = build({ 'x.js': text('一次'), 'noise.txt': randomBytes(4096) })
    await precompress(dist, cache)
    const kept = (ext: string) => readdirSync(cache).filter((name) => name.endsWith(ext)).map((name) => statSync(join(cache, name)))
    for (const ext of ['.br', '.gz']) {
      const beside = statSync(join(dist, `x.js${ext}`))
      expect(kept(ext).some((entry) => entry.ino === beside.ino && entry.nlink === 2)).toBe(true)
      expect(kept(ext)).toHaveLength(2)
      expect(existsSync(join(dist, `noise.txt${ext}`))).toBe(false)
    }
    expect(readdirSync(cache).filter((name) => name.endsWith('.tmp'))).toEqual([])
    expect((await precompress(build({ 'noise.txt': readFileSync(join(dist, 'noise.txt')) }), cache)).fromCache).toBe(1)
  })

  it('works without a cache, and with a cache folder not there yet', async () => {
    const dist = build({ 'index.html': text('一') })
    expect((await precompress(dist)).fromCache).toBe(0)
    expectVariantsOf(dist, ['index.html'])
    const cache = join(mkdtempSync(join(tmpdir(), 'deck-compress-cache-')), 'not', 'yet')
    await precompress(build({ 'index.html': text('一') }), cache)
    expect(existsSync(cache)).toBe(true)
  })
})

describe('two builds at once', () => {
  it('share a cache: each gets right variants even as the other prunes it', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'deck-compress-cache-'))
    const one = build(Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`a/${i}.js`, text(`一${i}`)])))
    const two = build(Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`b/${i}.js`, text(`二${i}`)])))
    await Promise.all([precompress(one, cache), precompress(two, cache)])
    expectVariantsOf(one, Array.from({ length: 30 }, (_, i) => `a/${i}.js`))
    expectVariantsOf(two, Array.from({ length: 30 }, (_, i) => `b/${i}.js`))
  })
})
