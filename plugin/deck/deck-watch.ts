// Watches the deck's own files so the last of several quick writes always reaches the pipeline. Vite's watcher
// (chokidar 3) reports a file's first change and drops its others for 50 ms (paulmillr/chokidar#1455, #1084): an edit
// followed at once by its undo, or two saves from the side editor, would leave the deck on the first text.
import { watch, type FSWatcher } from 'node:fs'
import { dirname, resolve } from 'node:path'

/** How long a file's events must pause before it is looked at: an editor's truncate and write come together. */
const SETTLE_MS = 20

export interface DeckWatch {
  /** Watches the folders of the deck's files as they are now (a `src:` import may have come or gone). */
  sync(): void
  close(): void
}

/**
 * Calls `settled(file)` once the events on one of `files()` have paused. Folders are watched, not files: a folder's
 * watch goes on reporting a file that an editor replaced by renaming another file over it.
 */
export function watchDeckFiles(files: () => Set<string>, settled: (file: string) => void): DeckWatch {
  const folders = new Map<string, FSWatcher>()
  const settling = new Map<string, NodeJS.Timeout>()

  const touched = (file: string) => {
    clearTimeout(settling.get(file))
    const timer = setTimeout(() => {
      settling.delete(file)
      settled(file)
    }, SETTLE_MS)
    timer.unref()
    settling.set(file, timer)
  }

  const watchFolder = (folder: string) => {
    try {
      const watcher = watch(folder, (_event, name) => {
        const file = name ? resolve(folder, name.toString()) : undefined
        if (file && files().has(file)) touched(file)
      })
      watcher.on('error', () => {
        watcher.close()
        folders.delete(folder)
      })
      // Never what keeps a process alive: the dev server's own handles do that.
      watcher.unref()
      folders.set(folder, watcher)
    } catch {
      // A folder that is not there (yet): Vite's watcher still reports the file when it appears.
    }
  }

  const sync = () => {
    const wanted = new Set([...files()].map((file) => dirname(file)))
    for (const [folder, watcher] of folders) {
      if (wanted.has(folder)) continue
      watcher.close()
      folders.delete(folder)
    }
    for (const folder of wanted) if (!folders.has(folder)) watchFolder(folder)
  }

  sync()
  return {
    sync,
    close() {
      for (const watcher of folders.values()) watcher.close()
      folders.clear()
      for (const timer of settling.values()) clearTimeout(timer)
      settling.clear()
    },
  }
}
