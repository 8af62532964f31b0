// Parses mermaid diagrams in Node for mermaid-check.ts, in a thread of its own: the stand-in for a window that mermaid
// needs here must never reach the process that prerenders the slides.
// JavaScript checked by `tsc` (checkJs): Node starts it without a loader (through tsx its first answer took 2 s longer).
import { parentPort, workerData } from 'node:worker_threads'

/** @typedef {import('./mermaid-check.ts').DiagramCheckRequest} DiagramCheckRequest */
/** @typedef {import('./mermaid-check.ts').DiagramCheckAnswer} DiagramCheckAnswer */
/** @typedef {(typeof import('mermaid'))['default']} Mermaid */

/** @type {Promise<Mermaid> | undefined} */
let loading

/**
 * Mermaid's own minified ES build, the one the browser is served (its address comes from mermaid-check.ts, which asks
 * plugin/vendor.ts): one file and the chunks a diagram type needs, loaded in 0.1 s. The package's entry for Node (its
 * sources beside d3, dagre, cytoscape… as separate modules) took 0.7–1.0 s, the most CPU a first build spent on
 * checking its diagrams. Both give the same verdicts.
 * @returns {Promise<Mermaid>}
 */
async function loadMermaid() {
  // The build carries its own DOMPurify, which offers its hooks only where there is a window. This one has a document
  // DOMPurify cannot use, so it stays unsupported: its hooks are kept and never run, and sanitising returns the text.
  // Parsing needs no more (nothing is rendered here).
  Reflect.set(globalThis, 'window', { document: { nodeType: 9, createElement: () => ({}) }, Element: function Element() {} })
  try {
    const { default: mermaid } = /** @type {{ default: Mermaid }} */ (await import(/** @type {{ mermaid: string }} */ (workerData).mermaid))
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', logLevel: 'fatal' })
    return mermaid
  } finally {
    Reflect.deleteProperty(globalThis, 'window')
  }
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
