// Makes the presenter aware of multi-device sync: connected, read-only (no password), or reconnecting.
import { useAtomValue } from 'jotai'
import { relayStatusAtom } from '../../state/sync/atoms'
import type { Labels } from '../../kit/labels'

export default function SyncStatus({ t }: { t: Labels['presenting'] }) {
  const { relay, canWrite } = useAtomValue(relayStatusAtom)
  if (relay === 'none') return null
  const state = relay === 'connected' ? (canWrite ? 'connected' : 'read-only') : relay
  const text = { connected: t.syncConnected, 'read-only': t.syncReadOnly, offline: t.syncOffline, connecting: t.syncConnecting }[state]
  return (
    <span className={`presenter-sync is-${state}`} role="status" title={text} data-testid="sync-status" data-state={state}>
      <span className="presenter-sync-dot" aria-hidden="true" />
      <span className="sr-only">{text}</span>
    </span>
  )
}
