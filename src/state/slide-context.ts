// Which slide a component is drawn in: components that keep per-slide state (synced widgets) key it by this number.
import { createContext, useContext } from 'react'

export const SlideNoContext = createContext<number | null>(null)

/** The number of the slide this component is drawn in, or null outside any slide. */
export function useSlideNo(): number | null {
  return useContext(SlideNoContext)
}
