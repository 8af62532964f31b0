// Makes Monaco code blocks editable: the editor core with the TypeScript, JSON, CSS and HTML services, bundled from the
// monaco-editor package (no CDN), and their workers as the package builds them (plugin/monaco-workers.ts), coloured by
// shiki in the deck's two code themes.
// Loaded only by `loadMonaco()` (a dynamic import) when a slide with a Monaco block mounts.
import type * as MonacoApi from 'monaco-editor'
import * as core from 'monaco-editor/esm/vs/editor/edcore.main.js'
import * as typescriptService from 'monaco-editor/esm/vs/language/typescript/monaco.contribution.js'
import 'monaco-editor/esm/vs/language/json/monaco.contribution.js'
import 'monaco-editor/esm/vs/language/css/monaco.contribution.js'
import 'monaco-editor/esm/vs/language/html/monaco.contribution.js'
import { cssWorker, editorWorker, htmlWorker, jsonWorker, tsWorker } from 'virtual:deck/monaco-workers'
import { shikiToMonaco } from '@shikijs/monaco'
import { createHighlighterCore } from 'shiki/core'
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript'
import { CODE_THEMES } from '../../../shared/code-themes'

export type Monaco = typeof MonacoApi
export const monaco = core as unknown as Monaco
const ts = typescriptService as unknown as Monaco['typescript']

self.MonacoEnvironment = {
  getWorker(_id: string, label: string) {
    const start = (url: string) => new Worker(url, { name: label })
    if (label === 'typescript' || label === 'javascript') return start(tsWorker)
    if (label === 'json') return start(jsonWorker)
    if (label === 'css' || label === 'scss' || label === 'less') return start(cssWorker)
    if (label === 'html' || label === 'handlebars' || label === 'razor') return start(htmlWorker)
    return start(editorWorker)
  },
}

// Monaco cancels the requests of an editor it disposes (a slide left) with a rejected promise nobody awaits.
window.addEventListener('unhandledrejection', (event) => {
  const reason: unknown = event.reason
  if (reason instanceof Error && reason.name === 'Canceled' && reason.message === 'Canceled') event.preventDefault()
})

// The code runs as a module in the browser: modern syntax, top-level await, no declaration files to look for.
for (const defaults of [ts.typescriptDefaults, ts.javascriptDefaults]) {
  defaults.setCompilerOptions({
    ...defaults.getCompilerOptions(),
    target: ts.ScriptTarget.ESNext,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.NodeJs,
    allowNonTsExtensions: true,
    strict: true,
  })
}

/** The languages shiki colours in the editor (the others are plain text), each with its grammar. */
const GRAMMARS = [
  import('shiki/langs/typescript.mjs'),
  import('shiki/langs/javascript.mjs'),
  import('shiki/langs/json.mjs'),
  import('shiki/langs/css.mjs'),
  import('shiki/langs/html.mjs'),
  import('shiki/langs/markdown.mjs'),
]

/** Shiki's tokens and the deck's two themes in Monaco: set once, before the first editor. */
async function colourWithShiki(): Promise<void> {
  const highlighter = await createHighlighterCore({
    themes: [import('shiki/themes/vitesse-light.mjs'), import('shiki/themes/vitesse-dark.mjs')],
    langs: GRAMMARS,
    engine: createJavaScriptRegexEngine(),
  })
  for (const id of ['typescript', 'javascript', 'json', 'css', 'html', 'markdown']) monaco.languages.register({ id })
  shikiToMonaco(highlighter, monaco as unknown as Parameters<typeof shikiToMonaco>[1], { tokenizeTimeLimit: 0 })
}

export const ready: Promise<void> = colourWithShiki()

/** The deck's scheme in every editor (Monaco has one theme for the page). */
export function setScheme(dark: boolean): void {
  monaco.editor.setTheme(dark ? CODE_THEMES.dark : CODE_THEMES.light)
}
