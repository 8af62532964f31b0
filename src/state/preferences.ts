// The viewer's preferences in localStorage (Slidev's key names); a corrupt or foreign value falls back to the default.
import { atom, type PrimitiveAtom } from 'jotai'
import { isViewChoice, type ViewChoice } from '../logic/reader'
import { deckStore } from './store'
import { DEFAULT_BRUSH, DEFAULT_TOOLBAR_POSITION, isBrush, isToolbarPosition, type Brush, type ToolbarPosition } from '../logic/drawing'
import { DEFAULT_CAMERA_FRAME, isCameraFrame, type CameraFrame } from '../logic/recording'
import { STORAGE_PREFIX } from '../../shared/storage-keys'


function read<T>(key: string, fallback: T, accept: (v: unknown) => v is T): T {
  try {
    const raw = localStorage.getItem(STORAGE_PREFIX + key)
    if (raw === null) return fallback
    // Slidev (VueUse) stores strings bare ("dark") and everything else as JSON; both read back here.
    let value: unknown = raw
    try {
      value = JSON.parse(raw)
    } catch {
      // A bare string, or garbage that the check below turns away.
    }
    return accept(value) ? value : fallback
  } catch {
    return fallback
  }
}

function write(key: string, value: unknown) {
  try {
    localStorage.setItem(STORAGE_PREFIX + key, typeof value === 'string' ? value : JSON.stringify(value))
  } catch {
    // Storage full or disabled: the preference lives for this page only.
  }
}

/**
 * A prerendered page was rendered with every preference at its default, and its hydration must render the same:
 * there the stored values wait for restorePreferences(), called once the first render has committed.
 */
export const preferencesDeferred = typeof document !== 'undefined' && document.getElementById('app')?.dataset.prerendered !== undefined
const restorers: (() => void)[] = []

/** Puts the stored preferences (and the system's colour scheme) into the deck's store. */
export function restorePreferences() {
  for (const restore of restorers) restore()
}

/** Runs `restore` with the preferences (for state kept elsewhere that a prerendered page also renders by default). */
export function onRestorePreferences(restore: () => void) {
  restorers.push(restore)
}

/** An atom mirrored to `slidev-<key>`, validated on read. */
export function preferenceAtom<T>(key: string, fallback: T, accept: (v: unknown) => v is T): PrimitiveAtom<T> {
  const base = atom<T>(preferencesDeferred ? fallback : read(key, fallback, accept))
  restorers.push(() => deckStore.set(base, read(key, fallback, accept)))
  // Another window of the deck (the presenter's, say) changing the preference changes it here too.
  base.onMount = (set) => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_PREFIX + key) set(read(key, fallback, accept))
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }
  const derived = atom(
    (get) => get(base),
    (get, set, update: T | ((prev: T) => T)) => {
      const next = typeof update === 'function' ? (update as (prev: T) => T)(get(base)) : update
      if (!accept(next)) return
      set(base, next)
      write(key, next)
    },
  )
  return derived as unknown as PrimitiveAtom<T>
}

export const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean'
export const isNumberIn = (min: number, max: number) => (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max
export const isOneOf = <T extends string | number>(...values: T[]) => (v: unknown): v is T => values.includes(v as T)

/** 0 = fit the window, 1 = one slide pixel per screen pixel. */
export const scaleAtom = preferenceAtom<0 | 1>('scale', 0, isOneOf<0 | 1>(0, 1))
export const colorChoiceAtom = preferenceAtom<'dark' | 'light' | 'auto'>('color-schema', 'auto', isOneOf('dark', 'light', 'auto'))
export const showOverviewAtom = preferenceAtom('show-overview', false, isBoolean)
export const presenterCursorAtom = preferenceAtom('presenter-cursor', true, isBoolean)
export const showEditorAtom = preferenceAtom('show-editor', false, isBoolean)
export const editorWidthAtom = preferenceAtom('editor-width', 420, isNumberIn(240, 2000))
export const presenterFontSizeAtom = preferenceAtom('presenter-font-size', 1, isNumberIn(0.5, 2))
export const presenterLayoutAtom = preferenceAtom<1 | 2 | 3>('presenter-layout', 1, isOneOf<1 | 2 | 3>(1, 2, 3))
/** The notes layout's split (the slides' column as a share of the width). */
export const presenterNotesSplitAtom = preferenceAtom('presenter-notes-split', 0.32, isNumberIn(0.15, 0.7))
export const drawingEnabledAtom = preferenceAtom('drawing-enabled', false, isBoolean)
export const drawingPinnedAtom = preferenceAtom('drawing-pinned', false, isBoolean)
export const drawingBrushAtom = preferenceAtom<Brush>('drawing-brush', DEFAULT_BRUSH, isBrush)
export const drawingToolbarPositionAtom = preferenceAtom<ToolbarPosition>('drawing-toolbar-position', DEFAULT_TOOLBAR_POSITION, isToolbarPosition)
/** The slides or the reader, as last chosen with their toggle; null until chosen (the screen decides). */
export const viewChoiceAtom = preferenceAtom<ViewChoice | null>('view', null, (v): v is ViewChoice | null => v === null || isViewChoice(v))
export const isDeviceId = (v: unknown): v is string => typeof v === 'string' && v.length <= 512
/** The chosen camera and microphone (a device id, 'default', or 'none'). */
export const cameraAtom = preferenceAtom('camera', 'default', isDeviceId)
export const micAtom = preferenceAtom('mic', 'default', isDeviceId)
export const cameraFrameAtom = preferenceAtom<CameraFrame>('camera-frame', DEFAULT_CAMERA_FRAME, isCameraFrame)
