// Whether the app has taken over the page: false while rendering at build time and while hydrating that HTML (so
// both render the same), true from the render after. Marks like `data-loaded` ("ready to use") wait for it.
import { useSyncExternalStore } from 'react'

const never = () => () => {}

export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  )
}
