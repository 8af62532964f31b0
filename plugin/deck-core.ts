// The deck's own Vite plugin: parse slides.md → analyse each slide → virtual modules → per-slide HMR → dev endpoints → build outputs (and the server's own files beside them).
import { resolve } from 'node:path'
import type { Plugin } from 'vite'
import type { DeckState } from './deck/state.ts'
import { formatDeckErrors } from './deck/entry.ts'
import { deckModules } from './deck/modules.ts'
import { deckHotUpdate } from './deck/hot-update.ts'
import { serveDeckEndpoints } from './deck/dev-endpoints.ts'
import { deckIndexHtml, deckManifest } from './deck/build-outputs.ts'
import { writeServerFiles } from './deck/server-files.ts'
import { SLIDE_PREFIX } from './deck/modules.ts'
import { holdDiagramChecks } from './markdown/mermaid-check.ts'

/**
 * Mermaid's syntax checks of the diagrams load mermaid in a thread of their own (a second of CPU when they loaded the
 * package's sources, 0.3–0.4 s since they load its minified build): on a dev server's first start that thread took
 * the two cores' time from the server, the dependency pre-bundling and the browser (slide 1 came 0.4–0.6 s later).
 * They start once the page has been served its first slide (a second after), or this long after the start when no
 * page opens; their warnings follow in the terminal and the overlay.
 */
const DIAGRAM_CHECKS_AT_THE_LATEST_MS = 10_000

export default function deckCorePlugin(state: DeckState): Plugin {
  const modules = deckModules(state)
  /** Dev: lets the diagram checks start, once the first slide's module has been served. */
  let slideServed: (() => void) | undefined

  return {
    name: 'deck',
    enforce: 'pre',
    // One instance for the browser build and the prerendering one: the deck is parsed and highlighted once.
    sharedDuringBuild: true,
    configResolved(config) {
      state.configure(config)
    },
    async buildStart() {
      // The prerendering build (plugin/prerender.ts) reuses what the browser build loaded, warned and emitted.
      if (state.isBuild && this.environment.name !== 'client' && state.deck) return
      // Parsed once per change of the deck's files: the factory's first load (for UnoCSS's file list) is reused.
      const errors = (state.errors = state.isFresh() ? state.errors : state.load())
      if (state.isBuild && errors.length) this.error(`The deck has errors:\n${formatDeckErrors(errors, state.shownFrom)}`)
      if (!state.deck) this.error(formatDeckErrors(errors, state.shownFrom))
      for (const slide of state.states) for (const w of state.warnings(slide)) this.warn(w)
      for (const w of state.deck.warnings) this.warn(formatDeckErrors([w], state.shownFrom))
      // A build reports broken diagrams once its bundle is made; a dev server as mermaid's verdicts come.
      if (!state.isBuild) state.logDiagramWarnings(state.states, this.environment.logger)
    },
    configureServer(devServer) {
      holdDiagramChecks(
        new Promise<void>((open) => {
          setTimeout(open, DIAGRAM_CHECKS_AT_THE_LATEST_MS).unref()
          slideServed = () => {
            slideServed = undefined
            setTimeout(open, 1000).unref()
          }
        }),
      )
      serveDeckEndpoints(devServer, state)
    },
    resolveId: modules.resolveId,
    async load(id) {
      const generated = await modules.load(id)
      if (slideServed && id.startsWith('\0' + SLIDE_PREFIX)) slideServed()
      return generated
    },
    handleHotUpdate: deckHotUpdate(state),
    transformIndexHtml(html) {
      if (!state.deck) state.errors = state.load()
      return state.deck ? deckIndexHtml(html, state.deck.config) : html
    },
    async generateBundle() {
      if (!state.deck || this.environment.name !== 'client') return
      // The diagram checks ran in mermaid's worker while the bundle was made.
      for (const slide of state.states) for (const w of await state.diagramWarnings(slide)) this.warn(w)
      this.emitFile({ type: 'asset', fileName: 'deck-manifest.json', source: deckManifest(state) })
      // Beside the served folder, never in it: a file there would answer to some spelling of its URL.
      writeServerFiles(resolve(this.environment.config.root, this.environment.config.build.outDir), state)
    },
  }
}
