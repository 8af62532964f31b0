// Makes drawings outlive the page when `drawings.persist` is on: loads them once, saves this window's changes.
import { useCallback, useEffect, useRef } from 'react'
import { useStore } from 'jotai'
import { drawingsAtom, drawingsOriginAtom } from '../../state/drawings'
import { drawingStore, loadSavedDrawings } from './persistence'

const SAVE_DELAY = 400

/** Returns `clearSaved`, which wipes every slide's drawing here, in the other windows and in storage. */
export function usePersistedDrawings(persist: boolean): () => Promise<void> {
  const store = useStore()
  const pending = useRef<Record<number, string>>({})

  useEffect(() => {
    if (!persist) return
    let loaded = false
    let stopped = false
    let timer = 0
    let previous = store.get(drawingsAtom)

    const flush = () => {
      window.clearTimeout(timer)
      timer = 0
      const changed = pending.current
      if (!loaded || !Object.keys(changed).length) return
      pending.current = {}
      drawingStore.save(changed).catch((error: unknown) => console.error('[drawings]', error))
    }

    // Only this window's own strokes are saved: a drawing from another window is saved by that window.
    const unsubscribe = store.sub(drawingsAtom, () => {
      const next = store.get(drawingsAtom)
      const local = store.get(drawingsOriginAtom) === 'local'
      if (local) {
        for (const key of new Set([...Object.keys(previous), ...Object.keys(next)])) {
          const no = Number(key)
          if ((previous[no] ?? '') !== (next[no] ?? '')) pending.current[no] = next[no] ?? ''
        }
        window.clearTimeout(timer)
        timer = window.setTimeout(flush, SAVE_DELAY)
      }
      previous = next
    })

    void loadSavedDrawings(store).then(() => {
      if (stopped) return
      loaded = true
      flush()
    })

    window.addEventListener('pagehide', flush)
    return () => {
      stopped = true
      flush()
      unsubscribe()
      window.removeEventListener('pagehide', flush)
    }
  }, [persist, store])

  return useCallback(async () => {
    const current = store.get(drawingsAtom)
    const cleared: Record<number, string> = {}
    for (const key of Object.keys(current)) cleared[Number(key)] = ''
    store.set(drawingsOriginAtom, 'local')
    store.set(drawingsAtom, cleared)
    pending.current = {}
    await drawingStore.clear()
  }, [store])
}
