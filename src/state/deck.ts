// The deck as compiled by the plugin: slide list and configuration, swapped in place on HMR. The runtime's one door to
// the list module (`virtual:deck/slides`): this module takes its updates, so when an edit changes the list Vite does
// not mark every module above it as updated (a slide module compiled after that edit would import the components it
// uses, the runtime's state among them, again: second copies, whose atoms the page does not read).
import { atom, type PrimitiveAtom } from 'jotai'
import { config as initialConfig, slides as initialSlides, errors as initialErrors, warnings as initialWarnings, infoHtml, notesFrom, type SlideMeta, type DeckErrorInfo } from 'virtual:deck/slides'
import type { DeckConfig } from '../../shared/config'
import { deckStore } from './store'
import { HOT_EVENTS, SOCKET_EVENTS } from '../../shared/events'
import { onHotEvent } from './hot-events'

export { initialConfig, initialSlides, infoHtml, notesFrom }
export type { SlideMeta, DeckErrorInfo }

export const slidesAtom = atom<SlideMeta[]>(initialSlides)
export const configAtom: PrimitiveAtom<DeckConfig> = atom(initialConfig as DeckConfig) as PrimitiveAtom<DeckConfig>
/** Errors of the last edit of slides.md (dev only); the last good deck stays on screen meanwhile. */
export const deckErrorsAtom = atom<DeckErrorInfo[]>(initialErrors)
/** Mistakes that do not stop the deck (unknown layout, unclosed fence or comment), shown in dev until fixed. */
export const deckWarningsAtom = atom<DeckErrorInfo[]>(initialWarnings)

export function clicksOf(slides: SlideMeta[], no: number): number {
  return slides[no - 1]?.clicks ?? 0
}

if (import.meta.hot) {
  // The list module hands its new values over by event (below); taking its update here only stops Vite's marking.
  import.meta.hot.accept('virtual:deck/slides', () => {})
  onHotEvent<{ slides: SlideMeta[]; config: DeckConfig }>(import.meta.hot, HOT_EVENTS.listUpdate, (mod) => {
    deckStore.set(slidesAtom, mod.slides)
    deckStore.set(configAtom, mod.config)
  })
  // Sent after every edit: the same list again changes nothing (a new array would re-render the overlay first).
  const setIfChanged = (target: typeof deckErrorsAtom, found: DeckErrorInfo[]) => {
    if (JSON.stringify(deckStore.get(target)) !== JSON.stringify(found)) deckStore.set(target, found)
  }
  import.meta.hot.on(SOCKET_EVENTS.errors, (errors: DeckErrorInfo[]) => setIfChanged(deckErrorsAtom, errors))
  import.meta.hot.on(SOCKET_EVENTS.warnings, (warnings: DeckErrorInfo[]) => setIfChanged(deckWarningsAtom, warnings))
}
