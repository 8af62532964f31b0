// Keeps one slide's text in the side editor and in the deck file in step: reads it, autosaves while typing (at most
// every AUTOSAVE_MS) and on Ctrl/Cmd+S, follows hot updates, and turns a change on disk into a conflict, never a loss.
import { useCallback, useEffect, useReducer, useRef } from 'react'
import { editReducer, initialEditState, isDirty, shouldSave, type EditEvent, type EditState } from '../../logic/slide-edit'
import type { SlideSource } from '../../../shared/slide-source'
import { readSlide, writeSlide } from './api'
import { SOCKET_EVENTS } from '../../../shared/events'

export const AUTOSAVE_MS = 500

// Text left on a slide the author moved away from before it could be saved (a conflict, a refused text): shown
// again on return, and guarded by the page's unload warning.
const parked = new Map<number, EditState>()

/** Whether any slide holds text not in the file (for the unload warning). */
export function hasUnsavedText(): boolean {
  return [...parked.values()].some(isDirty)
}

function settleParked(no: number, event: EditEvent) {
  const state = parked.get(no)
  if (!state) return
  const next = editReducer(state, event)
  if (isDirty(next)) parked.set(no, next)
  else parked.delete(no)
}

export function useSlideEditor(no: number) {
  const [state, dispatch] = useReducer(editReducer, no, (n) => {
    const left = parked.get(n)
    return left ? { ...left, saving: null } : initialEditState(n)
  })
  const latest = useRef(state)
  latest.current = state
  const mounted = useRef(true)
  const timer = useRef<number | undefined>(undefined)
  // Each read and write is numbered, so a read that started before a write never overrides what the write learnt.
  const reads = useRef(0)
  const writes = useRef(0)
  // The author asked for the file's text: a read that starts later (after a hot update) answers that wish too, so
  // the update arriving between the click and its answer does not turn the reload back into a conflict.
  const reloading = useRef(false)
  /** What a read of the file means: the text to take (a reload asked for), or the disk's side of the rules. */
  const fromDisk = useCallback((source: SlideSource): EditEvent => {
    if (!reloading.current) return { type: 'disk', source }
    reloading.current = false
    return { type: 'loaded', source }
  }, [])

  const save = useCallback(
    async (manual: boolean) => {
      window.clearTimeout(timer.current)
      timer.current = undefined
      const current = latest.current
      const origin = current.origin
      if (!origin || current.saving || !isDirty(current)) return
      // A manual save tries a refused text again (to show why); nothing goes over a conflict without the author's choice.
      if (!shouldSave(current) && !(manual && current.problem?.kind === 'refused')) return
      const text = current.draft
      writes.current += 1
      dispatch({ type: 'save-started', text })
      latest.current = { ...current, saving: text }
      const event = await writeSlide(no, origin, text)
      if (mounted.current) dispatch(event)
      else settleParked(no, event)
    },
    [no],
  )

  // Reads the slide when the editor opens on it (or comes back to text left here).
  useEffect(() => {
    mounted.current = true
    const read = ++reads.current
    const hadText = latest.current.origin !== null
    readSlide(no).then(
      (source) => {
        if (read === reads.current && mounted.current) dispatch(hadText ? { type: 'disk', source } : { type: 'loaded', source })
      },
      (error: Error) => {
        if (read === reads.current && mounted.current) dispatch({ type: 'load-failed', message: error.message })
      },
    )
    return () => {
      mounted.current = false
      window.clearTimeout(timer.current)
      timer.current = undefined
      // Leaving the slide: text not yet in the file is saved now, and kept here until it is.
      const left = latest.current
      if (!isDirty(left)) {
        parked.delete(no)
        return
      }
      parked.set(no, left)
      if (shouldSave(left) && left.origin) {
        parked.set(no, { ...left, saving: left.draft })
        void writeSlide(no, left.origin, left.draft).then((event) => settleParked(no, event))
      }
    }
  }, [no])

  // After any hot update the file may hold something new: read it again (the rules decide what that changes).
  useEffect(() => {
    const hot = import.meta.hot
    if (!hot) return
    const refresh = () => {
      const read = ++reads.current
      const writesBefore = writes.current
      readSlide(no).then(
        (source) => {
          if (read === reads.current && writesBefore === writes.current && mounted.current) dispatch(fromDisk(source))
        },
        () => {},
      )
    }
    hot.on('vite:afterUpdate', refresh)
    hot.on(SOCKET_EVENTS.errors, refresh)
    return () => {
      hot.off('vite:afterUpdate', refresh)
      hot.off(SOCKET_EVENTS.errors, refresh)
    }
  }, [no, fromDisk])

  // Autosave: the first change starts the clock, later ones ride along; the next save waits for the last to answer.
  useEffect(() => {
    if (!shouldSave(state) || timer.current !== undefined) return
    timer.current = window.setTimeout(() => {
      timer.current = undefined
      void save(false)
    }, AUTOSAVE_MS)
  }, [state, save])

  const reload = useCallback(() => {
    const read = ++reads.current
    reloading.current = true
    readSlide(no).then(
      (source) => {
        if (read === reads.current && mounted.current) dispatch(fromDisk(source))
      },
      (error: Error) => {
        reloading.current = false
        dispatch({ type: 'failed', message: error.message })
      },
    )
  }, [no, fromDisk])

  return {
    state,
    edit: (field: 'frontmatter' | 'content' | 'note', value: string) => dispatch({ type: 'edited', field, value }),
    saveNow: () => void save(true),
    reload,
    overwrite: () => dispatch({ type: 'overwrite' }),
    /** The state as of the last render, for listeners that outlive a render (the unload warning). */
    latest,
  }
}
