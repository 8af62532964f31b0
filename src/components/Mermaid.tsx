// Shows a ```mermaid diagram: from the render cache in the slide's first frame when it was prepared while idle,
// in the deck's serif font, re-drawn in the dark variant with the scheme, errors kept inside the diagram's box.
import { useContext, useEffect, useMemo, useRef, useState, type RefObject } from 'react'
import { useAtomValue } from 'jotai'
import { isDarkAtom } from '../state/color-scheme'
import { configAtom } from '../state/deck'
import { deckStore } from '../state/store'
import { labelsFor } from '../kit/labels'
import { cachedDiagram, renderDiagram, type DiagramResult } from '../features/diagrams/render'
import { startDiagramPrefetch, type DiagramProps } from '../features/diagrams/prefetch'
import { useLegibleDiagram } from '../features/diagrams/legible'
import { diagramRequest, parseDiagramOptions, retargetSvgIds, sizeSvg, type DiagramRequest } from '../../shared/diagram'
import { SlideSurfaceContext } from './surface'
import { DiagramsDrawnContext } from '../state/diagrams-drawn'
import './Mermaid.css'

let font: string | undefined

/**
 * The deck's serif stack, as the theme declares it (so Chinese labels use the CJK serif like the slide's text).
 * Read once: getComputedStyle during a slide change would force a style pass in the middle of the change.
 */
function diagramFont(): string {
  if (font === undefined) {
    const fromTheme = typeof document !== 'undefined' ? getComputedStyle(document.documentElement).getPropertyValue('--deck-serif').trim() : ''
    font = fromTheme || deckStore.get(configAtom).fonts.serif
  }
  return font
}

/** The render request for a diagram in one scheme; the prefetcher and the component must agree on it exactly. */
export function requestFor({ code, options }: DiagramProps, dark: boolean): DiagramRequest {
  return diagramRequest(code, parseDiagramOptions(options), dark, diagramFont())
}

let instances = 0

/** In an article (the reader) a diagram waits until it is a screen away, so mermaid loads only for what is read. */
function useNearViewport(ref: RefObject<HTMLElement | null>, watch: boolean): boolean {
  const [near, setNear] = useState(!watch)
  useEffect(() => {
    const box = ref.current
    if (near || !box) return
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '100% 0px' })
    observer.observe(box)
    // Printing the reader draws every diagram.
    const print = () => setNear(true)
    window.addEventListener('beforeprint', print)
    return () => {
      observer.disconnect()
      window.removeEventListener('beforeprint', print)
    }
  }, [ref, near])
  return near
}

interface Shown {
  key: string
  dark: boolean
  result: DiagramResult
}

export default function Mermaid({ code, options }: DiagramProps) {
  const dark = useAtomValue(isDarkAtom)
  const lang = useAtomValue(configAtom).htmlAttrs.lang
  const t = labelsFor(lang).rich
  const request = useMemo(() => requestFor({ code, options }, dark), [code, options, dark])
  // The last result of this box: it stays on screen (no flash on a scheme change) until the new one is ready.
  // A render prepared while this slide was a neighbour is shown in the slide's very first frame (and kept as this
  // box's own, so the effect below has nothing to set: no second render in the change's frame). Each diagram drawn
  // renders the box again (the context), so a slide rendered ahead has its diagram before it is shown.
  useContext(DiagramsDrawnContext)
  const cached = cachedDiagram(request.key)
  const [rendered, setRendered] = useState<Shown | null>(() => (cached ? { key: request.key, dark, result: cached } : null))
  const [instanceId] = useState(() => `deck-mermaid-i${++instances}x`)
  const box = useRef<HTMLDivElement>(null)
  const drawing = useRef<HTMLDivElement>(null)
  const { article } = useContext(SlideSurfaceContext)
  const near = useNearViewport(box, article)
  const hit: Shown | null = cached ? { key: request.key, dark, result: cached } : rendered

  useEffect(() => {
    const ready = cachedDiagram(request.key)
    if (ready) {
      setRendered((last) => (last?.key === request.key ? last : { key: request.key, dark, result: ready }))
      return
    }
    if (!near) return
    let alive = true
    renderDiagram(request).then(
      (result) => alive && setRendered({ key: request.key, dark, result }),
      (error: unknown) => alive && setRendered({ key: request.key, dark, result: { status: 'error', kind: 'syntax', message: String((error as Error)?.message ?? error) } }),
    )
    return () => {
      alive = false
    }
  }, [request, dark, near])

  const result = hit?.result
  const html = useMemo(() => {
    if (result?.status === 'rendered') return sizeSvg(retargetSvgIds(result.svg, result.renderId, instanceId), request.scale)
    if (result?.status === 'error' && result.graphic) return sizeSvg(retargetSvgIds(result.graphic.svg, result.graphic.renderId, `${instanceId}e`), 1)
    return ''
  }, [result, instanceId, request.scale])

  const scrolls = useLegibleDiagram(drawing, article && result?.status === 'rendered', html)

  const state = !result ? 'loading' : result.status
  const scheme = hit ? (hit.dark ? 'dark' : 'light') : undefined
  if (result?.status === 'error') {
    return (
      <div ref={box} className="deck-mermaid is-error" data-state={state} data-error-kind={result.kind} data-scheme={scheme}>
        {html ? <div className="deck-mermaid-graphic" aria-hidden="true" dangerouslySetInnerHTML={{ __html: html }} /> : null}
        <p className="deck-mermaid-error-title">{t.diagramErrors[result.kind]}</p>
        <p className="deck-mermaid-error-detail">{result.message}</p>
      </div>
    )
  }
  return (
    <div
      ref={box}
      className="deck-mermaid"
      data-state={state}
      data-scheme={scheme}
      data-diagram-type={result?.status === 'rendered' ? result.diagramType : undefined}
      aria-busy={state === 'loading' ? true : undefined}
    >
      {html ? (
        <div
          ref={drawing}
          className="deck-mermaid-svg"
          tabIndex={scrolls ? 0 : undefined}
          role={scrolls ? 'region' : undefined}
          aria-label={scrolls ? t.diagramScroll : undefined}
          dangerouslySetInnerHTML={{ __html: html }}
        />
      ) : (
        <span className="deck-mermaid-loading">{t.diagramLoading}</span>
      )}
    </div>
  )
}

// Loaded with the first slide module that has a diagram: from then on, neighbours' diagrams are drawn while idle.
if (typeof window !== 'undefined') startDiagramPrefetch(Mermaid, requestFor)
