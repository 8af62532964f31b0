// What the dev server adds for the deck: its files watched, and the editor's read/write endpoints (dev only).
import { existsSync } from 'node:fs'
import type { ViteDevServer } from 'vite'
import { createEditorMiddleware } from '../editor'
import type { DeckState } from './state'

export function serveDeckEndpoints(devServer: ViteDevServer, state: DeckState): void {
  const { entry, root } = state
  if (!existsSync(entry)) devServer.config.logger.error(`[deck] ${entry} does not exist`)
  devServer.watcher.add(entry)
  devServer.middlewares.use(createEditorMiddleware({ root, getAllowedFiles: () => [...state.files()] }))
}
