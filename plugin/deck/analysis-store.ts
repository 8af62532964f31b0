// Slides' analyses kept on disk between runs (in Vite's cache folder, `deck-analysis/`): a rebuild, or the next dev
// start, takes each unchanged slide's tree from there instead of parsing and transforming it again. An entry is found
// by everything its analysis read: the slide's text and options, the engine's code and installed packages, and it is
// used only while the files the analysis looked at (snippets, images) are as they were.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, unlinkSync } from 'node:fs'
import { mkdir, rename, utimes, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { Root } from 'hast'
import { stillAsSeen, type FileSeen } from '../markdown/files-seen.ts'
import type { LaterCheck } from '../markdown/later-checks.ts'
import type { SlideMessage } from '../markdown/slide-message.ts'
import type { SlideLink } from '../markdown/rehype-links.ts'

/** A slide's analysis as kept: what AnalyzedSlide holds but its checks' promise, and the files it looked at. */
export interface KeptAnalysis {
  hast: Root
  clicks: number
  messages: SlideMessage[]
  styles: string[]
  checks: LaterCheck[]
  files: FileSeen[]
  slideLinks: SlideLink[]
}

export interface AnalysisStore {
  /** Settles once every entry kept so far is on disk. */
  written(): Promise<void>
  /**
   * The kept analysis for `key`, if there is one whose files are unchanged, with its entry's digest: the same digest is
   * the same tree (what its highlighting is kept by).
   */
  analysis(key: string): { kept: KeptAnalysis; digest: string } | undefined
  /** Keeps an analysis; returns its entry's digest. */
  keepAnalysis(key: string, kept: KeptAnalysis): string
  note(key: string): string | undefined
  keepNote(key: string, html: string): void
  /** A tree with its code highlighted (stage two). */
  highlighted(key: string): Root | undefined
  keepHighlighted(key: string, hast: Root): void
}

/** Entries not used for this long are deleted (once per process, when the store opens). */
const UNUSED_FOR_MS = 14 * 24 * 3600 * 1000
/** Raised when an entry's shape changes: older entries are then never read. */
const FORMAT = 2

/** The store in `dir` (made on first write); every key is hashed with the engine's identity. */
export function analysisStore(dir: string, engineDir: string): AnalysisStore {
  const identity = engineIdentity(engineDir)
  const fileOf = (kind: string, key: string) => join(dir, `${kind}-${createHash('sha256').update(`${FORMAT}\0${identity}\0${key}`).digest('hex').slice(0, 40)}.json`)
  let pruned = false
  function read<T>(file: string): { value: T; text: string } | undefined {
    if (!pruned) {
      pruned = true
      prune(dir)
    }
    let text: string
    try {
      text = readFileSync(file, 'utf8')
    } catch {
      return undefined
    }
    try {
      const value = JSON.parse(text) as T
      // Used now: not among the entries pruned as unused (off the thread's path; gone meanwhile, nothing to keep).
      const now = new Date()
      void utimes(file, now, now).catch(() => {})
      return { value, text }
    } catch {
      // A torn or foreign file: made again and written over.
      return undefined
    }
  }
  // Entries are written off the thread's path (the load that made them goes on), one after another, each aside and
  // then renamed: a build reading at the same time sees the old entry or the new one, never half. Made into text at
  // once: the trees may be changed by what uses them next.
  let writing: Promise<void> = Promise.resolve()
  function write(file: string, value: unknown): string {
    const text = JSON.stringify(value)
    writing = writing.then(async () => {
      try {
        await mkdir(dir, { recursive: true })
        const aside = `${file}.${process.pid}.tmp`
        await writeFile(aside, text)
        await rename(aside, file)
      } catch {
        // A cache that cannot be written (read-only folder, full disk) only costs the next run its time.
      }
    })
    return text
  }
  const digestOf = (text: string) => createHash('sha256').update(text).digest('hex')
  return {
    written: () => writing,
    analysis(key) {
      const found = read<KeptAnalysis>(fileOf('slide', key))
      return found && Array.isArray(found.value.files) && stillAsSeen(found.value.files) ? { kept: found.value, digest: digestOf(found.text) } : undefined
    },
    keepAnalysis: (key, kept) => digestOf(write(fileOf('slide', key), kept)),
    note: (key) => read<{ html: string }>(fileOf('note', key))?.value.html,
    keepNote: (key, html) => void write(fileOf('note', key), { html }),
    highlighted: (key) => read<{ hast: Root }>(fileOf('code', key))?.value.hast,
    keepHighlighted: (key, hast) => void write(fileOf('code', key), { hast }),
  }
}

function prune(dir: string): void {
  if (!existsSync(dir)) return
  const before = Date.now() - UNUSED_FOR_MS
  for (const name of readdirSync(dir)) {
    const file = join(dir, name)
    try {
      if (statSync(file).mtimeMs < before) unlinkSync(file)
    } catch {
      // Another process pruned it first.
    }
  }
}

const identities = new Map<string, string>()

/**
 * What the analysis is made by: the engine's own code (plugin/ and shared/) and the packages installed for it (npm's
 * record of the installed tree, node_modules/.package-lock.json; else the engine's dependencies' versions). An
 * upgrade or an edit of the engine makes every key new.
 */
export function engineIdentity(engineDir: string): string {
  let identity = identities.get(engineDir)
  if (identity) return identity
  const hash = createHash('sha256')
  for (const folder of ['plugin', 'shared']) {
    for (const file of sourceFiles(join(engineDir, folder))) hash.update(file).update('\0').update(readFileSync(file)).update('\0')
  }
  hash.update(installedPackages(engineDir))
  identity = hash.digest('hex')
  identities.set(engineDir, identity)
  return identity
}

function sourceFiles(folder: string): string[] {
  if (!existsSync(folder)) return []
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(ts|mts|js|mjs|json)$/.test(name))
    .sort()
    .map((name) => join(folder, name))
}

function installedPackages(engineDir: string): string {
  const lock = nearest(engineDir, join('node_modules', '.package-lock.json'))
  if (lock) return readFileSync(lock, 'utf8')
  // Installed by another package manager: the engine's dependencies' versions say what there is.
  const manifest = JSON.parse(readFileSync(join(engineDir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> }
  return Object.keys(manifest.dependencies ?? {})
    .map((name) => {
      const found = nearest(engineDir, join('node_modules', name, 'package.json'))
      return `${name}@${found ? (JSON.parse(readFileSync(found, 'utf8')) as { version?: string }).version : '?'}`
    })
    .join('\n')
}

/** `path` in `from` or the nearest folder above it that has it, as Node looks for packages. */
function nearest(from: string, path: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, path))) return join(dir, path)
    if (dirname(dir) === dir) return undefined
  }
}
