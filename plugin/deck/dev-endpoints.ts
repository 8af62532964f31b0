// What the dev server adds for the deck: its files (every last write) and components watched, and the editor's read/write endpoints (dev only).
import { existsSync, statSync } from 'node:fs'
import type { ViteDevServer } from 'vite'
import { createEditorMiddleware } from '../editor.ts'
import type { DeckState } from './state.ts'
import { componentsDir, isComponentFile } from './components.ts'
import { watchDeckFiles } from './deck-watch.ts'

export function serveDeckEndpoints(devServer: ViteDevServer, state: DeckState): void {
  const { entry } = state
  if (!existsSync(entry)) devServer.config.logger.error(`[deck] ${entry} does not exist`)
  devServer.watcher.add(entry)
  // A component file appearing or going changes which tags the slides can use: the deck is compiled again as after
  // an edit (only slides naming it change). Edits inside a component file are Vite's own HMR (React Fast Refresh).
  devServer.watcher.add(componentsDir(entry))
  const componentsMoved = (file: string) => {
    if (isComponentFile(file, entry)) devServer.watcher.emit('change', entry)
  }
  devServer.watcher.on('add', componentsMoved)
  devServer.watcher.on('unlink', componentsMoved)
  // The last of quick writes (an edit and its undo, the side editor's rename-over-the-file saves, a truncate before a
  // write) that Vite's watcher dropped goes through Vite's update path like any change: the deck's files and the
  // snippets its slides show.
  // The components the slides use are followed the same way: a components/ folder made moments ago may not be
  // scanned by Vite's watcher yet, and an edit made meanwhile would never reach the page. Each is sent on once per
  // version (its size and time), so an edit Vite's watcher did report is not updated twice.
  const componentFiles = () => Object.values(state.components.byTag).map((ref) => ref.from)
  const componentSent = new Map<string, string>()
  const sent = (file: string) => componentSent.set(file, versionOf(file))
  devServer.watcher.on('change', (file: string) => {
    if (componentSent.has(file)) sent(file)
  })
  const deckWatch = watchDeckFiles(
    () => new Set([...state.files(), ...state.filesRead(), ...componentFiles()]),
    (file) => {
      // A component that is gone is the watcher's unlink (the deck is compiled again without it), never a change.
      const changed = componentSent.has(file) ? ![componentSent.get(file), 'gone'].includes(versionOf(file)) : state.changedSinceRead(file)
      if (changed) devServer.watcher.emit('change', file)
    },
  )
  state.afterLoad = () => {
    for (const file of componentFiles()) if (!componentSent.has(file)) sent(file)
    deckWatch.sync()
    devServer.watcher.add(componentFiles())
    // The snippets the slides show, wherever they are (outside Vite's root too): an edit of one updates its slides.
    devServer.watcher.add([...state.filesRead()])
  }
  devServer.httpServer?.once('close', deckWatch.close)
  devServer.middlewares.use(createEditorMiddleware({ root: state.shownFrom, entry: () => entry, getAllowedFiles: () => [...state.files()], deckOnDisk: () => state.parsedNow() }))
}

/** A file's version as the file system tells it: its size and last write. */
function versionOf(file: string): string {
  try {
    const { size, mtimeMs } = statSync(file)
    return `${size}:${mtimeMs}`
  } catch {
    return 'gone'
  }
}
