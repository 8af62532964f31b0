// The rules that keep synced windows calm: who follows whom (the lastUpdate rule), stale copies, resync, print never syncs.
import type { LastUpdate, SharedState } from '../../shared/sync-protocol'
import type { Position } from './nav'

export type SyncRole = 'presenter' | 'viewer'

/**
 * Where a window goes after a navigation update arrived, or null to stay. Only a presenter's move is followed
 * (by audience windows and other presenter windows alike); an audience window's move never moves anyone.
 */
export function followTarget(state: Pick<SharedState, 'page' | 'clicks' | 'lastUpdate'>, myId: string, at: Position | null): Position | null {
  const update = state.lastUpdate
  if (!update || update.type !== 'presenter' || update.id === myId) return null
  if (state.page < 1) return null
  if (at && at.no === state.page && at.clicks === state.clicks) return null
  return { no: state.page, clicks: state.clicks }
}

/**
 * Whether an update is news: each window stamps its moves with a time that only grows, so a copy that arrives late
 * (the storage event after the BroadcastChannel message, a reordered relay) is recognised and dropped. `seen` is kept
 * per sender, never compared across windows whose clocks may differ.
 */
export function isFresh(update: LastUpdate, seen: ReadonlyMap<string, number>): boolean {
  const last = seen.get(update.id)
  return last === undefined || update.time > last
}

/** A stamp time for this window's next move: wall-clock milliseconds, but always later than the previous stamp. */
export function nextStamp(previous: number, now: number): number {
  return Math.max(Math.floor(now), previous + 1)
}

/**
 * After (re)connecting to a relay: 'follow' its state, or 'push' ours because the relay has nothing newer (it restarted,
 * or the last move it knows is our own older one), or 'keep' (nothing to do).
 */
export function welcomeAction(relay: Pick<SharedState, 'page' | 'lastUpdate'>, mine: { id: string; role: SyncRole; canWrite: boolean; last: LastUpdate | null }): 'follow' | 'push' | 'keep' {
  const presenterWriter = mine.role === 'presenter' && mine.canWrite && mine.last !== null
  if (presenterWriter && (relay.page < 1 || relay.lastUpdate === null)) return 'push'
  if (presenterWriter && relay.lastUpdate?.id === mine.id && mine.last!.time > relay.lastUpdate.time) return 'push'
  if (relay.page >= 1) return 'follow'
  return 'keep'
}

/** Print pages show every slide at once: they neither send nor follow. */
export function isPrintLocation(pathname: string, search: string): boolean {
  if (/(^|\/)print\/?$/.test(pathname)) return true
  return new URLSearchParams(search).has('print')
}

/** The drawings a patch must carry: slides whose markup changed, '' for a slide that was cleared. */
export function drawingsChanges(before: Record<string | number, string>, after: Record<string | number, string>): Record<string, string> | null {
  const changes: Record<string, string> = {}
  let any = false
  for (const [no, svg] of Object.entries(after)) {
    if ((before[no] ?? '') !== (svg ?? '')) {
      changes[no] = svg ?? ''
      any = true
    }
  }
  for (const no of Object.keys(before)) {
    if (!(no in after) && before[no]) {
      changes[no] = ''
      any = true
    }
  }
  return any ? changes : null
}
