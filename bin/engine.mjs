// The engine's Node side (cli/, plugin/, scripts/, shared/, server/: TypeScript) bundled into ES modules Node loads
// itself, kept in node_modules/.cache/reslide-node beside the engine and made again when one of its files changed.
// Loaded through tsx's hooks instead, every module is a round trip to tsx's thread and a transform: 0.5–0.6 s of each
// `reslide` start on a 2-core machine, against 0.08 s for the bundle, which Rolldown makes in about 0.3 s. When no
// bundle can be made (a read-only install, Rolldown missing), `reslide` loads the TypeScript through tsx as before.
import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const ENGINE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..')
/** The bundle's entries: the command's module, and the Vite plugins (what `vite.config.ts` loads). */
const ENTRIES = { cli: 'cli/index.ts', plugin: 'plugin/index.ts' }
/** A bundle made by another version of this file is made again. */
const MAKER = createHash('sha256').update(readFileSync(fileURLToPath(import.meta.url))).digest('hex').slice(0, 16)
/** Earlier bundles kept (a command started from one may still be loading its chunks): a day, or the twenty newest. */
const KEPT_FOR_MS = 24 * 3600_000
const KEPT_BUNDLES = 20
/** Beyond the twenty, an earlier bundle is removed once this old. */
const STALE_AFTER_MS = 10 * 60_000

/** Where the bundles of the engine in `engineDir` are kept. */
export const bundleFolder = (engineDir = ENGINE_DIR) => join(engineDir, 'node_modules', '.cache', 'reslide-node')

/**
 * The current bundle, as `current.json` records it: its folder (under the bundle folder) and each file it was made
 * from, with the version bundled (versionOf).
 * @typedef {{ maker: string, dir: string, sources: [string, string][] }} Current
 */

/** @param {string} cache @returns {Current | null} */
function readCurrent(cache) {
  try {
    return JSON.parse(readFileSync(join(cache, 'current.json'), 'utf8'))
  } catch {
    return null
  }
}

/** A file's version as the file system tells it: its size and last write (null: no such file). @param {string} path */
function versionOf(path) {
  try {
    const stat = statSync(path)
    return `${stat.size}:${stat.mtimeMs}`
  } catch {
    return null
  }
}

/** Whether every file the bundle was made from is as it was. @param {Current} current @param {string} engineDir */
function isFresh(current, engineDir) {
  return current.maker === MAKER && current.sources.every(([file, version]) => versionOf(join(engineDir, file)) === version)
}

/** The folders of the engine's Node side: their files' versions are taken before a bundle is made. */
const SOURCE_FOLDERS = ['cli', 'plugin', 'scripts', 'server', 'shared']

/**
 * Each file under `folders` of `engineDir` (by its path from there, with forward slashes): its version.
 * @param {string} engineDir @param {string[]} folders @returns {Map<string, string | null>}
 */
function statsUnder(engineDir, folders) {
  const stats = new Map()
  const walk = (/** @type {string} */ folder) => {
    let entries
    try {
      entries = readdirSync(join(engineDir, folder), { withFileTypes: true })
    } catch {
      return
    }
    for (const entry of entries) {
      const path = `${folder}/${entry.name}`
      if (entry.isDirectory()) walk(path)
      else if (entry.isFile()) stats.set(path, versionOf(join(engineDir, path)))
    }
  }
  folders.forEach(walk)
  return stats
}

/** A bare import (a package, `node:` built-ins): loaded by Node at run time, never bundled. @param {string} id */
const isExternal = (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0') && !/^[A-Za-z]:[\\/]/.test(id) && !id.startsWith('file:')

/**
 * Bundles the engine's Node side into a folder of its own and makes it the current one. Each module keeps its own
 * `import.meta.url` (the engine finds its folders, package.json and workers from it), as Vite's config bundle does.
 * Two commands starting at once may both bundle: each writes its own folder and the record is replaced whole.
 * `options.whileBundling` is called once the files have been read.
 * @param {string} [engineDir]
 * @param {{ whileBundling?: () => void }} [options]
 * @returns {Promise<Current>}
 */
export async function bundleEngine(engineDir = ENGINE_DIR, options = {}) {
  const { whileBundling = () => {} } = options
  const { rolldown } = await import('rolldown')
  const cache = bundleFolder(engineDir)
  mkdirSync(cache, { recursive: true })
  const before = statsUnder(engineDir, SOURCE_FOLDERS)
  const bundle = await rolldown({
    input: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, join(engineDir, file)])),
    platform: 'node',
    external: isExternal,
    tsconfig: false,
    logLevel: 'silent',
    transform: { define: { 'import.meta.url': '__deck_module_url', 'import.meta.dirname': '__deck_module_dirname', 'import.meta.filename': '__deck_module_filename' } },
    plugins: [
      {
        name: 'reslide:module-url',
        transform: {
          filter: { id: /\.(ts|mts|tsx|js|mjs)$/ },
          handler(code, id) {
            if (!code.includes('import.meta')) return
            const declared = `const __deck_module_url = ${JSON.stringify(pathToFileURL(id).href)}, __deck_module_dirname = ${JSON.stringify(dirname(id))}, __deck_module_filename = ${JSON.stringify(id)};`
            return { code: declared + code, map: null }
          },
        },
      },
    ],
  })
  // The files are read: what changes from here on is not in this bundle (the tests save a file here).
  whileBundling()
  const made = join(cache, `.making-${process.pid}-${randomBytes(6).toString('hex')}`)
  try {
    const { output } = await bundle.write({ dir: made, format: 'esm', entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs', sourcemap: false })
    const files = [...new Set(output.flatMap((chunk) => (chunk.type === 'chunk' ? chunk.moduleIds : [])))].filter((id) => !id.startsWith('\0'))
    const sources = files.map((file) => /** @type {[string, string]} */ ([relative(engineDir, file).split('\\').join('/'), String(versionOf(file))]))
    // A file saved while it was being bundled may be in the bundle as it was before: not a bundle to record as fresh.
    const edited = sources.find(([file, version]) => before.has(file) && before.get(file) !== version)
    if (edited) throw new Error(`${edited[0]} changed while the engine was bundled`)
    const dir = createHash('sha256').update(JSON.stringify([MAKER, sources])).digest('hex').slice(0, 16)
    try {
      renameSync(made, join(cache, dir))
    } catch {
      // Another command made the same bundle first: its folder is the same files.
      rmSync(made, { recursive: true, force: true })
    }
    /** @type {Current} */
    const current = { maker: MAKER, dir, sources }
    const record = join(cache, `.current-${process.pid}-${randomBytes(6).toString('hex')}.json`)
    writeFileSync(record, JSON.stringify(current))
    renameSync(record, join(cache, 'current.json'))
    removeStaleBundles(cache, dir)
    return current
  } finally {
    await bundle.close()
    rmSync(made, { recursive: true, force: true })
  }
}

/**
 * Removes the folders of earlier bundles: those a day old, and beyond the twenty newest those ten minutes old. A
 * command started from one (a dev server left running while the engine is edited) loads its chunks from it as it goes.
 * @param {string} cache @param {string} keep
 */
function removeStaleBundles(cache, keep) {
  const earlier = readdirSync(cache)
    .filter((name) => name !== keep && name !== 'current.json' && !name.startsWith('.'))
    .flatMap((name) => {
      try {
        return [{ path: join(cache, name), age: Date.now() - statSync(join(cache, name)).mtimeMs }]
      } catch {
        return []
      }
    })
    .sort((a, b) => a.age - b.age)
  earlier.forEach(({ path, age }, newer) => {
    if (age > KEPT_FOR_MS || (newer >= KEPT_BUNDLES && age > STALE_AFTER_MS)) rmSync(path, { recursive: true, force: true })
  })
}

/**
 * One entry of the engine's bundle (`cli`: `cli/index.ts`, `plugin`: `plugin/index.ts`), the bundle made first when
 * there is none or a file changed since; null when it cannot be made, or with RESLIDE_NO_BUNDLE set (the caller then
 * loads the TypeScript through tsx: stack traces name the engine's own files and lines).
 * @param {keyof typeof ENTRIES} entry
 * @returns {Promise<any>}
 */
export async function engineModule(entry, engineDir = ENGINE_DIR) {
  if (process.env.RESLIDE_NO_BUNDLE) return null
  const file = (/** @type {Current} */ made) => join(bundleFolder(engineDir), made.dir, `${entry}.mjs`)
  let current = readCurrent(bundleFolder(engineDir))
  // A record whose folder is gone (removed by hand) is made again like a stale one.
  if (!current || !isFresh(current, engineDir) || !existsSync(file(current))) current = await bundleEngine(engineDir).catch(() => null)
  if (!current) return null
  return import(pathToFileURL(file(current)).href)
}

/**
 * The command's module (`cli/index.ts`) from the engine's bundle; null when there is none (see engineModule).
 * @returns {Promise<{ main: (argv: string[]) => Promise<number> } | null>}
 */
export const engineCommand = (engineDir = ENGINE_DIR) => engineModule('cli', engineDir)

/**
 * The engine's Vite plugins, `deck(options)`, for `vite.config.ts`: from the bundle, else the TypeScript through tsx
 * (Vite's own loading of the config then reads only the config: it bundled the plugins' 130 files, with a source map,
 * on every `vite` and `vite build`, 0.7 s of each).
 * @returns {Promise<typeof import('../plugin/index.ts').default>}
 */
export async function enginePlugins() {
  const bundled = await engineModule('plugin')
  if (bundled) return bundled.default
  ;(await import('tsx/esm/api')).register()
  // Named by a computed address, so that Vite's bundling of the config leaves it to Node.
  return (await import(pathToFileURL(join(ENGINE_DIR, ENTRIES.plugin)).href)).default
}
