// Lets a component on a slide keep state that follows the presenter (a slider, a calculator's inputs): the presenter's
// changes reach every audience screen, as slides and clicks do. A component opts in by using this instead of useState.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useAtomValue } from 'jotai'
import { selectAtom } from 'jotai/utils'
import { useSlideNo } from '../slide-context'
import { deckStore } from '../store'
import { viewModeAtom } from '../nav'
import { sharedStateAtom } from './atoms'
import { updateShared } from './controller'

/**
 * Like useState, keyed `<slide>:<name>` in the shared state. The presenter's changes are sent to every window; an
 * audience window's own changes stay on that screen until the presenter's next change. `accept` checks what arrives
 * (another window's state is input like any other). Two instances on one slide need different names.
 */
export function useSyncedState<T>(name: string, initial: T, accept: (value: unknown) => value is T): [T, (next: T | ((previous: T) => T)) => void] {
  const no = useSlideNo()
  const key = no === null ? null : `${no}:${name}`
  const remoteAtom = useMemo(() => selectAtom(sharedStateAtom, (state) => (key ? state.widgets[key] : undefined)), [key])
  const remote = useAtomValue(remoteAtom)
  const [value, setValue] = useState<T>(() => (accept(remote) ? remote : initial))

  useEffect(() => {
    if (accept(remote)) setValue(remote)
    // `accept` is a type guard the caller defines once; the remote value alone decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [remote])

  const latest = useRef(value)
  latest.current = value
  const set = useCallback(
    (next: T | ((previous: T) => T)) => {
      const resolved = typeof next === 'function' ? (next as (previous: T) => T)(latest.current) : next
      latest.current = resolved
      setValue(resolved)
      // Only the presenter drives the audience's widgets.
      if (key && deckStore.get(viewModeAtom) === 'presenter') updateShared({ widgets: { [key]: resolved } })
    },
    [key],
  )
  return [value, set]
}
