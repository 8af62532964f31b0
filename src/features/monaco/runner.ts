// Runs a `{monaco-run}` block's code in a worker of its own (no reach into the deck's page), collecting what it
// prints, and ends it when it runs past its time limit (an endless loop never answers, so the worker is stopped).
import RunWorker from './run.worker.ts?worker'

export type OutputLevel = 'log' | 'info' | 'debug' | 'warn' | 'error'
export interface OutputLine {
  level: OutputLevel
  text: string
}
export interface RunRequest {
  code: string
  /** `typescript` (its types are stripped first) or `javascript`. */
  language: string
}
export type RunMessage = { type: 'output'; level: OutputLevel; text: string } | { type: 'clear' } | { type: 'done' }

/** How a run ended: its code finished (what it started later may still print until the limit), or it was stopped. */
export type RunEnd = 'done' | 'timeout'

export interface RunCallbacks {
  onOutput: (line: OutputLine) => void
  onClear: () => void
  onEnd: (end: RunEnd) => void
}

/** Starts the code in a new worker; the returned function stops it. */
export function runCode(request: RunRequest, timeout: number, callbacks: RunCallbacks): () => void {
  const worker = new RunWorker()
  let finished = false
  const stop = () => {
    clearTimeout(limit)
    worker.terminate()
  }
  const limit = setTimeout(() => {
    stop()
    if (!finished) callbacks.onEnd('timeout')
  }, timeout)
  worker.onmessage = (event: MessageEvent<RunMessage>) => {
    const message = event.data
    if (message.type === 'output') callbacks.onOutput({ level: message.level, text: message.text })
    else if (message.type === 'clear') callbacks.onClear()
    else if (!finished) {
      finished = true
      callbacks.onEnd('done')
    }
  }
  worker.onerror = (event) => {
    event.preventDefault()
    callbacks.onOutput({ level: 'error', text: event.message || 'The code could not be run' })
    if (!finished) {
      finished = true
      callbacks.onEnd('done')
    }
  }
  worker.postMessage(request)
  return stop
}
