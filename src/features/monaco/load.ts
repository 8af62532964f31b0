// Loads the Monaco editor's chunk (once), only when a slide with a Monaco block mounts where it can be edited.
import type * as EditorModule from './editor'

export type MonacoModule = typeof EditorModule

let loading: Promise<MonacoModule> | undefined

export function loadMonaco(): Promise<MonacoModule> {
  loading ??= import('./editor').then(async (mod) => {
    await mod.ready
    return mod
  })
  // A failed load (offline reload mid-build, say) may be tried again by the next block.
  loading.catch(() => (loading = undefined))
  return loading
}
