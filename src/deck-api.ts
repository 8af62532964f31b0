// What a deck's own components (components/*.tsx beside the deck file) may use of the engine, imported as
// '@deck/client': the slide they are drawn in, the deck's size, and state that follows the presenter; and the types
// of a deck's setup/shortcuts.ts.
export { useSyncedState } from './state/sync/synced-state'
export { useSlideNo } from './state/slide-context'
export { useSlidesTotal } from './components/builtin/SlidesTotal'
export { default as Link } from './components/SlideLink'
export type { ShortcutDefinition, ShortcutsSetup, NavOperations } from './features/shortcuts/shortcuts'
