import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { cutterIdentity, FACE_QUALITY, faceCutter, nativeBuilds, nativeCutter, nativeWoff2, webAssemblyCutter } from '../../plugin/font-cut'
import { CJK_SOURCES } from '../../plugin/fonts'

const source = () => readFileSync(CJK_SOURCES['400']!.file)
const GLYPHS = '银行业务员序的程货币创造'
const native = nativeWoff2()

describe('cutting a face: HarfBuzz, then the WOFF2 encoder', () => {
  it('loads the native encoder where npm installs it (the optional dependencies: Linux x64), and names it in the cache keys', () => {
    if (process.platform === 'linux' && process.arch === 'x64') {
      expect(native).not.toBeNull()
      expect(cutterIdentity()).toMatch(/^@napi-rs\/woff-build-linux-x64-(gnu|musl)@\d+\.\d+\.\d+ q5$/)
    } else expect(cutterIdentity()).toEqual(native ? expect.stringMatching(/^@napi-rs\/woff-build-/) : 'wawoff2')
    expect(faceCutter()).toBe(faceCutter())
  })

  it('looks for the build napi-rs names for the system, CPU and C library (one installed beside the engine is used)', () => {
    expect(nativeBuilds('linux', 'x64').slice(0, 2)).toEqual(['@napi-rs/woff-build-linux-x64-gnu', '@napi-rs/woff-build-linux-x64-musl'])
    expect(nativeBuilds('darwin', 'arm64')).toContain('@napi-rs/woff-build-darwin-arm64')
    expect(nativeBuilds('win32', 'x64')).toContain('@napi-rs/woff-build-win32-x64-msvc')
    // The engine's optional dependencies are the names looked for on Linux x64.
    const optional = Object.keys(JSON.parse(readFileSync('package.json', 'utf8')).optionalDependencies ?? {})
    expect(optional).toHaveLength(2)
    expect(optional.every((name) => nativeBuilds('linux', 'x64').includes(name))).toBe(true)
  })

  it.skipIf(!native)('gives the same font either way: the same TrueType cut, WOFF2 files that decode to the same bytes', async () => {
    const viaNative = nativeCutter(native!)
    const [nativeSfnt, wasmSfnt] = await Promise.all([viaNative(source(), GLYPHS, 'sfnt'), webAssemblyCutter(source(), GLYPHS, 'sfnt')])
    expect(nativeSfnt.readUInt32BE(0)).toBe(0x00010000)
    expect(nativeSfnt.equals(wasmSfnt)).toBe(true)
    const [nativeWoff, wasmWoff] = await Promise.all([viaNative(source(), GLYPHS, 'woff2'), webAssemblyCutter(source(), GLYPHS, 'woff2')])
    for (const woff2 of [nativeWoff, wasmWoff]) {
      expect(woff2.toString('latin1', 0, 4)).toBe('wOF2')
      // A dozen glyphs, not the 1.5 MB source.
      expect(woff2.length).toBeLessThan(8 * 1024)
    }
    const [fromNative, fromWasm] = await Promise.all([nativeWoff, wasmWoff].map((woff2) => native!.convertWOFF2ToTTFAsync(woff2)))
    expect(fromNative!.equals(fromWasm!)).toBe(true)
    // Brotli at quality 5 natively, at 11 in WebAssembly: a few percent more bytes, never the plain TrueType's.
    expect(nativeWoff.length).toBeGreaterThanOrEqual(wasmWoff.length)
    expect(nativeWoff.length).toBeLessThan(wasmWoff.length * 1.1)
  }, 60_000)

  it('decodes a WOFF2 source natively, takes TrueType as it is, and runs at most the given number of encodings at once', async () => {
    const sfnt = await webAssemblyCutter(source(), GLYPHS, 'sfnt')
    const decoded: string[] = []
    let running = 0
    let most = 0
    const encodings: (() => void)[] = []
    const qualities: (number | undefined)[] = []
    const fake = {
      convertWOFF2ToTTFAsync: async (input: Buffer) => {
        decoded.push(input.toString('latin1', 0, 4))
        return sfnt
      },
      convertTTFToWOFF2Async: (input: Buffer, params?: { brotliQuality?: number }) => {
        qualities.push(params?.brotliQuality)
        most = Math.max(most, ++running)
        return new Promise<Buffer>((done) =>
          encodings.push(() => {
            running--
            done(Buffer.concat([Buffer.from('wOF2'), input.subarray(0, 8)]))
          }),
        )
      },
    }
    const cut = nativeCutter(fake, 2)
    const cuts = [...'银行业务员序'].map((glyph, i) => cut(i % 2 ? sfnt : source(), glyph, 'woff2'))
    // Cuts go on as encodings end, two at a time, until every one has ended.
    for (let ended = 0; ended < 6; ended++) {
      await expect.poll(() => encodings.length).toBeGreaterThan(0)
      encodings.shift()!()
    }
    const files = await Promise.all(cuts)
    expect(most).toBe(2)
    expect(qualities).toEqual(Array(6).fill(FACE_QUALITY))
    expect(files.every((file) => file.toString('latin1', 0, 4) === 'wOF2')).toBe(true)
    // Only the WOFF2 sources were decoded (every other cut started from TrueType).
    expect(decoded).toEqual(['wOF2', 'wOF2', 'wOF2'])
    // A TrueType cut is never encoded.
    expect((await cut(sfnt, '银', 'sfnt')).readUInt32BE(0)).toBe(0x00010000)
    expect(encodings).toHaveLength(0)
  }, 60_000)
})
