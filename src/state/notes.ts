// The speaker notes from one source: each slide's module (dev, and a build without a presenter password), or
// `npm run serve` after its password or pairing check (a build with a password: the bundle holds no note).
import { useEffect, useSyncExternalStore } from 'react'
import { notesFrom } from './deck'
import type { SlideModule } from 'virtual:deck/slide'
import { NOTES_PATH, type ServedNotes } from '../../shared/server-files'
import { getLoadedSlide, useSlideModule } from './slide-modules'

/** A note as the views show it: its HTML, or why there is none yet (loading) or none for this visitor (withheld). */
export type NoteState = { status: 'ready'; html: string } | { status: 'loading' } | { status: 'withheld' }

type Served = { status: 'idle' | 'loading' | 'withheld' } | { status: 'ready'; notes: Record<string, string> }

let served: Served = { status: 'idle' }
let request: Promise<void> | null = null
const listeners = new Set<() => void>()

function settle(next: Served) {
  served = next
  for (const listener of listeners) listener()
}

/**
 * Asks the server for every note once (the password from the address, as the presenter pages carry it; a paired
 * phone's cookie goes by itself). A refusal, or a host with no such server, leaves the notes withheld.
 */
export function loadServedNotes(): Promise<void> {
  if (notesFrom !== 'server') return Promise.resolve()
  if (request) return request
  settle({ status: 'loading' })
  const password = new URLSearchParams(window.location.search).get('password')
  const url = `${import.meta.env.BASE_URL.replace(/\/$/, '')}${NOTES_PATH}${password ? `?password=${encodeURIComponent(password)}` : ''}`
  request = fetch(url, { credentials: 'same-origin', cache: 'no-store' })
    .then(async (response) => {
      const body = response.ok ? ((await response.json()) as ServedNotes) : null
      settle(body && typeof body.notes === 'object' && body.notes ? { status: 'ready', notes: body.notes } : { status: 'withheld' })
    })
    .catch(() => settle({ status: 'withheld' }))
    .finally(() => {
      // A refusal may be retried after a reload with the password; a success is kept.
      if (served.status !== 'ready') request = null
    })
  return request
}

/** Slide `no`'s note from its source: the served notes, or its own module once loaded. */
function noteState(from: Served, mod: SlideModule | undefined, no: number): NoteState {
  if (notesFrom !== 'server') return mod ? { status: 'ready', html: mod.noteHtml } : { status: 'loading' }
  if (from.status === 'ready') return { status: 'ready', html: from.notes[String(no)] ?? '' }
  return from.status === 'withheld' ? { status: 'withheld' } : { status: 'loading' }
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** Slide `no`'s note once its source has it (call after loadServedNotes or the slide's module has loaded). */
export function noteOf(no: number): NoteState {
  return noteState(served, getLoadedSlide(no), no)
}

/** Slide `no`'s note, loading its source when needed; re-renders when it arrives. */
export function useNote(no: number): NoteState {
  const mod = useSlideModule(no)
  const snapshot = useSyncExternalStore(subscribe, () => served, () => served)
  useEffect(() => {
    void loadServedNotes()
  }, [])
  return noteState(snapshot, mod, no)
}

/** Whether every note a view needs is in (served notes fetched or refused; bundled ones come with their slides). */
export function useNotesSettled(): boolean {
  const state = useSyncExternalStore(subscribe, () => served.status, () => served.status)
  useEffect(() => {
    void loadServedNotes()
  }, [])
  return notesFrom !== 'server' || state === 'ready' || state === 'withheld'
}
