// Per-slide HMR: an edit of the deck reloads only the slide modules it changed (and the list when its entries moved).
import type { HmrContext, ModuleNode } from 'vite'
import { SOCKET_EVENTS } from '../../shared/events.ts'
import { formatDeckErrors } from './entry.ts'
import { LIST_ID, SEARCH_ID, SLIDE_PREFIX, listMeta } from './modules.ts'
import type { DeckState, SlideState } from './state.ts'
import { sameDeckFileText } from './analysis.ts'

/**
 * How long after an edit the goto search's text follows: its module holds every slide's words (one big module to
 * transform), and served beside the edited slide it held the slide up by ~15 ms. Nobody searches within this time.
 */
const SEARCH_UPDATE_DELAY_MS = 300

export function deckHotUpdate(state: DeckState) {
  let searchTimer: NodeJS.Timeout | undefined
  return async function handleHotUpdate(ctx: HmrContext): Promise<ModuleNode[] | void> {
    // The deck's files, and the snippets its slides show (their slides are analysed again: the deck's text is the same).
    const deckFile = state.files().has(ctx.file)
    if (!deckFile && !state.filesRead().has(ctx.file)) return
    // Half of an editor's save (truncated, its text still being written): the settled watch (deck-watch.ts) sends the
    // whole of it once the writes stop.
    if (deckFile && state.halfWritten(ctx.file)) return []
    const { root } = state
    const moduleOf = (id: string): ModuleNode | undefined => ctx.server.moduleGraph.getModuleById('\0' + id)
    // The deck is read once, by the state. An editor's truncate before its write reads as an empty deck, which keeps the
    // last good one; the write that follows fires the watcher again.
    const before = state.states
    const beforeConfig = JSON.stringify(state.deck?.config)
    const beforeWarnings = JSON.stringify(state.deck?.warnings)
    // The edited slides are analysed once their update is on its way (below): the page's request for the slide's module
    // comes back while the analysis runs, instead of after it.
    const found = state.load('later')
    state.errors = found
    ctx.server.ws.send({ type: 'custom', event: SOCKET_EVENTS.errors, data: state.shownErrors(found) })
    if (found.length && state.deck && state.states === before) {
      state.afterLoad()
      ctx.server.config.logger.warn(`[deck] kept the last good deck:\n${formatDeckErrors(found, root)}`, { timestamp: true })
      return []
    }
    const changed: ModuleNode[] = []
    const edited = state.states.filter((slide, i) => before[i]?.slide.raw !== slide.slide.raw)
    state.onSlidesEdited(edited)
    let listChanged = before.length !== state.states.length || JSON.stringify(state.deck?.config) !== beforeConfig
    /** Slides whose analysis is still to come: their list entries are compared (clicks) once it has come. */
    const awaited: [before: SlideState, now: SlideState][] = []
    state.states.forEach((slide, i) => {
      const old = before[i]
      const pending = !state.isAnalysed(slide)
      if (!old || pending || old.slide.content !== slide.slide.content || old.noteHtml !== slide.noteHtml || old.analyzed !== slide.analyzed) {
        const mod = moduleOf(SLIDE_PREFIX + slide.slide.no)
        if (mod) changed.push(mod)
      }
      // The same text of the deck file in the same place: the same list entry but perhaps its clicks (a snippet's edit).
      if (!old || (!sameDeckFileText(old.slide, slide.slide, state.entry) && listMeta(old) !== listMeta(slide))) listChanged = true
      else if (pending) awaited.push([old, slide])
      else if (old.analyzed.clicks !== slide.analyzed.clicks) listChanged = true
    })
    const list = moduleOf(LIST_ID)
    setImmediate(() => {
      const analysedAgain = state.analysePending().filter((slide) => !before.some((b) => state.isAnalysed(b) && b.analyzed === slide.analyzed))
      // A click count changed by the edit: the list follows the slide.
      if (!listChanged && list && awaited.some(([old, now]) => old.analyzed.clicks !== now.analyzed.clicks)) void ctx.server.reloadModule(list).catch(() => {})
      // The rest after the page's request for the slide (answered first when it came in meanwhile).
      setImmediate(() => {
        state.afterLoad()
        for (const slide of analysedAgain) for (const w of state.warnings(slide)) ctx.server.config.logger.warn(`[deck] ${w}`)
        // A slide added or taken out: the other slides' links are checked against the new count.
        const checkedAgain = before.length === state.states.length ? [] : state.states.filter((slide) => !analysedAgain.includes(slide))
        for (const w of checkedAgain.flatMap((slide) => state.linkWarnings(slide))) ctx.server.config.logger.warn(`[deck] ${w}`)
        state.logDiagramWarnings(analysedAgain, ctx.server.config.logger)
      })
    })
    if (state.deck && JSON.stringify(state.deck.warnings) !== beforeWarnings) {
      for (const w of state.deck.warnings) ctx.server.config.logger.warn(`[deck] ${formatDeckErrors([w], root)}`)
      ctx.server.ws.send({ type: 'custom', event: SOCKET_EVENTS.warnings, data: state.shownWarnings() })
    }
    if (listChanged && list) changed.push(list)
    // Search reads every slide's words and notes: any edited slide or a change of the list is a change for it, sent once
    // the edited slides are served (a page that never searched has no such module).
    if ((listChanged || edited.length) && moduleOf(SEARCH_ID)) {
      clearTimeout(searchTimer)
      searchTimer = setTimeout(() => {
        const search = moduleOf(SEARCH_ID)
        if (search) void ctx.server.reloadModule(search).catch(() => {})
      }, SEARCH_UPDATE_DELAY_MS)
      searchTimer.unref()
    }
    for (const mod of changed) ctx.server.moduleGraph.invalidateModule(mod)
    return changed
  }
}
