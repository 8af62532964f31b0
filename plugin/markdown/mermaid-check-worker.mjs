// Lets the build parse mermaid diagrams in Node, in a worker, so the synchronous pipeline can warn about broken ones.
import { workerData } from 'node:worker_threads'

/** @type {{ port: import('node:worker_threads').MessagePort, signal: Int32Array }} */
const { port, signal } = workerData

/** @type {Promise<any> | undefined} */
let loading

async function loadMermaid() {
  const purify = /** @type {any} */ ((await import('dompurify')).default)
  // Without a window DOMPurify is a stub; parsing only needs its hooks to exist (nothing is rendered here).
  if (typeof purify.addHook !== 'function') {
    for (const name of ['addHook', 'removeHook', 'removeHooks', 'removeAllHooks', 'setConfig', 'clearConfig']) purify[name] = () => {}
    purify.sanitize = (/** @type {unknown} */ text) => String(text)
  }
  const { default: mermaid } = await import('mermaid')
  mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', logLevel: 'fatal' })
  return mermaid
}

port.on('message', async (/** @type {{ id: number, code: string }} */ { id, code }) => {
  /** @type {{ id: number, ok: boolean, name?: string, message?: string }} */
  let answer
  try {
    const mermaid = await (loading ??= loadMermaid())
    await mermaid.parse(code)
    answer = { id, ok: true }
  } catch (error) {
    const e = /** @type {{ name?: string, message?: string }} */ (error ?? {})
    answer = { id, ok: false, name: String(e.name ?? 'Error'), message: String(e.message ?? error) }
  }
  port.postMessage(answer)
  Atomics.add(signal, 0, 1)
  Atomics.notify(signal, 0)
})
