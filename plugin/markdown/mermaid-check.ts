// Finds broken mermaid diagrams at build time (spec.md section 8), so the build can warn with slide and line.
import { Worker, MessageChannel, receiveMessageOnPort, type MessagePort } from 'node:worker_threads'
import { classifyDiagramError, shortErrorMessage, MAX_DIAGRAM_TEXT, type DiagramErrorKind } from '../../shared/diagram.ts'

export interface DiagramProblem {
  kind: DiagramErrorKind
  message: string
  /** 1-based line inside the diagram's text, when mermaid names one. */
  line?: number
}

interface Checker {
  worker: Worker
  port: MessagePort
  signal: Int32Array
  answered: boolean
}

// undefined: not started; null: could not start (the build then skips the syntax check).
let checker: Checker | null | undefined
let requests = 0
let warnedTimeout = false

function start(): Checker | null {
  if (checker !== undefined) return checker
  try {
    const signal = new Int32Array(new SharedArrayBuffer(4))
    const { port1, port2 } = new MessageChannel()
    const worker = new Worker(new URL('./mermaid-check-worker.mjs', import.meta.url), {
      workerData: { port: port2, signal },
      transferList: [port2],
    })
    // The worker only ever answers; it must not keep `vite build` or a test run alive.
    worker.unref()
    port1.unref()
    worker.on('error', (error) => {
      console.warn(`[deck] the mermaid syntax check stopped: ${error.message}`)
      checker = null
    })
    checker = { worker, port: port1, signal, answered: false }
  } catch (error) {
    console.warn(`[deck] the mermaid syntax check is unavailable: ${(error as Error).message}`)
    checker = null
  }
  return checker
}

type Answer = { id: number; ok: boolean; name?: string; message?: string }

/** Answers that arrived, by request id (a blocking and a waiting caller may share the worker). */
const answers = new Map<number, Answer>()

function drain(current: Checker) {
  for (let received = receiveMessageOnPort(current.port); received; received = receiveMessageOnPort(current.port)) {
    const answer = received.message as Answer
    current.answered = true
    answers.set(answer.id, answer)
  }
}

function ask(current: Checker, code: string): { id: number; deadline: number } {
  const id = ++requests
  current.port.postMessage({ id, code })
  // Loading mermaid in Node takes a second or more the first time; a parse then takes milliseconds.
  return { id, deadline: Date.now() + (current.answered ? 10_000 : 60_000) }
}

function take(id: number): Answer | undefined {
  const answer = answers.get(id)
  answers.delete(id)
  return answer
}

function timedOut(): undefined {
  if (!warnedTimeout) console.warn('[deck] the mermaid syntax check timed out; diagrams were not checked')
  warnedTimeout = true
  return undefined
}

/** Mermaid's verdict on `code`, waiting for it; undefined when the check is unavailable or took too long. */
function parseInWorker(code: string): Omit<Answer, 'id'> | undefined {
  const current = start()
  if (!current) return undefined
  const { id, deadline } = ask(current, code)
  for (;;) {
    const seen = Atomics.load(current.signal, 0)
    drain(current)
    const answer = take(id)
    if (answer) return answer
    const left = deadline - Date.now()
    if (left <= 0 || checker !== current) return timedOut()
    Atomics.wait(current.signal, 0, seen, Math.min(left, 1000))
  }
}

/** The same verdict without blocking this thread (a build bundles meanwhile). */
async function parseInWorkerLater(code: string): Promise<Omit<Answer, 'id'> | undefined> {
  const current = start()
  if (!current) return undefined
  const { id, deadline } = ask(current, code)
  for (;;) {
    drain(current)
    const answer = take(id)
    if (answer) return answer
    if (Date.now() > deadline || checker !== current) return timedOut()
    await new Promise((tick) => setTimeout(tick, 25))
  }
}

/** One line of mermaid's message: jison's "Parse error on line 2:" gains its "Expecting …" line. */
function summary(message: string): string {
  const lines = message.split('\n').map((l) => l.trim()).filter(Boolean)
  const first = lines[0] ?? message
  const expecting = lines.find((l) => /^Expecting\b/.test(l))
  const text = first.endsWith(':') && expecting ? `${first} ${expecting}` : first
  return text.replace(/\s+/g, ' ').replace(/[.\s]+$/, '')
}

/** What is wrong with a diagram's text, or null when mermaid can parse it. */
export function findDiagramProblem(code: string): DiagramProblem | null {
  return tooLarge(code) ?? problemOf(code, parseInWorker(code))
}

/** The same, without blocking: for builds, which report broken diagrams once the bundle is written. */
export async function findDiagramProblemLater(code: string): Promise<DiagramProblem | null> {
  return tooLarge(code) ?? problemOf(code, await parseInWorkerLater(code))
}

function tooLarge(code: string): DiagramProblem | null {
  if (code.length <= MAX_DIAGRAM_TEXT) return null
  return { kind: 'too-large', message: `Maximum text size in diagram exceeded (${code.length} characters; the limit is ${MAX_DIAGRAM_TEXT})` }
}

function problemOf(code: string, answer: Omit<Answer, 'id'> | undefined): DiagramProblem | null {
  if (!answer || answer.ok) return null
  const message = answer.message ?? 'unknown error'
  const line = Number(message.match(/on line (\d+)/i)?.[1] ?? message.match(/\((\d+):\d+\)/)?.[1])
  return {
    kind: classifyDiagramError(code, { name: answer.name, message }),
    message: shortErrorMessage(summary(message), 200),
    line: Number.isInteger(line) && line > 0 ? line : undefined,
  }
}
