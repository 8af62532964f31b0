// Precompression: after the build (and the prerendered pages), writes a .br and a .gz beside every file worth
// compressing, so a server sends them as they are (server/static.ts) instead of compressing on every request.
// What was compressed is kept by content in node_modules/.cache/deck-compressed: a rebuild compresses only the files
// that changed (mermaid's 3.4 MB, the app's chunks and the untouched slides' pages are the same bytes) and links the
// others from the cache, which keeps only what the last build used.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { copyFile, link, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'
import { lap, reportLaps } from './build-timings.ts'
import { linkAtomically, writeAtomically } from './write-whole.ts'

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

/** The cached variants of a content: its key names the content and how it was compressed. */
function cacheKey(content: Buffer): string {
  return createHash('sha256').update(`br${BROTLI_QUALITY}gz${GZIP_LEVEL}\0`).update(content).digest('hex').slice(0, 40)
}

/** Brotli and gzip, each on a libuv thread. */
async function compress(content: Buffer): Promise<{ br: Buffer; gz: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
    gzipAsync(content, { level: GZIP_LEVEL }),
  ])
  return { br, gz }
}

/**
 * Puts a cached variant at `to` as a hard link (no bytes copied: 0.1 s for the deck's 700 variants instead of 0.6 s),
 * or a copy where the cache is on another file system.
 */
async function place(cached: string, to: string): Promise<void> {
  await rm(to, { force: true })
  await link(cached, to).catch(() => copyFile(cached, to))
}

/**
 * Writes a content's variants beside `file` where each saves at least a tenth; returns their sizes. With a cache, the
 * variants of the same bytes compressed before are taken from it (another build pruning it meanwhile only means
 * compressing again), and new ones are added to it. A variant already there is removed first, never written through:
 * it may be a link into the cache.
 */
async function writeVariants(file: string, content: Buffer, cache: { dir: string; used: Set<string> } | undefined): Promise<{ brSize: number; fromCache: boolean }> {
  const worth = (size: number) => size <= content.length * (1 - MIN_SAVING)
  const key = cache && cacheKey(content)
  const [brFile, gzFile] = [`${file}.br`, `${file}.gz`]
  if (cache && key) {
    const [br, gz] = [join(cache.dir, `${key}.br`), join(cache.dir, `${key}.gz`)]
    cache.used.add(br).add(gz)
    try {
      const [brSize, gzSize] = (await Promise.all([stat(br), stat(gz)])).map((s) => s.size) as [number, number]
      await Promise.all([worth(brSize) && place(br, brFile), worth(gzSize) && place(gz, gzFile)])
      return { brSize, fromCache: true }
    } catch {
      // Not cached yet (or pruned by another build): compressed below.
    }
  }
  const { br, gz } = await compress(content)
  const write = async (to: string, data: Buffer) => {
    await rm(to, { force: true })
    await writeFile(to, data)
  }
  const [brBeside, gzBeside] = [worth(br.length) ? brFile : undefined, worth(gz.length) ? gzFile : undefined]
  await Promise.all([brBeside && write(brBeside, br), gzBeside && write(gzBeside, gz)])
  // Keeping them is best effort: a build running beside this one may prune a file on its way in (the next build then
  // compresses that content again).
  if (cache && key) await Promise.all([keep(join(cache.dir, `${key}.br`), brBeside, br), keep(join(cache.dir, `${key}.gz`), gzBeside, gz)]).catch(() => {})
  return { brSize: br.length, fromCache: false }
}

/**
 * Keeps a variant in the cache: a link to the file just written beside the page (a first build wrote each variant's
 * bytes twice, 0.4 s of its main thread for this deck's 700), or the bytes themselves where none was written (not
 * worth a file beside the page) or the cache is on another file system.
 */
async function keep(cached: string, beside: string | undefined, data: Buffer): Promise<void> {
  if (beside) {
    try {
      return await linkAtomically(beside, cached)
    } catch {
      // Another file system: written below.
    }
  }
  await writeAtomically(cached, data)
}

interface CompressCache {
  dir: string
  used: Set<string>
}

interface Totals {
  files: number
  bytes: number
  brotliBytes: number
  fromCache: number
}

/**
 * Compresses `files`, a few at a time. zlib's asynchronous calls and the file reads and writes run on libuv's threads:
 * every core compresses, and the main thread never waits on the disk. A few files at a time keep the threads busy; all
 * 1,600 at once held every file's compressor state together (200 MB more at the build's peak).
 */
async function compressFiles(files: string[], cache: CompressCache | undefined, totals: Totals): Promise<void> {
  const compressOne = async (file: string) => {
    const content = await readFile(file)
    const written = await writeVariants(file, content, cache)
    if (written.fromCache) totals.fromCache++
    totals.files++
    totals.bytes += content.length
    totals.brotliBytes += written.brSize <= content.length * (1 - MIN_SAVING) ? written.brSize : content.length
  }
  const queue = [...files]
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      for (let file = queue.shift(); file !== undefined; file = queue.shift()) await compressOne(file)
    }),
  )
}

/**
 * Writes `file.br` and `file.gz` where they save at least a tenth; returns the bytes before and after (brotli). With a
 * `cacheDir`, contents compressed by an earlier build are copied from it, and it is left holding this build's only.
 * `done`: files compressed already by `precompressEarly` of the same build (left as they are, counted once).
 */
export async function precompress(dir: string, cacheDir?: string, done?: EarlyPrecompress): Promise<Totals> {
  const early = await done?.finished
  const files = compressibleFiles(resolve(dir)).filter((file) => !early?.files.has(file))
  const cache = early?.cache ?? (cacheDir ? { dir: cacheDir, used: new Set<string>() } : undefined)
  if (cache) await mkdir(cache.dir, { recursive: true })
  const totals = early?.totals ?? { files: 0, bytes: 0, brotliBytes: 0, fromCache: 0 }
  await compressFiles(files, cache, totals)
  // The cache keeps what this build used (a partial write of a build that was stopped goes too).
  if (cache) await Promise.all(readdirSync(cache.dir).map((name) => join(cache.dir, name)).filter((path) => !cache.used.has(path)).map((path) => rm(path, { force: true })))
  return totals
}

/** Files a build compressed before it ended, for `precompress` to finish the job. */
export interface EarlyPrecompress {
  finished: Promise<{ files: Set<string>; cache: CompressCache | undefined; totals: Totals }>
}

/**
 * Starts compressing `files` now, files the rest of the build leaves as they are (the browser bundle's scripts, style
 * sheets and mermaid's copy, 90 % of the bytes): on libuv's threads while the main thread prerenders and cuts the fonts.
 */
export function precompressEarly(files: string[], cacheDir?: string): EarlyPrecompress {
  const cache = cacheDir ? { dir: cacheDir, used: new Set<string>() } : undefined
  const totals: Totals = { files: 0, bytes: 0, brotliBytes: 0, fromCache: 0 }
  const chosen = files.filter((file) => COMPRESSIBLE.test(file) && existsSync(file) && statSync(file).size >= MIN_BYTES)
  const finished = (async () => {
    if (cache) await mkdir(cache.dir, { recursive: true })
    await compressFiles(chosen, cache, totals)
    return { files: new Set(chosen), cache, totals }
  })()
  // Awaited by precompress; a failure here surfaces there.
  finished.catch(() => {})
  return { finished }
}

/**
 * Two plugins sharing one state: the first marks an app build (Vite's `buildApp`, as `vite build` and `reslide build`
 * run it) as it starts; only then is the browser bundle compressed early, since only then does the second's `buildApp`
 * await it and compress the rest. A single environment's build (Vite's `build()` API) writes no variants: early work
 * nobody awaited was left running, and a worker thread that ended meanwhile (a test runner's) aborted in zlib.
 */
export default function compressPlugin(): Plugin[] {
  let outDir = 'dist'
  let cacheDir = 'node_modules/.cache/deck-compressed'
  let inApp = false
  let early: EarlyPrecompress | undefined
  return [
    {
      name: 'deck:compress-app',
      apply: 'build',
      sharedDuringBuild: true,
      buildApp: {
        order: 'pre',
        async handler() {
          inApp = true
        },
      },
    },
    {
      name: 'deck:compress',
      apply: 'build',
      // One instance for every environment: the browser build's files are started on before the prerendering build.
      sharedDuringBuild: true,
      configResolved(config) {
        outDir = resolve(config.root, config.build.outDir)
        cacheDir = resolve(config.root, 'node_modules/.cache/deck-compressed')
      },
      writeBundle(_options, bundle) {
        if (!inApp || this.environment.name !== 'client') return
        // The pages (index.html and the prerendered ones) are written again by plugin/prerender.ts: compressed at the end.
        early = precompressEarly(Object.keys(bundle).filter((name) => !name.endsWith('.html')).map((name) => join(outDir, name)), cacheDir)
      },
      // After every environment is built and the pages are prerendered (plugin/prerender.ts builds in its own buildApp).
      buildApp: {
        order: 'post',
        async handler() {
          try {
            await precompress(outDir, cacheDir, early)
          } finally {
            early = undefined
            inApp = false
          }
          lap('precompress')
          reportLaps()
        },
      },
    },
  ]
}
