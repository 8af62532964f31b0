// Lets a phone become the clicker without the password: one-time pairing tokens (shown as a QR code to the presenter)
// that turn into a device secret kept in the phone's cookie, until the presenter revokes the device.
import { createHash, randomBytes } from 'node:crypto'
import type { PairedDevice } from '../shared/sync-protocol'

/** How long a pairing code stays valid. */
export const PAIRING_TTL_MS = 10 * 60_000
export const DEVICE_COOKIE = 'deck-device'
/** A paired phone stays paired for one long talk day at most. */
export const DEVICE_MAX_AGE_S = 12 * 60 * 60

const digest = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex')

export type Redeemed = { ok: true; device: PairedDevice; secret: string } | { ok: false; reason: 'unknown' | 'used' | 'expired' }

/**
 * One change to the pairing records, as other processes of the same talk learn it (server/talk-store.ts): only hashes
 * travel, never a working token or secret.
 */
export type PairingEvent =
  | { kind: 'token'; hash: string; expires: number; used: boolean }
  | { kind: 'device'; hash: string; device: PairedDevice }
  | { kind: 'revoke'; id: string }

export interface Pairing {
  issue: () => { token: string; expires: number }
  redeem: (token: unknown, label: string) => Redeemed
  deviceOf: (secret: unknown) => PairedDevice | null
  revoke: (id: string) => boolean
  list: () => PairedDevice[]
  onChange: (listener: () => void) => () => void
  /** Takes a change made by another process (its listeners hear it as their own). */
  apply: (event: PairingEvent) => void
  /** Every record, as events (what a process that joins the talk is told). */
  snapshot: () => PairingEvent[]
}

const isEvent = (v: unknown): v is PairingEvent => {
  if (typeof v !== 'object' || v === null) return false
  const e = v as Record<string, unknown>
  const hash = typeof e.hash === 'string' && /^[0-9a-f]{64}$/.test(e.hash)
  if (e.kind === 'token') return hash && typeof e.expires === 'number' && typeof e.used === 'boolean'
  if (e.kind === 'device') {
    const d = e.device as Record<string, unknown> | null
    return hash && typeof d === 'object' && d !== null && typeof d.id === 'string' && /^d[0-9a-f]{4,32}$/.test(d.id) && typeof d.label === 'string' && typeof d.pairedAt === 'number'
  }
  return e.kind === 'revoke' && typeof e.id === 'string'
}

export function createPairing({ now = () => Date.now(), ttl = PAIRING_TTL_MS, random = randomBytes, onLocal }: { now?: () => number; ttl?: number; random?: (bytes: number) => Buffer; onLocal?: (event: PairingEvent) => void } = {}): Pairing {
  /** Token hash → expiry and whether it was used (kept after use, so a second scan is told "used", not "unknown"). */
  const tokens = new Map<string, { expires: number; used: boolean }>()
  /** Device secret hash → device. Only hashes are kept: a memory dump shows no working secret. */
  const devices = new Map<string, PairedDevice>()
  const listeners = new Set<() => void>()
  const changed = () => {
    for (const listener of listeners) listener()
  }

  const prune = () => {
    const t = now()
    // Used or expired tokens are remembered for a while to name the refusal, then forgotten.
    for (const [hash, entry] of tokens) if (t > entry.expires + ttl) tokens.delete(hash)
  }

  return {
    /** A new one-time token, valid for `ttl` ms. */
    issue() {
      prune()
      const token = random(18).toString('base64url')
      const expires = now() + ttl
      const hash = digest(token)
      tokens.set(hash, { expires, used: false })
      onLocal?.({ kind: 'token', hash, expires, used: false })
      return { token, expires }
    },
    /** Spends a token: once, before it expires. */
    redeem(token, label) {
      if (typeof token !== 'string' || token.length > 100) return { ok: false, reason: 'unknown' }
      const hash = digest(token)
      const entry = tokens.get(hash)
      if (!entry) return { ok: false, reason: 'unknown' }
      if (entry.used) return { ok: false, reason: 'used' }
      if (now() > entry.expires) return { ok: false, reason: 'expired' }
      entry.used = true
      onLocal?.({ kind: 'token', hash, expires: entry.expires, used: true })
      const secret = random(24).toString('base64url')
      const device = { id: 'd' + random(6).toString('hex'), label: label.slice(0, 120) || 'device', pairedAt: now() }
      const secretHash = digest(secret)
      devices.set(secretHash, device)
      onLocal?.({ kind: 'device', hash: secretHash, device })
      changed()
      return { ok: true, device, secret }
    },
    /** The paired device a cookie's secret belongs to, or null. */
    deviceOf(secret) {
      if (typeof secret !== 'string' || !secret || secret.length > 100) return null
      return devices.get(digest(secret)) ?? null
    },
    /** Whether a device was revoked. */
    revoke(id) {
      for (const [hash, device] of devices) {
        if (device.id !== id) continue
        devices.delete(hash)
        onLocal?.({ kind: 'revoke', id })
        changed()
        return true
      }
      return false
    },
    apply(event) {
      if (!isEvent(event)) return
      if (event.kind === 'token') {
        const known = tokens.get(event.hash)
        // Used stays used, whichever process heard of it first.
        tokens.set(event.hash, { expires: event.expires, used: event.used || Boolean(known?.used) })
        return
      }
      if (event.kind === 'device') {
        devices.set(event.hash, { ...event.device })
        changed()
        return
      }
      for (const [hash, device] of devices) {
        if (device.id !== event.id) continue
        devices.delete(hash)
        changed()
      }
    },
    snapshot() {
      prune()
      return [
        ...[...tokens].map(([hash, entry]): PairingEvent => ({ kind: 'token', hash, expires: entry.expires, used: entry.used })),
        ...[...devices].map(([hash, device]): PairingEvent => ({ kind: 'device', hash, device: { ...device } })),
      ]
    },
    list() {
      return [...devices.values()].map((d) => ({ ...d }))
    },
    onChange(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
}

/** A short, readable name for a phone from its user agent ("iPhone · Safari", "Android · Chrome"). */
export function deviceLabel(ua: string | undefined): string {
  if (!ua) return 'device'
  // The first name that appears wins, most specific first (an Android phone also says Linux, Chrome also says Safari).
  const os = ['iPhone', 'iPad', 'Android', 'Windows', 'Macintosh', 'Linux'].find((name) => ua.includes(name))?.replace('Macintosh', 'Mac') ?? 'device'
  const browser = ['Edg', 'Firefox', 'Chrome', 'Safari'].find((name) => ua.includes(name))?.replace('Edg', 'Edge') ?? ''
  return browser ? `${os} · ${browser}` : os
}

/** The value of one cookie in a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null
  for (const part of header.split(';')) {
    const at = part.indexOf('=')
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim()
  }
  return null
}
