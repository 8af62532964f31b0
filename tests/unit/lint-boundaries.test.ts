// The one-way flow is a rule the build checks: an import across a boundary, or a loop of imports between files, fails
// `npm run lint` (run first by npm test); src/'s folders import one way (checked here on the import graph).
import { describe, expect, it } from 'vitest'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { ESLint } from 'eslint'

const root = resolve(import.meta.dirname, '../..')
const srcRoot = join(root, 'src')
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

describe('no loop of imports between files', () => {
  /** Lints `entry` of a small repository laid out from `files` (paths from its root), with this repository's config. */
  async function cycleErrors(files: Record<string, string>, entry: string): Promise<string[]> {
    const dir = mkdtempSync(join(tmpdir(), 'deck-cycle-'))
    try {
      for (const [file, code] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, file)), { recursive: true })
        writeFileSync(join(dir, file), code)
      }
      const linter = new ESLint({ cwd: dir, overrideConfigFile: resolve(root, 'eslint.config.js') })
      const [result] = await linter.lintFiles([entry])
      return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-cycle').map((m) => m.message)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }

  it.each([
    ['src/features/play/PlayView.tsx', "import { help } from '../help/HelpDialog'\nexport const play = () => help", 'src/features/help/HelpDialog.tsx', "import { play } from '../play/PlayView'\nexport const help = () => play"],
    ['plugin/markdown/pipeline.ts', "import { step } from './remark-step.ts'\nexport const pipeline = [step]", 'plugin/markdown/remark-step.ts', "import { pipeline } from './pipeline.ts'\nexport const step = () => pipeline.length"],
    ['server/index.ts', "import { relay } from '../shared/relay.ts'\nexport const serve = relay", 'shared/relay.ts', "import { serve } from '../server/index.ts'\nexport const relay = () => serve"],
  ])('%s ↔ %s fails lint', async (a, codeA, b, codeB) => {
    expect(await cycleErrors({ [a]: codeA, [b]: codeB }, a)).toEqual([expect.stringMatching(/Dependency cycle/)])
  })

  it('a loop through three files fails lint', async () => {
    const files = {
      'src/App.tsx': "import { routes } from './routes'\nexport const app = routes",
      'src/routes.tsx': "import { root } from './boot/DeckRoot'\nexport const routes = root",
      'src/boot/DeckRoot.tsx': "import { app } from '../App'\nexport const root = () => app",
    }
    expect(await cycleErrors(files, 'src/App.tsx')).toEqual([expect.stringMatching(/Dependency cycle/)])
  })

  it('imports one way pass', async () => {
    const files = {
      'src/features/play/PlayView.tsx': "import { help } from '../help/HelpDialog'\nexport const play = help",
      'src/features/help/HelpDialog.tsx': "import { labels } from '../../kit/labels'\nexport const help = labels",
      'src/kit/labels.ts': 'export const labels = 1',
    }
    expect(await cycleErrors(files, 'src/features/play/PlayView.tsx')).toEqual([])
  })
})

/** The folder of src/ a file belongs to: a feature (features/play), a bottom folder (kit, state…), or the app shell. */
function srcFolder(file: string): string {
  const [first, second] = relative(srcRoot, file).split(sep)
  if (second === undefined || first === 'boot') return 'app shell'
  return first === 'features' ? `features/${second}` : first!
}

/** Every relative import (static, dynamic, type-only) between .ts/.tsx files under `dir`: [importer, imported file]. */
function sourceImports(dir: string): [string, string][] {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f)).map((f) => join(dir, f))
  const toFile = (from: string, spec: string) => {
    const base = resolve(dirname(from), spec)
    return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((f) => existsSync(f) && statSync(f).isFile())
  }
  return files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].flatMap(([, spec]) => {
      const target = toFile(file, spec!)
      return target?.startsWith(dir + sep) ? [[file, target] as [string, string]] : []
    }),
  )
}

/** Each loop in the folder graph, as its folders in order with one import per step ("a → b (a/x.ts)"). */
function folderLoops(imports: [string, string][]): string[] {
  const edges = new Map<string, Map<string, string>>()
  for (const [from, to] of imports) {
    const a = srcFolder(from)
    const b = srcFolder(to)
    if (a === b) continue
    if (!edges.has(a)) edges.set(a, new Map())
    if (!edges.get(a)!.has(b)) edges.get(a)!.set(b, relative(srcRoot, from))
  }
  const loops: string[] = []
  const done = new Set<string>()
  const path: string[] = []
  const visit = (folder: string) => {
    const at = path.indexOf(folder)
    if (at >= 0) {
      const loop = [...path.slice(at), folder]
      loops.push(loop.slice(1).map((to, i) => `${loop[i]} → ${to} (${edges.get(loop[i]!)!.get(to)})`).join(', '))
      return
    }
    if (done.has(folder)) return
    path.push(folder)
    for (const next of edges.get(folder)?.keys() ?? []) visit(next)
    path.pop()
    done.add(folder)
  }
  for (const folder of edges.keys()) visit(folder)
  return loops
}

describe("src/'s folders import one way", () => {
  const at = (file: string) => join(srcRoot, file)
  const imports = sourceImports(srcRoot)

  it('finds a loop between two feature folders, and one through the app shell', () => {
    expect(folderLoops([[at('features/play/PlayView.tsx'), at('features/help/HelpDialog.tsx')], [at('features/help/HelpDialog.tsx'), at('features/play/shortcuts.ts')]])).toEqual([
      'features/play → features/help (features/play/PlayView.tsx), features/help → features/play (features/help/HelpDialog.tsx)',
    ])
    expect(folderLoops([[at('routes.tsx'), at('features/play/PlayView.tsx')], [at('features/play/PlayView.tsx'), at('boot/DeckRoot.tsx')]])).toHaveLength(1)
    expect(folderLoops([[at('App.tsx'), at('routes.tsx')], [at('routes.tsx'), at('boot/boot-point.tsx')], [at('boot/DeckRoot.tsx'), at('App.tsx')]])).toEqual([])
  })

  it('reads the imports of src/ (static, dynamic and type-only)', () => {
    const has = (from: string, to: string) => imports.some(([a, b]) => a === at(from) && b === at(to))
    expect(has('routes.tsx', 'features/reader/ReaderView.tsx')).toBe(true)
    expect(has('deck-api.ts', 'features/shortcuts/shortcuts.ts')).toBe(true)
    expect(has('stage/SlideRenderer.tsx', 'layouts/index.ts')).toBe(true)
  })

  it('has no loop: no folder imports one that imports it back, directly or through others', () => {
    expect(folderLoops(imports)).toEqual([])
  })

  it('keeps the kit, the keys, the logic and the state at the bottom: they import only each other', () => {
    const bottom = new Set(['kit', 'keys', 'logic', 'state'])
    const upward = imports.filter(([from, to]) => bottom.has(srcFolder(from)) && !bottom.has(srcFolder(to)))
    expect(upward.map(([from, to]) => `${relative(srcRoot, from)} → ${relative(srcRoot, to)}`)).toEqual([])
  })

  it('has nothing import the app shell from below it', () => {
    const intoShell = imports.filter(([from, to]) => srcFolder(to) === 'app shell' && srcFolder(from) !== 'app shell')
    expect(intoShell.map(([from, to]) => `${relative(srcRoot, from)} → ${relative(srcRoot, to)}`)).toEqual([])
  })
})
