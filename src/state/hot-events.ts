// Lets a module hear the window events hot-replaced modules dispatch (dev only), for as long as it is itself loaded.
type HotContext = NonNullable<ImportMeta['hot']>

/** Listens to `name` on window; the listener goes when the module that owns `hot` is replaced. */
export function onHotEvent<T>(hot: HotContext, name: string, listener: (detail: T) => void): void {
  const handler = (event: Event) => listener((event as CustomEvent<T>).detail)
  window.addEventListener(name, handler)
  hot.dispose(() => window.removeEventListener(name, handler))
}
