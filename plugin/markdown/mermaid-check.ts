// Finds broken mermaid diagrams at build time (spec.md section 8), so the build can warn with slide and line.
// Mermaid parses in a worker thread; each check is a message and a promise, so no thread ever waits for one.
// Mermaid's verdicts are kept by diagram text and mermaid version (node_modules/.cache/deck-diagram-checks.json): a
// rebuild with the same diagrams never loads mermaid (0.3–0.4 s of CPU and its memory at the build's peak).
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { classifyDiagramError, shortErrorMessage, MAX_DIAGRAM_TEXT, type DiagramErrorKind } from '../../shared/diagram.ts'
import { writeWhole } from '../write-whole.ts'
import { mermaidEntry } from '../vendor.ts'

export interface DiagramProblem {
  kind: DiagramErrorKind
  message: string
  /** 1-based line inside the diagram's text, when mermaid names one. */
  line?: number
}

/** What the worker (mermaid-check-worker.ts) is asked, and what it answers. */
export interface DiagramCheckRequest {
  id: number
  code: string
}
export interface DiagramCheckAnswer {
  id: number
  ok: boolean
  name?: string
  message?: string
}

export type Verdict = Omit<DiagramCheckAnswer, 'id'>

export interface DiagramChecker {
  /** What is wrong with a diagram's text, or null when mermaid can parse it (or when the check is unavailable). */
  check(code: string): Promise<DiagramProblem | null>
  /** Stops the worker; checks still waiting get no verdict. */
  close(): Promise<void>
}

/** Loading mermaid in Node takes a few tenths of a second (seconds on a busy machine); a parse, milliseconds. */
const FIRST_ANSWER_MS = 60_000
const ANSWER_MS = 10_000

/**
 * The worker is JavaScript (checked by tsc through checkJs), so Node starts it with no loader in dev and build, and
 * without the host's flags (tsx's loader, `--input-type`), which only slow mermaid's loading or stop the worker.
 */
const startWorker = () =>
  new Worker(new URL('./mermaid-check-worker.mjs', import.meta.url), { execArgv: [], workerData: { mermaid: pathToFileURL(mermaidEntry()).href } })

/** Verdicts kept between processes; only mermaid's own answers go in (not a timeout or an unavailable check). */
export interface VerdictCache {
  get(code: string): Verdict | undefined
  set(code: string, verdict: Verdict): void
  /** Writes the new verdicts now (else soon after, and at the process's exit). */
  save(): void
}

/**
 * Verdicts in a JSON file, keyed by mermaid's version and the diagram's text. It is written (whole, then renamed) soon
 * after a new verdict and when the process exits, holding the verdicts this process asked for: diagrams since
 * deleted drop out. A missing or unreadable file is an empty cache.
 */
export function fileVerdictCache(file: string, mermaidVersion: string): VerdictCache {
  let stored: Record<string, Verdict> | undefined
  const used: Record<string, Verdict> = {}
  let dirty = false
  let onExit = false
  let timer: NodeJS.Timeout | undefined
  const keyOf = (code: string) => createHash('sha256').update(`${mermaidVersion}\0${code}`).digest('hex').slice(0, 32)
  const save = () => {
    clearTimeout(timer)
    if (!dirty) return
    dirty = false
    try {
      mkdirSync(dirname(file), { recursive: true })
      writeWhole(file, JSON.stringify(used))
    } catch {
      // A cache that cannot be written only means checking again next time.
    }
  }
  /** Something to write: soon, or at the latest when the process exits. */
  const changed = () => {
    dirty = true
    if (!onExit) process.once('exit', save)
    onExit = true
  }
  return {
    get(code) {
      if (!stored) {
        try {
          stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Verdict>
        } catch {
          stored = {}
        }
      }
      const key = keyOf(code)
      const verdict = used[key] ?? stored[key]
      if (verdict && !used[key]) {
        used[key] = verdict
        changed()
      }
      return verdict
    },
    set(code, verdict) {
      used[keyOf(code)] = verdict
      changed()
      clearTimeout(timer)
      timer = setTimeout(save, 200).unref()
    },
    save,
  }
}

/** The verdict cache beside the engine's packages, for the mermaid they hold; none when mermaid is not installed. */
function engineVerdictCache(): VerdictCache | undefined {
  try {
    const version = (createRequire(import.meta.url)('mermaid/package.json') as { version: string }).version
    return fileVerdictCache(fileURLToPath(new URL('../../node_modules/.cache/deck-diagram-checks.json', import.meta.url)), version)
  } catch {
    return undefined
  }
}

export function createDiagramChecker(options: { cache?: VerdictCache; held?: () => Promise<void> | undefined } = {}): DiagramChecker {
  const { cache } = options
  let worker: Worker | null | undefined
  let requests = 0
  let answered = false
  let warned = false
  const waiting = new Map<number, { settle: (verdict: Verdict | undefined) => void; timer: NodeJS.Timeout }>()

  const warnOnce = (message: string) => {
    if (!warned) console.warn(`[deck] ${message}; diagrams were not checked`)
    warned = true
  }
  const settle = (id: number, verdict: Verdict | undefined) => {
    const entry = waiting.get(id)
    if (!entry) return
    waiting.delete(id)
    clearTimeout(entry.timer)
    // The worker keeps the process alive only while a check waits for it (`vite build`, a script, a test run).
    if (!waiting.size) worker?.unref()
    entry.settle(verdict)
  }
  const stop = (stopped: Worker, message: string) => {
    if (worker !== stopped) return
    warnOnce(message)
    worker = null
    for (const id of [...waiting.keys()]) settle(id, undefined)
  }

  // undefined: not started; null: could not start or stopped (checks then find nothing).
  const start = (): Worker | null => {
    if (worker !== undefined) return worker
    try {
      const started = startWorker()
      started.unref()
      started.on('message', (answer: DiagramCheckAnswer) => {
        answered = true
        const { id, ...verdict } = answer
        settle(id, verdict)
      })
      started.on('error', (error) => stop(started, `the mermaid syntax check stopped: ${error.message}`))
      started.on('exit', () => stop(started, 'the mermaid syntax check stopped'))
      worker = started
    } catch (error) {
      warnOnce(`the mermaid syntax check is unavailable: ${(error as Error).message}`)
      worker = null
    }
    return worker
  }

  const parse = async (code: string): Promise<Verdict | undefined> => {
    const known = cache?.get(code)
    if (known) return known
    await options.held?.()
    const current = start()
    if (!current) return undefined
    const id = ++requests
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        warnOnce('the mermaid syntax check timed out')
        settle(id, undefined)
      }, answered ? ANSWER_MS : FIRST_ANSWER_MS)
      timer.unref()
      waiting.set(id, {
        settle: (verdict) => {
          if (verdict) cache?.set(code, verdict)
          resolve(verdict)
        },
        timer,
      })
      current.ref()
      current.postMessage({ id, code } satisfies DiagramCheckRequest)
    })
  }

  return {
    check: async (code) => tooLarge(code) ?? problemOf(code, await parse(code)),
    async close() {
      const current = worker
      worker = null
      for (const id of [...waiting.keys()]) settle(id, undefined)
      await current?.terminate()
    },
  }
}

let shared: DiagramChecker | undefined
let heldUntil: Promise<void> | undefined

/**
 * Holds the shared checker's worker until `until` settles: checks asked meanwhile wait, those answered by kept
 * verdicts do not. Loading mermaid takes its thread 0.3–0.4 s of CPU; a dev server's first start holds it
 * (plugin/deck-core.ts).
 */
export function holdDiagramChecks(until: Promise<void>): void {
  heldUntil = until
}

/**
 * What is wrong with a diagram's text, or null: one worker for the process, started by the first check mermaid's
 * verdicts kept from an earlier process do not answer.
 */
export function findDiagramProblem(code: string): Promise<DiagramProblem | null> {
  return (shared ??= createDiagramChecker({ cache: engineVerdictCache(), held: () => heldUntil })).check(code)
}

/**
 * Stops the shared worker and frees what it holds (mermaid loaded in a thread of its own: 60–80 MB); a later check
 * starts another. The build calls it once its slides are transformed: every diagram is checked by then, and the
 * worker would otherwise sit idle through the rest of the build, at its memory peak.
 */
export async function releaseDiagramChecker(): Promise<void> {
  const checker = shared
  shared = undefined
  await checker?.close()
}

/** One line of mermaid's message: jison's "Parse error on line 2:" gains its "Expecting …" line. */
function summary(message: string): string {
  const lines = message.split('\n').map((l) => l.trim()).filter(Boolean)
  const first = lines[0] ?? message
  const expecting = lines.find((l) => /^Expecting\b/.test(l))
  const text = first.endsWith(':') && expecting ? `${first} ${expecting}` : first
  return text.replace(/\s+/g, ' ').replace(/[.\s]+$/, '')
}

function tooLarge(code: string): DiagramProblem | null {
  if (code.length <= MAX_DIAGRAM_TEXT) return null
  return { kind: 'too-large', message: `Maximum text size in diagram exceeded (${code.length} characters; the limit is ${MAX_DIAGRAM_TEXT})` }
}

function problemOf(code: string, verdict: Verdict | undefined): DiagramProblem | null {
  if (!verdict || verdict.ok) return null
  const message = verdict.message ?? 'unknown error'
  const line = Number(message.match(/on line (\d+)/i)?.[1] ?? message.match(/\((\d+):\d+\)/)?.[1])
  return {
    kind: classifyDiagramError(code, { name: verdict.name, message }),
    message: shortErrorMessage(summary(message), 200),
    line: Number.isInteger(line) && line > 0 ? line : undefined,
  }
}
