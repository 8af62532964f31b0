// Precompression: after the build (and the prerendered pages), writes a .br and a .gz beside every file worth
// compressing, so a server sends them as they are (server/static.ts) instead of compressing on every request.
import { readdirSync, statSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'
import { lap, reportLaps } from './build-timings.ts'

/** Text formats (woff2, images and PDFs are compressed already: a second pass only costs time). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|map|txt|xml|ttf|otf|wasm)$/i
/** Below this, the headers outweigh the saving. */
const MIN_BYTES = 1024
/** A variant that saves less than this share is not worth a second file. */
const MIN_SAVING = 0.1
/**
 * Brotli's quality 5: within 7 % of its best (11) on this deck's 7 MB, at a fortieth of the time (0.3 s instead of
 * 12 s of CPU), and still smaller than gzip's best.
 */
const BROTLI_QUALITY = 5

/** gzip's level 6 (its default): 0.3 % larger than level 9 on this deck, in three quarters of the time. */
const GZIP_LEVEL = 6

/** Files compressed at a time: two per libuv thread (each file's brotli and gzip run side by side). */
const AT_ONCE = 4

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

function compressibleFiles(dir: string): string[] {
  const found: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) found.push(...compressibleFiles(path))
    else if (COMPRESSIBLE.test(entry.name) && statSync(path).size >= MIN_BYTES) found.push(path)
  }
  return found
}

/** Writes `file.br` and `file.gz` where they save at least a tenth; returns the bytes before and after (brotli). */
export async function precompress(dir: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const files = compressibleFiles(resolve(dir))
  let bytes = 0
  let brotliBytes = 0
  // zlib's asynchronous calls and the file reads and writes run on libuv's threads: every core compresses, and the main
  // thread never waits on the disk. A few files at a time keep the threads busy; all 1,600 at once held every file's
  // compressor state together (200 MB more at the build's peak).
  const compressOne = async (file: string) => {
    const content = await readFile(file)
    const [br, gz] = await Promise.all([
      brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
      gzipAsync(content, { level: GZIP_LEVEL }),
    ])
    bytes += content.length
    const worth = (variant: Buffer) => variant.length <= content.length * (1 - MIN_SAVING)
    await Promise.all([worth(br) && writeFile(`${file}.br`, br), worth(gz) && writeFile(`${file}.gz`, gz)])
    brotliBytes += worth(br) ? br.length : content.length
  }
  const queue = [...files]
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      for (let file = queue.shift(); file !== undefined; file = queue.shift()) await compressOne(file)
    }),
  )
  return { files: files.length, bytes, brotliBytes }
}

export default function compressPlugin(): Plugin {
  let outDir = 'dist'
  return {
    name: 'deck:compress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    // After every environment is built and the pages are prerendered (plugin/prerender.ts builds in its own buildApp).
    buildApp: {
      order: 'post',
      async handler() {
        await precompress(outDir)
        lap('precompress')
        reportLaps()
      },
    },
  }
}
