// Keys pressed while the first slide shows but the app is still loading: held, then handed to the app in order.

export interface EarlyKeys {
  /** Stops holding keys and re-sends the held ones to the page, where the app now listens. */
  release: () => void
}

export function holdEarlyKeys(): EarlyKeys {
  const held: KeyboardEvent[] = []
  const hold = (event: KeyboardEvent) => {
    held.push(event)
  }
  window.addEventListener('keydown', hold)
  return {
    release() {
      window.removeEventListener('keydown', hold)
      for (const event of held.splice(0)) {
        const { key, code, location, shiftKey, ctrlKey, altKey, metaKey, repeat } = event
        const target = event.target instanceof Node && event.target.isConnected ? event.target : document.body
        target.dispatchEvent(new KeyboardEvent('keydown', { key, code, location, shiftKey, ctrlKey, altKey, metaKey, repeat, bubbles: true, cancelable: true }))
      }
    },
  }
}
