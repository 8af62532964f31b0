// The engine's icon for a deck that brings none: index.html asks for /favicon.svg, which a deck's public/ may hold;
// when it does not, the dev server answers with the engine's and the build ships it.
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

const ENGINE_ICON = fileURLToPath(new URL('../src/assets/favicon.svg', import.meta.url))

export default function faviconPlugin(): Plugin {
  let publicDir = ''
  const deckHasOne = () => Boolean(publicDir) && existsSync(resolve(publicDir, 'favicon.svg'))
  return {
    name: 'deck:favicon',
    configResolved(config) {
      publicDir = config.publicDir
    },
    configureServer(server) {
      server.middlewares.use('/favicon.svg', (req, res, next) => {
        if (deckHasOne() || (req.method !== 'GET' && req.method !== 'HEAD')) return next()
        res.setHeader('Content-Type', 'image/svg+xml')
        res.end(readFileSync(ENGINE_ICON))
      })
    },
    generateBundle() {
      if (this.environment.name !== 'client' || deckHasOne()) return
      this.emitFile({ type: 'asset', fileName: 'favicon.svg', source: readFileSync(ENGINE_ICON) })
    },
  }
}
