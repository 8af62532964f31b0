// Monaco's language workers as monaco-editor builds them: the package ships each worker (the editor's, TypeScript's,
// JSON's, CSS's, HTML's) as one minified classic script under min/vs/assets/. The editor (src/features/monaco/editor.ts)
// starts them from `virtual:deck/monaco-workers`, whose addresses point at those files: the build copies them as they
// are and the dev server serves them as they are. The package's own fallbacks (each language's workerManager.js starts
// `new Worker(new URL('ts.worker.js', import.meta.url))` when no MonacoEnvironment says otherwise) point at the same
// files, or Vite would bundle each worker again from its ES modules (TypeScript's alone is 7 MB of code): the parity
// fixture, a deck of Monaco blocks, rebuilt in 11.5–13 s at 1.6–1.7 GB that way, 9.3 s at 1.3–1.4 GB this way.
import { existsSync, readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Plugin } from 'vite'

export const MONACO_WORKERS_ID = 'virtual:deck/monaco-workers'

/** The workers the editor starts, by the name of monaco-editor's file (`ts.worker-<hash>.js`) and the export that holds its address. */
export const MONACO_WORKERS = { editor: 'editorWorker', ts: 'tsWorker', json: 'jsonWorker', css: 'cssWorker', html: 'htmlWorker' } as const

export type MonacoWorkerName = keyof typeof MONACO_WORKERS

/**
 * Each worker's file among `names` (the files of monaco-editor's min/vs/assets/). Throws naming what is missing: a
 * monaco-editor that no longer ships its workers built would otherwise give an editor without its language services.
 */
export function monacoWorkerFiles(names: readonly string[], where: string): Record<MonacoWorkerName, string> {
  const found = {} as Record<MonacoWorkerName, string>
  const missing: string[] = []
  for (const worker of Object.keys(MONACO_WORKERS) as MonacoWorkerName[]) {
    const matches = names.filter((name) => new RegExp(`^${worker}\\.worker-[\\w-]+\\.js$`).test(name))
    if (matches.length === 1) found[worker] = matches[0]!
    else missing.push(`${worker}.worker (${matches.length ? `${matches.length} files: ${matches.join(', ')}` : 'no file'})`)
  }
  if (missing.length) throw new Error(`monaco-editor's built workers were not found as expected in ${where}: ${missing.join('; ')}. Reinstall monaco-editor (npm install).`)
  return found
}

/**
 * The virtual module's code: one `?url` import per worker file (Vite copies each as an asset, untouched), its address
 * exported as a constant. Not re-exported (`export { default as … } from`): the bundler then kept each address as a
 * chunk of its own, shared by the editor and the language modes, three more requests for a Monaco slide.
 */
export function monacoWorkersModule(dir: string, files: Record<MonacoWorkerName, string>): string {
  return (Object.entries(MONACO_WORKERS) as [MonacoWorkerName, string][])
    .map(([worker, name]) => `import ${name}Url from ${JSON.stringify(`${join(dir, files[worker]).split('\\').join('/')}?url`)}\nexport const ${name} = ${name}Url`)
    .join('\n')
}

/** The workers monaco-editor's ES modules start themselves, by their file (`new URL('ts.worker.js', import.meta.url)`). */
const FALLBACK_WORKER = /new Worker\(new URL\((['"])(editor|ts|json|css|html)\.worker\.js\1, import\.meta\.url\), \{ type: "module" \}\)/g

/**
 * A monaco-editor module that starts a worker of its own with the address of the package's built worker instead (a
 * classic script: no module type); null when it starts none.
 */
export function pointFallbackWorkers(code: string): string | null {
  const pointed = code.replace(FALLBACK_WORKER, (_match, _quote, worker: MonacoWorkerName) => `new Worker(__deckMonacoWorkers.${MONACO_WORKERS[worker]})`)
  return pointed === code ? null : `import * as __deckMonacoWorkers from ${JSON.stringify(MONACO_WORKERS_ID)};\n${pointed}`
}

function assetsDir(): string {
  return join(dirname(createRequire(import.meta.url).resolve('monaco-editor/package.json')), 'min', 'vs', 'assets')
}

export default function monacoWorkersPlugin(): Plugin {
  const resolvedId = '\0' + MONACO_WORKERS_ID
  return {
    name: 'deck:monaco-workers',
    resolveId(id) {
      if (id === MONACO_WORKERS_ID) return resolvedId
    },
    transform: {
      // In dev the id may carry Vite's version query (`?v=…`).
      filter: { id: /monaco-editor[\\/]esm[\\/].*workerManager\.js(\?|$)/ },
      handler(code) {
        const pointed = pointFallbackWorkers(code)
        return pointed === null ? undefined : { code: pointed, map: null }
      },
    },
    load(id) {
      if (id !== resolvedId) return
      const dir = assetsDir()
      return monacoWorkersModule(dir, monacoWorkerFiles(existsSync(dir) ? readdirSync(dir) : [], dir))
    },
  }
}
