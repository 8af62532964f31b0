// Makes a route a print document: print mode on, every slide it needs loaded, readiness signalled when drawn.
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react'
import { useSetAtom } from 'jotai'
import { viewModeAtom } from '../../state/nav'
import { loadSlide } from '../../state/slide-modules'
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

  // Rendering waits until every slide is in: one commit of all pages instead of one per arriving slide.
  useEffect(() => {
    const controller = new AbortController()
    // deck-print:* marks show a profile (or the export bench) where the print time goes.
    performance.mark('deck-print:load-start')
    setLoaded(0)
    void Promise.all([loadAll(key ? key.split(',').map(Number) : [], loadSlide, setLoaded, controller.signal), alsoLoad?.()]).then(() => {
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
