// Parses mermaid diagrams in Node for mermaid-check.ts, in a thread of its own: mermaid takes a second to load, and
// the stand-in for DOMPurify it needs here must never reach the process that prerenders the slides.
// JavaScript checked by `tsc` (checkJs): Node starts it without a loader (through tsx its first answer took 2 s longer).
import { parentPort } from 'node:worker_threads'

/** @typedef {import('./mermaid-check.ts').DiagramCheckRequest} DiagramCheckRequest */
/** @typedef {import('./mermaid-check.ts').DiagramCheckAnswer} DiagramCheckAnswer */
/** @typedef {(typeof import('mermaid'))['default']} Mermaid */

/** @type {Promise<Mermaid> | undefined} */
let loading

/** @returns {Promise<Mermaid>} */
async function loadMermaid() {
  const purify = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ ((await import('dompurify')).default))
  // Without a window DOMPurify is a stub; parsing only needs its hooks to exist (nothing is rendered here).
  if (typeof purify.addHook !== 'function') {
    for (const name of ['addHook', 'removeHook', 'removeHooks', 'removeAllHooks', 'setConfig', 'clearConfig']) purify[name] = () => {}
    purify.sanitize = (/** @type {unknown} */ text) => String(text)
  }
  const { default: mermaid } = await import('mermaid')
  mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', logLevel: 'fatal' })
  return mermaid
}

/** @param {DiagramCheckRequest} request @returns {Promise<DiagramCheckAnswer>} */
async function verdict({ id, code }) {
  try {
    const mermaid = await (loading ??= loadMermaid())
    await mermaid.parse(code)
    return { id, ok: true }
  } catch (error) {
    const e = /** @type {{ name?: unknown, message?: unknown }} */ (error ?? {})
    return { id, ok: false, name: String(e.name ?? 'Error'), message: String(e.message ?? error) }
  }
}

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort)
port.on('message', async (/** @type {DiagramCheckRequest} */ request) => port.postMessage(await verdict(request)))
