// Puts a feature's keys into the page's one dispatcher while it is mounted and active.
import { useEffect, useRef } from 'react'
import { keyDispatcher, type KeyLayerName, type KeyPress } from './dispatcher'

/** `handle` may change every render without re-adding the layer; it returns true when it took the key. */
export function useKeyLayer(name: KeyLayerName, handle: (event: KeyPress) => boolean | void, options: { active?: boolean; modal?: boolean } = {}) {
  const latest = useRef(handle)
  latest.current = handle
  const { active = true, modal = false } = options
  useEffect(() => {
    if (!active) return
    return keyDispatcher.add({ name, modal, handle: (event) => latest.current(event) })
  }, [name, active, modal])
}
