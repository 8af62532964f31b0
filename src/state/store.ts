// The one jotai store, so keyboard handlers, sync and HMR listeners read and write the same atoms React renders.
import { createStore } from 'jotai'

export const deckStore = createStore()
