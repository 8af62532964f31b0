// Types of pairing.mjs: one-time pairing tokens and paired devices for `npm run serve`.
import type { PairedDevice } from '../src/logic/sync-protocol.mjs'

export const PAIRING_TTL_MS: number
export const DEVICE_COOKIE: string
export const DEVICE_MAX_AGE_S: number

export type Redeemed = { ok: true; device: PairedDevice; secret: string } | { ok: false; reason: 'unknown' | 'used' | 'expired' }

export interface Pairing {
  issue: () => { token: string; expires: number }
  redeem: (token: unknown, label: string) => Redeemed
  deviceOf: (secret: unknown) => PairedDevice | null
  revoke: (id: string) => boolean
  list: () => PairedDevice[]
  onChange: (listener: () => void) => () => void
}

export function createPairing(options?: { now?: () => number; ttl?: number; random?: (bytes: number) => Buffer }): Pairing
export function deviceLabel(ua: string | undefined): string
export function readCookie(header: string | undefined, name: string): string | null
