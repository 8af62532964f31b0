// Runs a `{monaco-run}` block's code away from the deck: in this worker, as a module (top-level await works), its
// TypeScript types stripped first (sucrase), its console calls and errors sent back as lines of text; the page ends
// the worker when the run takes too long.
import { transform } from 'sucrase'
import { formatLogLine, formatValue } from './format-value'
import type { RunMessage, RunRequest } from './runner'

const post = (message: RunMessage) => self.postMessage(message)

const levels = ['log', 'info', 'debug', 'warn', 'error'] as const
for (const level of levels) {
  console[level] = (...args: unknown[]) => {
    const text = formatLogLine(args)
    // The dev server's client in the worker says when it connects: that is not the block's output.
    if (import.meta.env.DEV && text.startsWith('[vite]')) return
    post({ type: 'output', level, text })
  }
}
console.clear = () => post({ type: 'clear' })

const errorText = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : `Uncaught ${formatValue(error)}`)
// What fails later (in a timer, a promise nobody awaited) is shown too.
self.addEventListener('error', (event) => post({ type: 'output', level: 'error', text: errorText(event.error ?? event.message) }))
self.addEventListener('unhandledrejection', (event) => post({ type: 'output', level: 'error', text: errorText(event.reason) }))

self.onmessage = async (event: MessageEvent<RunRequest>) => {
  const { code, language } = event.data
  let url: string | undefined
  try {
    const js = language === 'typescript' ? transform(code, { transforms: ['typescript'], disableESTransforms: true }).code : code
    url = URL.createObjectURL(new Blob([js], { type: 'text/javascript' }))
    await import(/* @vite-ignore */ url)
  } catch (error) {
    post({ type: 'output', level: 'error', text: errorText(error) })
  } finally {
    if (url) URL.revokeObjectURL(url)
  }
  post({ type: 'done' })
}
