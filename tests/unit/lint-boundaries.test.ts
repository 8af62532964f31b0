// The one-way flow is a rule the build checks: an import across a boundary fails `npm run lint` (run first by npm test).
import { describe, expect, it } from 'vitest'
import { resolve } from 'node:path'
import { ESLint } from 'eslint'

const root = resolve(import.meta.dirname, '../..')
const eslint = new ESLint({ cwd: root })

/** One rule's complaints about one line of code placed at `file`. */
async function lintErrors(rule: string, file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = value\n`, { filePath: resolve(root, file) })
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message)
}

const boundaryErrors = (file: string, code: string) => lintErrors('no-restricted-imports', file, code)

describe('import boundaries', () => {
  it.each([
    ['src/features/play/x.ts', "import { value } from '../../../plugin/parser'", /src\/ runs in the browser/],
    ['src/logic/x.ts', "import { value } from '../../server/index'", /src\/ runs in the browser/],
    ['src/logic/x.ts', "import { value } from 'node:fs'", /no Node built-ins/],
    ['plugin/markdown/x.ts', "import { value } from '../../src/features/shortcuts/shortcuts'", /plugin\/ runs at build time/],
    ['plugin/x.ts', "import { value } from '../src/logic/nav'", /plugin\/ runs at build time/],
    ['plugin/x.ts', "import { value } from '../server/index'", /plugin\/ runs at build time/],
    ['shared/x.ts', "import { value } from '../src/logic/nav'", /shared\/ is the pure core/],
    ['shared/x.ts', "import { value } from '../plugin/parser'", /shared\/ is the pure core/],
    ['shared/x.ts', "import { value } from 'react'", /no React/],
    ['shared/x.ts', "import { value } from 'node:fs'", /no Node built-ins/],
    ['server/x.ts', "import { value } from '../plugin/parser'", /server\/ serves a build/],
    ['scripts/export/x.ts', "import { value } from '../../src/logic/nav'", /scripts\/ run in Node/],
    ['components/X.tsx', "import { value } from '../src/state/sync/synced-state'", /components\/ is the deck's own code/],
    ['components/charts/X.tsx', "import { value } from 'node:fs'", /no Node built-ins/],
    ['plugin/deck/x.ts', "import { value } from '../../components/ReserveRatioSimulator'", /plugin\/ runs at build time/],
  ])('%s: %s fails lint', async (file, code, message) => {
    const errors = await boundaryErrors(file, code)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(message)
  })

  it.each([
    ['src/features/play/x.ts', "import { value } from '../../../shared/clicks'"],
    ['plugin/markdown/x.ts', "import { value } from '../../shared/clicks.ts'"],
    ['server/x.ts', "import { value } from '../shared/sync-relay'"],
    ['plugin/x.ts', "import { value } from 'node:fs'"],
    ['shared/x.ts', "import { value } from './clicks.ts'"],
    ['scripts/export/x.ts', "import { value } from '../../plugin/parser'"],
    ['tests/unit/x.test.ts', "import { value } from '../../src/logic/nav'"],
    ['components/X.tsx', "import { value } from '@deck/client'"],
    ['components/X.tsx', "import { value } from './money'"],
  ])('%s: %s is allowed', async (file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([])
  })
})

describe('what Vite loads its config with names its files', () => {
  it.each([
    ['vite.config.ts', "import { value } from './plugin/index'"],
    ['plugin/x.ts', "import { value } from './parser'"],
    ['plugin/deck/x.ts', "export { value } from '../markdown/pipeline'"],
    ['plugin/deck/x.ts', "const { value } = await import('./state')"],
    ['shared/x.ts', "import { value } from './duration'"],
    ['plugin/x.ts', "import { value } from './unocss'"],
  ])('%s: %s fails lint', async (file, code) => {
    expect(await lintErrors('no-restricted-syntax', file, code)).toEqual([expect.stringMatching(/Name the file with its extension/)])
  })

  it.each([
    ['plugin/x.ts', "import { value } from './parser.ts'"],
    ['plugin/x.ts', "import { value } from './unocss/index.ts'"],
    ['plugin/x.ts', "import { value } from 'node:fs'"],
    ['plugin/x.ts', "import { value } from 'mermaid'"],
    ['shared/x.ts', "import type { value } from './config.ts'"],
    // The browser app and the scripts are not part of the config (Vite and tsx resolve them).
    ['src/logic/x.ts', "import { value } from './nav'"],
    ['scripts/x.ts', "import { value } from '../plugin/parser'"],
  ])('%s: %s is allowed', async (file, code) => {
    expect(await lintErrors('no-restricted-syntax', file, code)).toEqual([])
  })
})
