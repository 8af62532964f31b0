// How slide links move inside the deck, given by the app once its router is up (router-free, so a slide module
// never pulls the router into the first load). Without it a slide link is a plain link.
import { createContext } from 'react'
import type { Position } from '../logic/nav'

export interface DeckNavigator {
  go: (to: Position) => void
}

export const DeckNavContext = createContext<DeckNavigator | null>(null)
