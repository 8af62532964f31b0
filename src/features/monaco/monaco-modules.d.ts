// The parts of monaco-editor the editor imports one by one (the package types only its whole build, 'monaco-editor').
declare module 'monaco-editor/esm/vs/editor/edcore.main.js'
declare module 'monaco-editor/esm/vs/language/typescript/monaco.contribution.js'
declare module 'monaco-editor/esm/vs/language/json/monaco.contribution.js'
declare module 'monaco-editor/esm/vs/language/css/monaco.contribution.js'
declare module 'monaco-editor/esm/vs/language/html/monaco.contribution.js'

/** The addresses of monaco-editor's built workers (plugin/monaco-workers.ts). */
declare module 'virtual:deck/monaco-workers' {
  export const editorWorker: string
  export const tsWorker: string
  export const jsonWorker: string
  export const cssWorker: string
  export const htmlWorker: string
}
