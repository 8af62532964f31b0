// Where a slide is drawn: on its canvas (play, presenter, print, thumbnails) or as part of the reader's article,
// where embeds show their panel, diagrams wait until scrolled near, and slide links point into the page.
import { createContext } from 'react'

export interface SlideSurface {
  article: boolean
  /** The address of slide `no` from here (the reader's own fragment), when it differs from the slide's route. */
  slideHref?: (no: number) => string
}

export const SlideSurfaceContext = createContext<SlideSurface>({ article: false })
