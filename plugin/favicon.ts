// The engine's icon for a deck that brings none: index.html asks for /favicon.svg, which a deck's public/ may hold;
// when it does not, the page carries the engine's icon inline (a data: address), so no build, dev server or one-file
// export asks for a file that is not there.
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

const ENGINE_ICON = fileURLToPath(new URL('../src/assets/favicon.svg', import.meta.url))

export default function faviconPlugin(): Plugin {
  let publicDir = ''
  return {
    name: 'deck:favicon',
    configResolved(config) {
      publicDir = config.publicDir
    },
    transformIndexHtml(html) {
      if (publicDir && existsSync(resolve(publicDir, 'favicon.svg'))) return html
      const icon = `data:image/svg+xml;base64,${readFileSync(ENGINE_ICON).toString('base64')}`
      return html.replace('href="/favicon.svg"', `href="${icon}"`)
    },
  }
}
