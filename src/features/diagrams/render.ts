// Makes diagrams appear without waiting: mermaid loaded on demand, renders queued one at a time, results cached.
import type { Mermaid } from 'mermaid'
import { deckStore } from '../../state/store'
import { diagramsDrawnAtom } from '../../state/diagrams-drawn'
import { classifyDiagramError, shortErrorMessage, stableJson, MAX_DIAGRAM_TEXT, type DiagramErrorKind, type DiagramRequest, type DrawnDiagrams } from '../../../shared/diagram'

export type DiagramResult =
  | { status: 'rendered'; svg: string; renderId: string; diagramType: string }
  | { status: 'error'; kind: DiagramErrorKind; message: string; graphic?: { svg: string; renderId: string } }

let mermaidPromise: Promise<Mermaid> | undefined

/** Loads mermaid's chunk (once). Never called before a slide with a diagram is near. */
export function loadMermaid(): Promise<Mermaid> {
  mermaidPromise ??= import('mermaid').then((mod) => mod.default)
  // A failed load (offline reload mid-build, say) may be retried by the next diagram.
  mermaidPromise.catch(() => (mermaidPromise = undefined))
  return mermaidPromise
}

// Diagrams can arrive already drawn (`window.__DECK_DIAGRAMS__`): the one-file HTML export carries them, light and
// dark, so the file needs no mermaid, and an export hands in the ones its earlier runs drew. An export reads back the
// diagrams this page showed, by their render keys, with `window.__deckDrawnDiagrams()`.
const carried = typeof window !== 'undefined' ? (window as unknown as { __DECK_DIAGRAMS__?: DrawnDiagrams }).__DECK_DIAGRAMS__ : undefined
const cache = new Map<string, DiagramResult>(Object.entries(carried ?? {}).map(([key, d]) => [key, { status: 'rendered', ...d }]))
/** The keys this page asked for: what it hands back, never the carried diagrams it had no use for. */
const asked = new Set<string>()
if (typeof window !== 'undefined') {
  ;(window as unknown as { __deckDrawnDiagrams: () => DrawnDiagrams }).__deckDrawnDiagrams = () =>
    Object.fromEntries(
      [...cache].flatMap(([key, r]) => (r.status === 'rendered' && asked.has(key) ? [[key, { svg: r.svg, renderId: r.renderId, diagramType: r.diagramType }]] : [])),
    )
}
const inFlight = new Map<string, Promise<DiagramResult>>()
const CACHE_LIMIT = Math.max(200, cache.size + 50)

/** The finished render of a request, if any: lets a slide show its diagram in its very first frame. */
export function cachedDiagram(key: string): DiagramResult | undefined {
  asked.add(key)
  return cache.get(key)
}

// mermaid.render is not re-entrant (one global config, temporary DOM nodes): renders run one after another.
let queue: Promise<unknown> = Promise.resolve()
let renderCount = 0
/** The config mermaid was last initialized with (stable JSON). */
let initialized = ''
/** Ids mermaid's SVG uses; ending in "x" keeps one id from being the prefix of another. */
const nextRenderId = () => `deck-mermaid-${++renderCount}x`

/** Renders (or returns the cached or running render of) a diagram. */
export function renderDiagram(request: DiagramRequest): Promise<DiagramResult> {
  asked.add(request.key)
  const done = cache.get(request.key)
  if (done) return Promise.resolve(done)
  const running = inFlight.get(request.key)
  if (running) return running
  const job = queue.then(() => renderNow(request))
  queue = job.catch(() => undefined)
  const tracked = job.then(
    (result) => {
      if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string)
      cache.set(request.key, result)
      inFlight.delete(request.key)
      deckStore.set(diagramsDrawnAtom, (drawn) => drawn + 1)
      renderHost().dataset.rendered = String(deckStore.get(diagramsDrawnAtom))
      return result
    },
    (error: unknown) => {
      inFlight.delete(request.key)
      throw error
    },
  )
  inFlight.set(request.key, tracked)
  reportBusy()
  void tracked.finally(reportBusy).catch(() => undefined)
  return tracked
}

let prefetching = false

/** The prefetcher says when it is working through the neighbours, so "all quiet" can be observed from outside. */
export function setPrefetching(on: boolean) {
  prefetching = on
  reportBusy()
}

// What tests, benchmarks and the PDF export can wait on: `data-busy` is absent once nothing is rendering or queued.
function reportBusy() {
  if (typeof document === 'undefined') return
  const busy = inFlight.size > 0 || prefetching
  const host = renderHost()
  if (busy) host.dataset.busy = String(inFlight.size || 1)
  else delete host.dataset.busy
}

/** An off-screen host for mermaid's temporary nodes: laid out (mermaid measures text) but never seen. */
function renderHost(): HTMLElement {
  let host = document.getElementById('deck-mermaid-host')
  if (!host) {
    host = document.createElement('div')
    host.id = 'deck-mermaid-host'
    host.setAttribute('aria-hidden', 'true')
    host.style.cssText = 'position:fixed;left:-20000px;top:0;width:1600px;visibility:hidden;pointer-events:none;contain:layout style'
    document.body.appendChild(host)
  }
  return host
}

/** Waits (briefly) for the faces the diagram's text needs, so mermaid measures labels in the font they show in. */
async function fontsFor(config: Record<string, unknown>, code: string) {
  const family = typeof config.fontFamily === 'string' ? config.fontFamily : ''
  if (!family || !document.fonts?.load) return
  const sample = code.slice(0, 2000)
  await Promise.race([
    Promise.all([document.fonts.load(`16px ${family}`, sample), document.fonts.load(`bold 16px ${family}`, sample)]).catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, 1500)),
  ])
}

async function renderNow(request: DiagramRequest): Promise<DiagramResult> {
  if (request.code.length > MAX_DIAGRAM_TEXT) {
    return {
      status: 'error',
      kind: 'too-large',
      message: `Maximum text size in diagram exceeded (${request.code.length.toLocaleString('en')} characters; the limit is ${MAX_DIAGRAM_TEXT.toLocaleString('en')})`,
    }
  }
  const mermaid = await loadMermaid()
  await fontsFor(request.config, request.code)
  const host = renderHost()
  // Initializing works out the theme's colours: done again only when the config changes (a deck's diagrams mostly share one).
  const config = stableJson(request.config)
  if (config !== initialized) mermaid.initialize(request.config)
  initialized = config
  const renderId = nextRenderId()
  try {
    const { svg, diagramType } = await mermaid.render(renderId, request.code, host)
    return { status: 'rendered', svg, renderId, diagramType }
  } catch (error) {
    const e = (error ?? {}) as { name?: string; message?: string }
    const kind = classifyDiagramError(request.code, e)
    const message = shortErrorMessage(String(e.message ?? error))
    return { status: 'error', kind, message, graphic: kind === 'syntax' ? await errorGraphic(mermaid) : undefined }
  } finally {
    host.replaceChildren()
  }
}

/** Mermaid's own "Syntax error in text" graphic, drawn in the current config's theme. */
async function errorGraphic(mermaid: Mermaid): Promise<{ svg: string; renderId: string } | undefined> {
  const renderId = nextRenderId()
  try {
    const { svg } = await mermaid.render(renderId, 'error', renderHost())
    return { svg, renderId }
  } catch {
    return undefined
  } finally {
    renderHost().replaceChildren()
  }
}
