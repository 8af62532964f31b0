// A deck kept apart from the engine, in a folder with no node_modules of its own (pnpm's strict layout, a reslide
// installed globally): its components import react by name, and the build and the dev server find it where the
// engine does. Before, the build failed on `import "react"` and the dev server's dependency scan printed an error.
import { afterAll, describe, expect, it } from 'vitest'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createLogger, createServer } from 'vite'
import { buildDeck } from '../../plugin/build'

const root = resolve(import.meta.dirname, '../..')
const dir = mkdtempSync(join(tmpdir(), 'deck-apart-'))
const deck = join(dir, 'slides.md')
const component = join(dir, 'components', 'Tally.tsx')
mkdirSync(join(dir, 'components'))
writeFileSync(component, "import { useState } from 'react'\n\nexport default function Tally() {\n  const [count, setCount] = useState(3)\n  return <button className=\"tally\" onClick={() => setCount(count + 1)}>计数 {count}</button>\n}\n")
writeFileSync(deck, '---\ntheme: seriph\n---\n\n# 一\n\n<Tally />\n')
// A package installed beside the deck (the deck's own dependency), which imports a package it does not have.
const installed = join(dir, 'node_modules', 'some-lib', 'index.js')
mkdirSync(join(dir, 'node_modules', 'some-lib'), { recursive: true })
writeFileSync(installed, "export { atom } from 'jotai'\n")

/** Runs `work` with SLIDES_ENTRY naming the deck apart (vite.config.ts reads it). */
async function withDeck<T>(work: () => Promise<T>): Promise<T> {
  const before = process.env.SLIDES_ENTRY
  process.env.SLIDES_ENTRY = deck
  try {
    return await work()
  } finally {
    if (before === undefined) delete process.env.SLIDES_ENTRY
    else process.env.SLIDES_ENTRY = before
  }
}

afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('a deck in a folder with no node_modules', () => {
  it('builds, its component importing react prerendered in its slide', async () => {
    const outDir = join(dir, 'dist')
    await buildDeck({ entry: deck, outDir, logLevel: 'silent' })
    expect(readFileSync(join(outDir, '1', 'index.html'), 'utf8')).toMatch(/<button class="tally">计数 (<!-- -->)?3<\/button>/)
  }, 120_000)

  it('in the dev server its imports of react resolve to the engine\'s (as its dependency scan resolves them); a missing package still does not, nor an installed package\'s import', async () => {
    await withDeck(async () => {
      const server = await createServer({ root, configFile: resolve(root, 'vite.config.ts'), logLevel: 'silent', cacheDir: join(dir, 'resolve-cache') })
      try {
        const { pluginContainer } = server.environments.client!
        // Resolved as Vite's dependency scan resolves (its `scan` flag, which its types leave out): never to a
        // pre-bundled copy, which would answer for `react` from any folder.
        const asScan = { scan: true } as Parameters<typeof pluginContainer.resolveId>[2]
        for (const id of ['react', 'react/jsx-dev-runtime']) expect((await pluginContainer.resolveId(id, component, asScan))?.id, id).toContain(join(root, 'node_modules', 'react'))
        expect(await pluginContainer.resolveId('no-such-package-anywhere', component, asScan)).toBeNull()
        // A package installed in the deck's node_modules resolves its own imports as installed, not from the engine.
        expect(await pluginContainer.resolveId('jotai', installed, asScan)).toBeNull()
        expect((await pluginContainer.resolveId('jotai', component, asScan))?.id).toContain(join(root, 'node_modules', 'jotai'))
        // The deck's own relative imports are the deck's.
        expect((await pluginContainer.resolveId('./Tally.tsx', component))?.id).toBe(component)
      } finally {
        await server.close()
      }
    })
  }, 60_000)

  it('the dev server\'s dependency scan runs through the deck\'s components without an error', async () => {
    const errors: string[] = []
    const logger = createLogger('error')
    logger.error = (message) => void errors.push(message)
    await withDeck(async () => {
      // An empty cache of its own: the scan runs.
      const server = await createServer({ root, configFile: resolve(root, 'vite.config.ts'), customLogger: logger, cacheDir: join(dir, 'vite-cache'), server: { middlewareMode: true, ws: false } })
      try {
        const optimizer = server.environments.client!.depsOptimizer!
        await optimizer.init()
        await optimizer.scanProcessing
        // The pre-bundling it started ends before the server closes.
        await Promise.all(Object.values({ ...optimizer.metadata.optimized, ...optimizer.metadata.discovered }).map((dep) => dep.processing))
        expect(errors).toEqual([])
      } finally {
        await server.close()
      }
    })
  }, 60_000)
})
