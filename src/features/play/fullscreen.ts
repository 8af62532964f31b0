// Toggles the Fullscreen API on the whole page.

export function toggleFullscreen() {
  if (document.fullscreenElement) void document.exitFullscreen?.()
  else void document.documentElement.requestFullscreen?.().catch(() => {})
}
