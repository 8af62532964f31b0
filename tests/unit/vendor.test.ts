// The libraries the build copies as their makers built them (plugin/vendor.ts).
import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { mermaidBuildFiles } from '../../plugin/vendor'

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
