// Keys pressed before the app listens: held, then handed to the app in order. A prerendered page starts holding
// them in an inline script (EARLY_KEYS_SCRIPT, before any module has loaded); the boot takes that list over.

export interface EarlyKeys {
  /** Stops holding keys and re-sends the held ones to the page, where the app now listens. */
  release: () => void
}

interface InlineHolder {
  held: KeyboardEvent[]
  hold: (event: KeyboardEvent) => void
}

declare global {
  interface Window {
    __deckKeys?: InlineHolder
  }
}

/** The inline script a prerendered page carries in its <head>: holds keys from the very start of the load. */
export const EARLY_KEYS_SCRIPT = `window.__deckKeys={held:[],hold:function(e){window.__deckKeys.held.push(e)}};addEventListener('keydown',window.__deckKeys.hold)`

export function holdEarlyKeys(): EarlyKeys {
  const inline = window.__deckKeys
  const held: KeyboardEvent[] = inline ? inline.held.splice(0) : []
  const hold = (event: KeyboardEvent) => {
    held.push(event)
  }
  window.addEventListener('keydown', hold)
  if (inline) {
    window.removeEventListener('keydown', inline.hold)
    delete window.__deckKeys
  }
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
