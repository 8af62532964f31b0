import { availableParallelism } from 'node:os'
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const UNIT = 'tests/unit'
const unitDir = fileURLToPath(new URL(UNIT, import.meta.url))

/**
 * Test files that need modules of their own: they replace modules (`vi.mock`) or globals, or run the engine's build,
 * dev server or command in the worker (Vite sets `process.env.NODE_ENV` and keeps its caches). Read from the files
 * themselves, so that a new test of that kind is kept apart without being listed.
 */
const OWN_MODULES = /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers)\b|from '(vite|(\.\.\/)+(cli\/[\w-]+|plugin\/build))'|createServer\(/
const apart = readdirSync(unitDir, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.test.ts') && OWN_MODULES.test(readFileSync(join(unitDir, name), 'utf8')))
  .map((name) => `${UNIT}/${name.split('\\').join('/')}`)

export default defineConfig({
  plugins: [
    {
      // The runtime names the deck's virtual modules in `import.meta.hot.accept(…)` (src/state/deck.ts), which Vite
      // resolves while compiling: tests that load the runtime mock those modules (vi.mock); this only lets them resolve.
      name: 'deck-virtual-modules-in-tests',
      resolveId: (id) => (id.startsWith('virtual:deck/') ? `\0${id}` : undefined),
      load: (id) => (id.startsWith('\0virtual:deck/') ? 'export {}' : undefined),
    },
  ],
  test: {
    testTimeout: 30000,
    // Threads start faster than forks (about 10 s less over the suite on two cores); no test needs a process of its own.
    pool: 'threads',
    // One worker per core. Vitest's own default for a run is one fewer than the cores: a single worker on two, where
    // the suite took 115 s; with two, 85 s (the same 1,764 tests passing).
    maxWorkers: availableParallelism(),
    projects: [
      // Pure logic shares each worker's modules from file to file: importing the pipeline once per worker instead of
      // once per file (the suite on two cores: 96 s with every file apart, 76–82 s so).
      { extends: true, test: { name: 'unit', include: [`${UNIT}/**/*.test.ts`], exclude: apart, isolate: false } },
      { extends: true, test: { name: 'apart', include: apart, isolate: true } },
    ],
  },
})
