// What this window knows of the shared state (timer, cursor, positions) and of its link to a relay, for the UI to show.
import { atom } from 'jotai'
import { initialSharedState, type PairedDevice, type SharedState } from '../../../shared/sync-protocol'

/** This window's copy of the shared state: its own moves and every valid update received. */
export const sharedStateAtom = atom<SharedState>(initialSharedState())

/**
 * The link to a multi-device relay (`npm run serve`, or the dev server): 'none' when there is no relay (a static host),
 * else whether it is connected and whether this window may write (it presented the password, or none is needed).
 */
export interface RelayStatus {
  relay: 'none' | 'connecting' | 'connected' | 'offline'
  canWrite: boolean
  passwordRequired: boolean
  /** The relay pairs phones (npm run serve) and this window gave the password. */
  canPair?: boolean
}
export const relayStatusAtom = atom<RelayStatus>({ relay: 'none', canWrite: false, passwordRequired: false })

/** The latest one-time pairing address the relay issued to this window. */
export const pairingAtom = atom<{ url: string; expires: number; reachable: boolean } | null>(null)
/** The phones paired with the relay (only password holders are told). */
export const pairedDevicesAtom = atom<PairedDevice[]>([])

function randomId(): string {
  const bytes = new Uint8Array(6)
  try {
    crypto.getRandomValues(bytes)
  } catch {
    for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256)
  }
  return 'w' + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** This window's id in lastUpdate (new on every load: a reloaded window is a new participant). */
export const windowId = randomId()
