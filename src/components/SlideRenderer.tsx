// Renders one slide at one click step: its layout with its slots, the click classes applied before paint.
import { useLayoutEffect, useRef } from 'react'
import { useAtomValue } from 'jotai'
import { slidesAtom } from '../state/deck'
import { useSlideModule } from '../state/slide-modules'
import { resolveLayout } from '../layouts'
import { applyClicks } from '../logic/clicks'
import { useHydrated } from '../state/hydrated'
import { SlideNoContext } from './slide-context'
// Built-in components are styled before any slide's chunk arrives (prerendered pages show them at once).
import './builtin/builtin.css'

export interface SlideRendererProps {
  no: number
  clicks: number
  className?: string
}

export default function SlideRenderer({ no, clicks, className }: SlideRendererProps) {
  const slide = useAtomValue(slidesAtom)[no - 1]
  const mod = useSlideModule(no)
  const ref = useRef<HTMLDivElement>(null)
  // "Ready to use" means the app runs the slide: not in prerendered HTML, which only shows it.
  const hydrated = useHydrated()
  useLayoutEffect(() => {
    if (ref.current) applyClicks(ref.current, clicks)
  }, [clicks, mod])
  if (!slide) return null
  const Layout = resolveLayout(slide.layout)
  const extra = typeof slide.frontmatter.class === 'string' ? slide.frontmatter.class : undefined
  return (
    <div
      ref={ref}
      className={['slidev-page', `slidev-page-${no}`, className].filter(Boolean).join(' ')}
      data-slidev-no={no}
      data-loaded={mod && hydrated ? 'true' : 'false'}
    >
      {mod ? (
        <SlideNoContext.Provider value={no}>
          <Layout slots={mod.slots} frontmatter={mod.frontmatter ? { ...slide.frontmatter, ...mod.frontmatter } : slide.frontmatter} no={no} className={extra} />
        </SlideNoContext.Provider>
      ) : null}
    </div>
  )
}
