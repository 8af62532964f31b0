// Which slide a component is drawn in: components that keep per-slide state (synced widgets) key it by this number.
import { createContext, useContext } from 'react'

export const SlideNoContext = createContext<number | null>(null)

/** The number of the slide this component is drawn in, or null outside any slide. */
export function useSlideNo(): number | null {
  return useContext(SlideNoContext)
}

/** The click step a slide is drawn at (print's 99999 included); null where no step applies (the reader: all shown). */
export const SlideClicksContext = createContext<number | null>(null)

/** The click step of the slide this component is drawn in, or null outside a stepped slide. */
export function useSlideClicks(): number | null {
  return useContext(SlideClicksContext)
}

/** Where the talk is (the play and presenter views give it); null in a static form, where each slide is its own page. */
export const DeckPositionContext = createContext<{ no: number; clicks: number } | null>(null)

/** Where a slide is drawn, as Slidev's `$renderContext` and `<RenderWhen>` name it; null: as the view's mode says. */
export const SlideRenderContext = createContext<'slide' | 'overview' | 'presenter' | 'previewNext' | 'print' | null>(null)

/** Whether the slide is on stage (false for a slide the play stage renders ahead, hidden, until it is shown). */
export const SlideActiveContext = createContext(true)

/** Whether the slide this component is drawn in is on stage: effects of a shown slide (autoplay) wait for it. */
export function useSlideActive(): boolean {
  return useContext(SlideActiveContext)
}
