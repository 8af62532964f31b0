// Loads slide modules on demand, keeps them, preloads neighbours (and their fonts), and swaps a slide in place when HMR replaces it.
import { useEffect, useSyncExternalStore } from 'react'
import type { SlideModule } from 'virtual:deck/slide'
import { slidesAtom, type SlideMeta } from './deck'
import { deckStore } from './store'
import { HOT_EVENTS } from '../../shared/events'
import { onHotEvent } from './hot-events'
import { loadSlideFonts } from './slide-fonts'

const loaded = new Map<number, SlideModule>()
const pending = new Map<number, Promise<SlideModule | undefined>>()
const listeners = new Set<() => void>()
let version = 0

function emit() {
  version += 1
  for (const listener of listeners) listener()
}

function meta(no: number): SlideMeta | undefined {
  return deckStore.get(slidesAtom)[no - 1]
}

/** Starts (once) loading slide `no`; resolves with its module. */
export function loadSlide(no: number): Promise<SlideModule | undefined> {
  const have = loaded.get(no)
  if (have) return Promise.resolve(have)
  let promise = pending.get(no)
  if (!promise) {
    const slide = meta(no)
    promise = slide
      ? slide.load().then(
          (mod) => {
            loaded.set(no, mod)
            pending.delete(no)
            emit()
            return mod
          },
          (error: unknown) => {
            pending.delete(no)
            console.error(`[deck] slide ${no} failed to load`, error)
            return undefined
          },
        )
      : Promise.resolve(undefined)
    pending.set(no, promise)
  }
  return promise
}

/**
 * Loads the slides around `no` so moving there shows them at once (unless a slide says `preload: false`), and the
 * font faces their text needs (a few KB, loaded for every neighbour).
 */
export function preloadAround(no: number) {
  for (const n of [no + 1, no - 1, no + 2]) {
    const slide = meta(n)
    if (!slide) continue
    if (slide.frontmatter.preload !== false) void loadSlide(n)
    void loadSlideFonts(n)
  }
}

export function getLoadedSlide(no: number): SlideModule | undefined {
  return loaded.get(no)
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
const currentVersion = () => version

/** The module of slide `no` once it is loaded (0: none), without asking for it: whoever needs it loads it. */
export function useLoadedSlide(no: number): SlideModule | undefined {
  useSyncExternalStore(subscribe, currentVersion, currentVersion)
  return loaded.get(no)
}

const noVersion = () => 0
const noModule = (): SlideModule | undefined => undefined

/**
 * Every slide's loaded module, for a view that shows them all (the reader). Once `following`, the view renders again
 * when a module is replaced (an edit in dev); before, no module reaches it and it never renders for one (while its
 * slides load, each would render the whole view again).
 */
export function useLoadedSlides(following: boolean): (no: number) => SlideModule | undefined {
  const snapshot = following ? currentVersion : noVersion
  useSyncExternalStore(subscribe, snapshot, snapshot)
  return following ? getLoadedSlide : noModule
}

/** The module of slide `no`, or undefined while it loads. */
export function useSlideModule(no: number): SlideModule | undefined {
  const mod = useLoadedSlide(no)
  useEffect(() => {
    void loadSlide(no)
  }, [no])
  return mod
}

if (import.meta.hot) {
  onHotEvent<{ no: number; module: SlideModule }>(import.meta.hot, HOT_EVENTS.slideUpdate, ({ no, module }) => {
    loaded.set(no, module)
    emit()
  })
  onHotEvent(import.meta.hot, HOT_EVENTS.listUpdate, () => {
    // Slide numbers may have shifted: forget modules whose slide no longer exists.
    const total = deckStore.get(slidesAtom).length
    for (const no of [...loaded.keys()]) if (no > total) loaded.delete(no)
    emit()
  })
}
