// Lets the presenter hide the slide from the room: audience screens go black or white, synced like slides and clicks.
import { atom } from 'jotai'
import type { Blackout } from '../../../shared/sync-protocol'
import { sharedStateAtom } from '../../state/sync/atoms'
import { updateShared } from '../../state/sync/controller'
import { deckStore } from '../../state/store'

/** What audience screens show now: the slide ('none'), black or white. */
export const blackoutAtom = atom<Blackout>((get) => get(sharedStateAtom).blackout)

export function setBlackout(value: Blackout): void {
  updateShared({ blackout: value })
}

/** `b` / `.` and `w`: the same key again brings the slide back; the other colour switches colour. */
export function toggleBlackout(kind: Exclude<Blackout, 'none'>): void {
  setBlackout(deckStore.get(blackoutAtom) === kind ? 'none' : kind)
}

/**
 * A navigation key while the screens are dark only brings the slide back (the room sees the slide it left, not the
 * next one unannounced); otherwise it moves.
 */
export function restoreOr(move: () => void): () => void {
  return () => {
    if (deckStore.get(blackoutAtom) !== 'none') setBlackout('none')
    else move()
  }
}
