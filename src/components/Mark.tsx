// Slidev's v-mark: a Rough Notation mark (underline, circle, box, highlight, strike-through, crossed-off, bracket)
// drawn on an element from its click, gone before it. Rough Notation is loaded with the first mark a slide draws;
// a static page (print, reader, a thumbnail) shows the mark drawn, without its animation.
import { createElement, useContext, useEffect, useRef, type ComponentType } from 'react'
import { useAtomValue } from 'jotai'
import { viewModeAtom } from '../state/nav'
import { SlideRenderContext, useSlideClicks } from '../state/slide-context'

export interface MarkOptions {
  type: 'underline' | 'circle' | 'box' | 'highlight' | 'strike-through' | 'crossed-off' | 'bracket'
  color?: string
  since: number
}

export interface MarkProps {
  is: string | ComponentType<Record<string, unknown>>
  mark: MarkOptions
  [prop: string]: unknown
}

export default function Mark({ is, mark, ...props }: MarkProps) {
  const element = useRef<HTMLElement>(null)
  const clicks = useSlideClicks()
  const mode = useAtomValue(viewModeAtom)
  const place = useContext(SlideRenderContext)
  // The reader has no steps: every mark is drawn.
  const drawn = clicks === null || clicks >= mark.since
  const animate = mode !== 'print' && clicks !== null && place !== 'overview' && place !== 'previewNext'
  useEffect(() => {
    const el = element.current
    if (!el || !drawn) return
    let annotation: { show: () => void; remove: () => void } | null = null
    let live = true
    void import('rough-notation').then(({ annotate }) => {
      if (!live) return
      annotation = annotate(el, { type: mark.type, color: mark.color ?? 'var(--slidev-theme-primary, #e53935)', animate, multiline: true })
      annotation.show()
    })
    return () => {
      live = false
      annotation?.remove()
    }
  }, [drawn, animate, mark.type, mark.color])
  return createElement(is, { ...props, ref: element, 'data-mark': mark.type, 'data-mark-drawn': drawn ? '' : undefined })
}
