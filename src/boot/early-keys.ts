// Keys pressed and buttons clicked before the app listens: held, then handed to the app in order. A prerendered page
// starts holding them in an inline script (EARLY_KEYS_SCRIPT, before any module has loaded: the page paints and its
// navigation bar shows before the app is even fetched); the boot takes that list over.

export interface EarlyKeys {
  /** Stops holding clicks: React holds and replays those on the page it is hydrating from now on. */
  hydrating: () => void
  /** Stops holding keys and hands the held keys and clicks to the page, in order, where the app now listens. */
  release: () => void
}

interface InlineHolder {
  held: Event[]
  hold: (event: Event) => void
}

declare global {
  interface Window {
    __deckKeys?: InlineHolder
  }
}

/**
 * The inline script a prerendered page carries in its <head>: holds keys, and clicks on buttons (a link works without
 * the app: it loads the page it names), from the very start of the load.
 */
export const EARLY_KEYS_SCRIPT = `window.__deckKeys={held:[],hold:function(e){if(e.type==='keydown'||(e.target&&e.target.closest&&e.target.closest('button')))window.__deckKeys.held.push(e)}};addEventListener('keydown',window.__deckKeys.hold);addEventListener('click',window.__deckKeys.hold,true)`

/** The button a held click was on, if it is still in the page. */
const clickedButton = (event: Event): HTMLButtonElement | null => {
  const button = event.target instanceof Element ? event.target.closest('button') : null
  return button?.isConnected ? button : null
}

export function holdEarlyKeys(): EarlyKeys {
  const inline = window.__deckKeys
  const held: Event[] = inline ? inline.held.splice(0) : []
  const hold = (event: Event) => {
    if (event.type === 'keydown' || clickedButton(event)) held.push(event)
  }
  window.addEventListener('keydown', hold)
  window.addEventListener('click', hold, true)
  if (inline) {
    window.removeEventListener('keydown', inline.hold)
    window.removeEventListener('click', inline.hold, true)
    delete window.__deckKeys
  }
  return {
    hydrating() {
      window.removeEventListener('click', hold, true)
    },
    release() {
      window.removeEventListener('keydown', hold)
      window.removeEventListener('click', hold, true)
      for (const event of held.splice(0)) {
        if (event instanceof KeyboardEvent) {
          const { key, code, location, shiftKey, ctrlKey, altKey, metaKey, repeat } = event
          const target = event.target instanceof Node && event.target.isConnected ? event.target : document.body
          target.dispatchEvent(new KeyboardEvent('keydown', { key, code, location, shiftKey, ctrlKey, altKey, metaKey, repeat, bubbles: true, cancelable: true }))
        } else {
          // As the click it was: a pointer's click (detail ≥ 1) stays one, so the bar's button lets go of focus after
          // it as after any click (a synthetic .click() says detail 0, a key's click, and the button would keep focus
          // and the deck's keys with it).
          const button = clickedButton(event)
          const { detail, shiftKey, ctrlKey, altKey, metaKey, clientX, clientY, button: which } = event as MouseEvent
          button?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window, detail, shiftKey, ctrlKey, altKey, metaKey, clientX, clientY, button: which }))
        }
      }
    },
  }
}
