// The names of the dev server's messages, one definition for the plugin that sends them and the app that listens.

/** Window events the generated modules dispatch when Vite hot-replaces them. */
export const HOT_EVENTS = {
  /** A slide's module changed: `detail` is `{ no, module }`. */
  slideUpdate: 'deck:slide-update',
  /** The slide list changed: `detail` is the new `virtual:deck/slides` module. */
  listUpdate: 'deck:list-update',
  /** The search bodies changed: `detail` is the new list. */
  searchUpdate: 'deck:search-update',
} as const

/** Custom events on Vite's HMR socket. */
export const SOCKET_EVENTS = {
  /** The deck's current errors (an empty list once it is fixed). */
  errors: 'deck:errors',
  /** The deck's current warnings (unknown layout…), shown in dev. */
  warnings: 'deck:warnings',
  /** Presenter sync messages, relayed by the dev server like `npm run serve` does over its WebSocket. */
  sync: 'deck:sync',
} as const
