// What the dev server adds for the deck: its files (every last write) and components watched, and the editor's read/write endpoints (dev only).
import { existsSync } from 'node:fs'
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
  const deckWatch = watchDeckFiles(
    () => new Set([...state.files(), ...state.filesRead()]),
    (file) => {
      if (state.changedSinceRead(file)) devServer.watcher.emit('change', file)
    },
  )
  // Each component the deck now uses is watched as a file of its own: a components/ folder made moments ago may not
  // be scanned by Vite's watcher yet, and an edit made meanwhile would never reach the page.
  state.afterLoad = () => {
    deckWatch.sync()
    devServer.watcher.add(Object.values(state.components.byTag).map((ref) => ref.from))
    // The snippets the slides show, wherever they are (outside Vite's root too): an edit of one updates its slides.
    devServer.watcher.add([...state.filesRead()])
  }
  devServer.httpServer?.once('close', deckWatch.close)
  devServer.middlewares.use(createEditorMiddleware({ root: state.shownFrom, entry: () => entry, getAllowedFiles: () => [...state.files()], deckOnDisk: () => state.parsedNow() }))
}
