// The names the app keeps in the browser's localStorage (Slidev's, so a viewer's choices carry over): written by the
// app's preferences (src/state/preferences.ts) and read before the app starts too (the build's colour-scheme script,
// the reader's paint-first check), so every side takes them from here.

/** Every preference is `slidev-<name>`. */
export const STORAGE_PREFIX = 'slidev-'

export const STORAGE_KEYS = {
  /** 'dark' | 'light' | 'auto': the viewer's colour scheme. */
  colorSchema: `${STORAGE_PREFIX}color-schema`,
  /** 'slides' | 'reader': the view a phone opens. */
  view: `${STORAGE_PREFIX}view`,
  /** The drawings kept in this browser, per deck address. */
  drawings: (base: string) => `${STORAGE_PREFIX}drawings:${base}`,
  /** The state one window shares with the deck's other windows (sync without a server). */
  sync: (channel: string) => `deck-sync:${channel}`,
} as const
