// Makes a route a print document: print mode on, every slide it needs loaded, readiness signalled when drawn.
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react'
import { useSetAtom } from 'jotai'
import { viewModeAtom } from '../../state/nav'
import { loadSlide } from '../../state/slide-modules'
import { loadAllSlideFonts } from '../../state/slide-fonts'
import { drawSlideDiagrams } from '../diagrams/prefetch'
import { loadAll, markPrintReady, waitUntilDrawn } from './readiness'

export interface PrintDocument {
  rootRef: RefObject<HTMLDivElement | null>
  /** How many of the needed slides have loaded. */
  loaded: number
  /** True once every needed slide has loaded: the pages can render in one go. */
  complete: boolean
}

/** `slideNos`: the distinct slides the document shows; `alsoLoad`: what else must be in first (the served notes). */
export function usePrintDocument(slideNos: readonly number[], alsoLoad?: () => Promise<void>): PrintDocument {
  const setMode = useSetAtom(viewModeAtom)
  const rootRef = useRef<HTMLDivElement>(null)
  const key = slideNos.join(',')
  const [loaded, setLoaded] = useState(0)
  const [loadedKey, setLoadedKey] = useState<string | null>(null)
  const complete = loadedKey === key

  useLayoutEffect(() => {
    setMode('print')
    const html = document.documentElement
    html.classList.add('deck-print')
    return () => html.classList.remove('deck-print')
  }, [setMode])

  // Rendering waits until every slide is in and its diagrams are drawn: one commit of all pages instead of one per
  // arriving slide, and each diagram drawn (laid out) while the document is still small rather than beside 100 pages.
  useEffect(() => {
    const controller = new AbortController()
    // deck-print:* marks show a profile (or the export bench) where the print time goes.
    performance.mark('deck-print:load-start')
    setLoaded(0)
    const diagrams: Promise<unknown>[] = []
    const loadAndDraw = (no: number) =>
      loadSlide(no).then((mod) => {
        if (mod && !controller.signal.aborted) diagrams.push(drawSlideDiagrams(mod.slots))
      })
    void Promise.all([loadAll(key ? key.split(',').map(Number) : [], loadAndDraw, setLoaded, controller.signal), alsoLoad?.()])
      // Every font slice, once the modules' stylesheets are in: one arriving after the pages are laid out would have
      // them all laid out again.
      .then(() => Promise.all([...diagrams, loadAllSlideFonts()]))
      .then(() => {
        if (controller.signal.aborted) return
        performance.mark('deck-print:loaded')
        setLoadedKey(key)
      })
    return () => controller.abort()
  }, [key, alsoLoad])

  useEffect(() => {
    const root = rootRef.current
    if (!complete || !root) return
    const controller = new AbortController()
    performance.mark('deck-print:rendered')
    void waitUntilDrawn(root, controller.signal).then((ready) => {
      if (!ready) return
      performance.mark('deck-print:ready')
      markPrintReady(true)
    })
    return () => {
      controller.abort()
      markPrintReady(false)
    }
  }, [complete, key])

  return { rootRef, loaded, complete }
}
