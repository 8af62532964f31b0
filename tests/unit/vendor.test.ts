// The libraries the build copies as their makers built them: mermaid (plugin/vendor.ts), Monaco's workers
// (plugin/monaco-workers.ts).
import { describe, expect, it } from 'vitest'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { mermaidBuildFiles } from '../../plugin/vendor'
import { MONACO_WORKERS_ID, monacoWorkerFiles, monacoWorkersModule, pointFallbackWorkers } from '../../plugin/monaco-workers'
import { deckModules } from '../../plugin/deck/modules'
import type { DeckState } from '../../plugin/deck/state'

const dist = join(dirname(createRequire(import.meta.url).resolve('mermaid/package.json')), 'dist')

describe("mermaid's own ES build, copied into the build", () => {
  it('is the entry and every chunk it can import, without source maps', () => {
    const files = mermaidBuildFiles(dist)
    expect(files[0]).toBe('mermaid.esm.min.mjs')
    expect(files.every((f) => f.endsWith('.mjs'))).toBe(true)
    // Every relative import of every file (static and dynamic) is among the files copied.
    const copied = new Set(files)
    for (const file of files) {
      const code = readFileSync(join(dist, file), 'utf8')
      for (const [, spec] of code.matchAll(/(?:from|import\()\s*"(\.{1,2}\/[^"]+)"/g)) {
        const target = join(dirname(file), spec!).split('\\').join('/')
        expect(copied.has(target), `${file} imports ${spec}`).toBe(true)
      }
    }
  })

  it('says what is missing when mermaid is not installed', () => {
    expect(() => mermaidBuildFiles(join(tmpdir(), 'no-mermaid-here'))).toThrow(/mermaid's ES build is missing in .*no-mermaid-here \(npm install mermaid\)/)
  })
})

const monacoDir = dirname(createRequire(import.meta.url).resolve('monaco-editor/package.json'))
const workerDir = join(monacoDir, 'min', 'vs', 'assets')

describe("Monaco's workers as monaco-editor builds them", () => {
  it('finds each of the five in the installed package, each one self-contained classic script', () => {
    const files = monacoWorkerFiles(readdirSync(workerDir), workerDir)
    expect(Object.keys(files).sort()).toEqual(['css', 'editor', 'html', 'json', 'ts'])
    for (const file of Object.values(files)) {
      const code = readFileSync(join(workerDir, file), 'utf8')
      // A classic worker: no import or export statement at its top level (it is one function run at once).
      expect(code.startsWith('(function(){'), file).toBe(true)
      expect(/^\s*(import|export)\s/m.test(code.slice(0, 2000)), file).toBe(false)
    }
  })

  it('says which worker is missing, or which is ambiguous, and what to do', () => {
    const names = ['editor.worker-A1.js', 'ts.worker-B2.js', 'ts.worker-C3.js', 'json.worker-D4.js', 'css.worker-E5.js', 'html.worker-F6.js.map']
    expect(() => monacoWorkerFiles(names, '/x')).toThrow(/in \/x: ts\.worker \(2 files: ts\.worker-B2\.js, ts\.worker-C3\.js\); html\.worker \(no file\)\. Reinstall monaco-editor/)
  })

  it("gives each worker's address by a ?url import of its file (copied as it is, never bundled)", () => {
    const code = monacoWorkersModule('/m/assets', { editor: 'editor.worker-1.js', ts: 'ts.worker-2.js', json: 'json.worker-3.js', css: 'css.worker-4.js', html: 'html.worker-5.js' })
    expect(code).toContain('import tsWorkerUrl from "/m/assets/ts.worker-2.js?url"\nexport const tsWorker = tsWorkerUrl')
    expect(code.match(/\?url"/g)).toHaveLength(5)
  })

  it("points the package's own fallback workers at the same files, in every workerManager.js it has", () => {
    const esm = join(monacoDir, 'esm', 'vs', 'language')
    for (const language of ['typescript', 'json', 'css', 'html']) {
      const pointed = pointFallbackWorkers(readFileSync(join(esm, language, 'workerManager.js'), 'utf8'))
      expect(pointed, language).not.toBeNull()
      expect(pointed!.startsWith(`import * as __deckMonacoWorkers from "${MONACO_WORKERS_ID}";`)).toBe(true)
      expect(pointed).not.toContain('import.meta.url')
      expect(pointed).toMatch(/new Worker\(__deckMonacoWorkers\.(ts|json|css|html)Worker\)/)
    }
    expect(pointFallbackWorkers('const w = new Worker(new URL("./mine.js", import.meta.url))')).toBeNull()
  })

  it("leaves another plugin's module under virtual:deck/ to that plugin", async () => {
    const modules = deckModules({ ensure: () => {} } as unknown as DeckState)
    expect(modules.resolveId(MONACO_WORKERS_ID)).toBeUndefined()
    expect(await modules.load('\0' + MONACO_WORKERS_ID)).toBeUndefined()
  })
})
