// Libraries the build ships as their makers built them: mermaid's minified ES build (its entry and its chunks, no
// source maps) goes into the build as files, under assets/vendor/mermaid/, where src/features/diagrams/mermaid-vendor.ts
// loads it. The bundler never parses or minifies it again.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Plugin } from 'vite'

/** Where the copy goes in the build (the loader's address is relative to the app's chunks, in assets/). */
export const MERMAID_VENDOR_DIR = 'assets/vendor/mermaid'

/** The entry of mermaid's minified ES build, in its dist/ folder (its chunks are beside it). */
const MERMAID_ENTRY = 'mermaid.esm.min.mjs'

/** mermaid's dist/ folder, where its minified ES build is. */
const mermaidDist = (): string => join(dirname(createRequire(import.meta.url).resolve('mermaid/package.json')), 'dist')

/** The entry of mermaid's minified ES build: the build copies it, the dev server serves it, the checks load it. */
export const mermaidEntry = (): string => join(mermaidDist(), MERMAID_ENTRY)

/** mermaid's minified ES build: the entry and its chunks, as paths relative to mermaid's dist/. */
export function mermaidBuildFiles(dist: string): string[] {
  const chunks = join(dist, 'chunks', 'mermaid.esm.min')
  if (!existsSync(join(dist, MERMAID_ENTRY)) || !existsSync(chunks)) throw new Error(`mermaid's ES build is missing in ${dist} (npm install mermaid)`)
  return [MERMAID_ENTRY, ...readdirSync(chunks).filter((name) => name.endsWith('.mjs')).map((name) => `chunks/mermaid.esm.min/${name}`)]
}

export default function vendorPlugin(): Plugin {
  return {
    name: 'deck:vendor',
    apply: 'build',
    generateBundle() {
      if (this.environment.name !== 'client') return
      const dist = mermaidDist()
      for (const file of mermaidBuildFiles(dist)) this.emitFile({ type: 'asset', fileName: `${MERMAID_VENDOR_DIR}/${file}`, source: readFileSync(join(dist, file)) })
    },
  }
}
