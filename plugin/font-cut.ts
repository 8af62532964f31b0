// Cutting a face: HarfBuzz (subset-font) keeps the glyphs asked for, Google's WOFF2 encoder compresses the result.
// Where npm installed a native build of that encoder for this machine (@napi-rs/woff-build's, an optional
// dependency), it runs on libuv's threads, several faces at once while HarfBuzz cuts the next ones on the main
// thread, with Brotli at `FACE_QUALITY`; elsewhere subset-font's WebAssembly build of the same encoder does it on the
// main thread, at Brotli's best (its only setting). Both write the same glyphs from the same encoder's source; the
// cache keys name the one used and its quality (`cutterIdentity`).
import { createRequire } from 'node:module'
import { availableParallelism } from 'node:os'
import subsetFont from 'subset-font'

/** What a face is cut to: WOFF2 for the web, TrueType where a browser refuses WOFF2 (a face of spaces alone). */
export type CutFormat = 'woff2' | 'sfnt'

/** Cuts `font` (TrueType, OpenType, WOFF or WOFF2) to `glyphs`. */
export type FaceCutter = (font: Buffer, glyphs: string, format: CutFormat) => Promise<Buffer>

/**
 * Brotli's quality for the deck's faces. At its best (11) encoding was a first build's longest step: 3.1 s of CPU
 * for this deck's 38 faces. Quality 5 takes 0.09 s for 3.2 % more bytes (528 KB instead of 511 KB in all, slide 1's
 * common face 33.4 KB instead of 32.2); the glyph transforms, which WOFF2 owes most of its gain over plain Brotli
 * to, are kept. 9 and 10 cost 0.8 and 1.6 s for 2.7 % and 0.04 %. The same trade as the build's precompression.
 */
export const FACE_QUALITY = 5

interface NativeWoff2 {
  convertTTFToWOFF2Async(input: Buffer, params?: { brotliQuality?: number }): Promise<Buffer>
  convertWOFF2ToTTFAsync(input: Buffer): Promise<Buffer>
}

const WOFF2_SIGNATURE = 'wOF2'

/** subset-font alone: it decodes and encodes WOFF2 with its WebAssembly build of Google's woff2. */
export const webAssemblyCutter: FaceCutter = (font, glyphs, format) => subsetFont(font, glyphs, { targetFormat: format })

/**
 * HarfBuzz's cut between the native decoder and encoder. At most `encodingAtOnce` encodings run together (one per
 * core, up to libuv's four threads): each holds Brotli's window and tables, tens of MB.
 */
export function nativeCutter(native: NativeWoff2, encodingAtOnce = Math.min(4, availableParallelism())): FaceCutter {
  const waiting: (() => void)[] = []
  let running = 0
  const encode = async (sfnt: Buffer) => {
    // A finished encoding hands its place to the next waiting one, so no cut started meanwhile takes it too.
    if (running < encodingAtOnce) running++
    else await new Promise<void>((start) => waiting.push(start))
    try {
      return await native.convertTTFToWOFF2Async(sfnt, { brotliQuality: FACE_QUALITY })
    } finally {
      const next = waiting.shift()
      if (next) next()
      else running--
    }
  }
  return async (font, glyphs, format) => {
    const source = font.subarray(0, 4).toString('latin1') === WOFF2_SIGNATURE ? await native.convertWOFF2ToTTFAsync(font) : font
    const cut = await subsetFont(source, glyphs, { targetFormat: 'sfnt' })
    return format === 'woff2' ? encode(cut) : cut
  }
}

let found: { cutter: FaceCutter; identity: string; native: NativeWoff2 | null } | undefined

/**
 * The native encoder's builds this machine may have, as napi-rs names them: by system, CPU and C library. The engine
 * lists the Linux x64 ones as optional dependencies (the registry it is installed from here holds no other), so npm
 * installs the one for this machine there and none elsewhere; any of them installed by hand is used too.
 */
export function nativeBuilds(platform: string = process.platform, arch: string = process.arch): string[] {
  const name = `@napi-rs/woff-build-${platform}-${arch}`
  return [`${name}-gnu`, `${name}-musl`, `${name}-msvc`, name]
}

/** The first native build that loads here, with its name and version; null when none does. */
function loadNative(): { native: NativeWoff2; identity: string } | null {
  const require = createRequire(import.meta.url)
  for (const name of nativeBuilds()) {
    try {
      const native = require(name) as NativeWoff2
      const version = (require(`${name}/package.json`) as { version: string }).version
      return { native, identity: `${name}@${version} q${FACE_QUALITY}` }
    } catch {
      // Not installed, or built for another C library: the next.
    }
  }
  return null
}

/** The cutter this machine has: native where its binary loads, else WebAssembly. */
export function faceCutter(): FaceCutter {
  return detect().cutter
}

/** Names the encoder `faceCutter` uses, for cache keys: a face encoded by one is not served for the other. */
export function cutterIdentity(): string {
  return detect().identity
}

function detect() {
  if (!found) {
    const loaded = loadNative()
    found = loaded ? { cutter: nativeCutter(loaded.native), identity: loaded.identity, native: loaded.native } : { cutter: webAssemblyCutter, identity: 'wawoff2', native: null }
  }
  return found
}

/** The native encoder when its binary loads here (tests compare the two routes). */
export function nativeWoff2(): NativeWoff2 | null {
  return detect().native
}
