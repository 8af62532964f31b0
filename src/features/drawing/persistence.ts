// Makes drawings survive a reload when the deck sets `drawings.persist`: SVG files beside the deck under the
// dev server (plugin/drawings.ts), localStorage in a static build.
import { parseSavedDrawings, savedDrawings } from '../../logic/drawing-markup'
import { drawingsAtom, drawingsOriginAtom } from '../../state/drawings'
import { STORAGE_KEYS } from '../../../shared/storage-keys'

const ENDPOINT = `${import.meta.env.BASE_URL}@deck/drawings`
/** One key per deck location, so two decks on one host keep their own drawings. */
const STORAGE_KEY = STORAGE_KEYS.drawings(import.meta.env.BASE_URL)
const HEADERS = { 'x-deck-drawings': '1' }

export interface DrawingStore {
  load(): Promise<Record<number, string>>
  /** Saves the slides whose drawing changed ('' = cleared). */
  save(changed: Record<number, string>): Promise<void>
  clear(): Promise<void>
}

const devStore: DrawingStore = {
  async load() {
    const response = await fetch(ENDPOINT, { headers: HEADERS })
    if (!response.ok) throw new Error(`Could not read the saved drawings: ${response.status} ${await response.text()}`)
    return parseSavedDrawings(await response.text())
  },
  async save(changed) {
    for (const [no, markup] of Object.entries(changed)) {
      const response = await fetch(`${ENDPOINT}/${no}`, { method: 'PUT', headers: { ...HEADERS, 'content-type': 'image/svg+xml' }, body: markup })
      if (!response.ok) throw new Error(`Could not save the drawing of slide ${no}: ${response.status} ${await response.text()}`)
    }
  },
  async clear() {
    const response = await fetch(ENDPOINT, { method: 'DELETE', headers: HEADERS })
    if (!response.ok) throw new Error(`Could not delete the saved drawings: ${response.status} ${await response.text()}`)
  },
}

const localStore: DrawingStore = {
  async load() {
    try {
      return parseSavedDrawings(localStorage.getItem(STORAGE_KEY))
    } catch {
      return {}
    }
  },
  async save(changed) {
    const all = savedDrawings({ ...parseSavedDrawings(localStorage.getItem(STORAGE_KEY)), ...changed })
    if (Object.keys(all).length) localStorage.setItem(STORAGE_KEY, JSON.stringify(all))
    else localStorage.removeItem(STORAGE_KEY)
  },
  async clear() {
    localStorage.removeItem(STORAGE_KEY)
  },
}

export const drawingStore: DrawingStore = import.meta.env.DEV ? devStore : localStore

type Store = ReturnType<typeof import('jotai').createStore>

let loading: Promise<void> | null = null

/**
 * Puts the saved drawings into the shared state, once per page: the drawing layer, and print pages (which
 * have no layer), both call it. What the page already shows (drawn or synced first) wins.
 */
export function loadSavedDrawings(store: Store): Promise<void> {
  loading ??= drawingStore
    .load()
    .then((saved) => {
      const merged = { ...saved }
      for (const [key, markup] of Object.entries(store.get(drawingsAtom))) if (markup) merged[Number(key)] = markup
      // Restored from storage, not drawn here: nothing to relay to other windows.
      store.set(drawingsOriginAtom, 'remote')
      store.set(drawingsAtom, merged)
    })
    .catch((error: unknown) => console.error('[drawings]', error))
  return loading
}
