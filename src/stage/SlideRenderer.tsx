// Renders one slide at one click step: its layout with its slots, the click classes applied before paint.
import { memo, useLayoutEffect, useMemo, useRef } from 'react'
import { useAtomValue } from 'jotai'
import { slidesAtom } from '../state/deck'
import { useSlideModule } from '../state/slide-modules'
import { resolveLayout } from '../layouts'
import { applyClicks } from '../logic/clicks'
import { SlideActiveContext, SlideClicksContext, SlideNoContext } from '../state/slide-context'
// Built-in components are styled before any slide's chunk arrives (prerendered pages show them at once).
import '../components/builtin/builtin.css'

export interface SlideRendererProps {
  no: number
  clicks: number
  className?: string
  /**
   * Whether the slide is on stage (shown, or leaving while its transition runs). A slide rendered ahead, hidden, is
   * not: its ready mark and the effects of a shown slide (a video's autoplay) wait until it is. Default: active.
   */
  active?: boolean
}

function SlideRenderer({ no, clicks, className, active = true }: SlideRendererProps) {
  const slide = useAtomValue(slidesAtom)[no - 1]
  const mod = useSlideModule(no)
  const ref = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    if (ref.current) applyClicks(ref.current, clicks)
  }, [clicks, mod])
  // "Ready to use" means the app runs the slide: set by an effect, so never in prerendered HTML (which only shows it)
  // nor on a slide rendered ahead while hidden (it is set once the slide is shown).
  useLayoutEffect(() => {
    const el = ref.current
    if (!el || !mod || !active) return
    el.dataset.loaded = 'true'
    return () => {
      el.dataset.loaded = 'false'
    }
  }, [mod, active])
  // The slide's content does not depend on the click step (applyClicks sets its classes): a step renders none of it.
  const content = useMemo(() => {
    if (!slide || !mod) return null
    const Layout = resolveLayout(slide.layout)
    const extra = typeof slide.frontmatter.class === 'string' ? slide.frontmatter.class : undefined
    return (
      <SlideNoContext.Provider value={no}>
        <Layout slots={mod.slots} frontmatter={mod.frontmatter ? { ...slide.frontmatter, ...mod.frontmatter } : slide.frontmatter} no={no} className={extra} />
      </SlideNoContext.Provider>
    )
  }, [slide, mod, no])
  if (!slide) return null
  return (
    <div
      ref={ref}
      className={['slidev-page', `slidev-page-${no}`, className].filter(Boolean).join(' ')}
      data-slidev-no={no}
      data-loaded="false"
    >
      {/* Expressions of the slide ({{ $clicks }}, v-if) read the step; the memoised content is not rendered again. */}
      <SlideActiveContext.Provider value={active}>
        <SlideClicksContext.Provider value={clicks}>{content}</SlideClicksContext.Provider>
      </SlideActiveContext.Provider>
    </div>
  )
}

export default memo(SlideRenderer)
