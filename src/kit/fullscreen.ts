// Toggles the Fullscreen API on the whole page, and tells the controls whether it is on.
import { useSyncExternalStore } from 'react'

export function toggleFullscreen() {
  if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => {})
  // Browsers refuse without a user gesture or inside an iframe lacking allowfullscreen: nothing to do then.
  else void document.documentElement.requestFullscreen?.().catch(() => {})
}

function subscribe(onChange: () => void) {
  document.addEventListener('fullscreenchange', onChange)
  return () => document.removeEventListener('fullscreenchange', onChange)
}

export function useIsFullscreen(): boolean {
  return useSyncExternalStore(subscribe, () => document.fullscreenElement !== null && document.fullscreenElement !== undefined, () => false)
}
