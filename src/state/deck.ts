// The deck as compiled by the plugin: slide list and configuration, swapped in place on HMR.
import { atom, type PrimitiveAtom } from 'jotai'
import { config as initialConfig, slides as initialSlides, errors as initialErrors, warnings as initialWarnings, type SlideMeta, type DeckErrorInfo } from 'virtual:deck/slides'
import type { DeckConfig } from '../../shared/config'
import { deckStore } from './store'
import { HOT_EVENTS, SOCKET_EVENTS } from '../../shared/events'
import { onHotEvent } from './hot-events'

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
  onHotEvent<{ slides: SlideMeta[]; config: DeckConfig }>(import.meta.hot, HOT_EVENTS.listUpdate, (mod) => {
    deckStore.set(slidesAtom, mod.slides)
    deckStore.set(configAtom, mod.config)
  })
  import.meta.hot.on(SOCKET_EVENTS.errors, (errors: DeckErrorInfo[]) => deckStore.set(deckErrorsAtom, errors))
  import.meta.hot.on(SOCKET_EVENTS.warnings, (warnings: DeckErrorInfo[]) => deckStore.set(deckWarningsAtom, warnings))
}
