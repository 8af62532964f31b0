// Lets a printer (the PDF export, a person pressing Ctrl+P) know when every page is fully drawn.
//
// The contract with slide components: anything still drawing (a diagram, a chart) carries the attribute
// `data-deck-pending` (or the standard `aria-busy="true"`) until it is done. The print view is ready when no
// such element remains inside its root, the fonts in use have loaded and every image has loaded (or failed);
// it then sets `<html data-print-ready="true">`.

/** Elements still drawing. */
export const PENDING_SELECTOR = '[data-deck-pending], [aria-busy="true"]'

/** Loads every slide module the pages need, reporting how many are in; resolves once all are. */
export async function loadAll(nos: readonly number[], load: (no: number) => Promise<unknown>, onLoaded: (done: number) => void, signal: AbortSignal) {
  let done = 0
  await Promise.all(
    nos.map((no) =>
      load(no).then(() => {
        if (!signal.aborted) onLoaded(++done)
      }),
    ),
  )
}

/**
 * A wait that also ends when `signal` aborts. `begin` starts it with the function that ends it and returns its
 * cleanup; whichever way it ends, the cleanup runs and the abort listener goes (a long print wait adds many).
 */
export function abortable(signal: AbortSignal, begin: (finish: () => void) => () => void): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve()
    const wait: { finished: boolean; cleanup?: () => void } = { finished: false }
    const finish = () => {
      if (wait.finished) return
      wait.finished = true
      signal.removeEventListener('abort', finish)
      wait.cleanup?.()
      resolve()
    }
    signal.addEventListener('abort', finish)
    wait.cleanup = begin(finish)
    if (wait.finished) wait.cleanup()
  })
}

function nextFrame(signal: AbortSignal): Promise<void> {
  return abortable(signal, (finish) => {
    const id = requestAnimationFrame(finish)
    return () => cancelAnimationFrame(id)
  })
}

/** Resolves when the image has loaded or failed (a broken image must not hold the print forever). */
function imageSettled(img: HTMLImageElement, signal: AbortSignal): Promise<void> {
  // Offscreen lazy images would never load in a print document.
  if (img.loading === 'lazy') img.loading = 'eager'
  if (img.complete) return img.naturalWidth ? img.decode().catch(() => {}) : Promise.resolve()
  return abortable(signal, (finish) => {
    img.addEventListener('load', finish)
    img.addEventListener('error', finish)
    return () => {
      img.removeEventListener('load', finish)
      img.removeEventListener('error', finish)
    }
  })
}

/** Resolves at the next change below `root` (a pending element finishing), or when aborted. */
function nextMutation(root: Element, signal: AbortSignal): Promise<void> {
  return abortable(signal, (finish) => {
    const observer = new MutationObserver(finish)
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-deck-pending', 'aria-busy', 'src'] })
    return () => observer.disconnect()
  })
}

const settledNow = (root: Element) =>
  !root.querySelector(PENDING_SELECTOR) &&
  document.fonts.status === 'loaded' &&
  [...root.querySelectorAll('img')].every((img) => img.complete)

/** Waits until everything under `root` is drawn; checks twice a frame apart so late starters are caught. */
export async function waitUntilDrawn(root: Element, signal: AbortSignal): Promise<boolean> {
  while (!signal.aborted) {
    // A frame first: style and layout start the font and image loads that the checks below wait on.
    await nextFrame(signal)
    await document.fonts.ready
    await Promise.all([...root.querySelectorAll('img')].map((img) => imageSettled(img, signal)))
    if (root.querySelector(PENDING_SELECTOR)) {
      await nextMutation(root, signal)
      continue
    }
    await nextFrame(signal)
    if (settledNow(root)) return !signal.aborted
  }
  return false
}

/** Marks the document ready to print (the export waits on this attribute). */
export function markPrintReady(ready: boolean) {
  if (ready) document.documentElement.dataset.printReady = 'true'
  else delete document.documentElement.dataset.printReady
}
