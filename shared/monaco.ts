// Slidev's Monaco code blocks (```ts {monaco}, {monaco-run}, {monaco-diff}): what the build hands the browser's editor
// for each block (plugin/markdown/remark-monaco.ts reads the fence; src/components/Monaco.tsx opens the editor).

export type MonacoKind = 'monaco' | 'monaco-run' | 'monaco-diff'

/** The options a block's object literal may set (`{monaco-run} {autorun: false, height: 'auto'}`), as Slidev names them. */
export interface MonacoOptions {
  /** `'initial'` (the code's height when the editor opens, the default), `'auto'` (follows the code), or a CSS length. */
  height?: string
  /** Monaco's own editor options, passed through. */
  editorOptions?: Record<string, unknown>
  readonly?: boolean
  /** Line numbers (the deck's `lineNumbers` when unset). */
  lines?: boolean
  lineNumbers?: 'on' | 'off' | 'relative' | 'interval'
  /** `{monaco-run}`: run when the slide opens and again after each edit (true), once, or only with the run button (false). */
  autorun?: boolean | 'once'
  /** `{monaco-run}`: the click at which the output shows (a v-click value: `'+1'`, `2`). */
  showOutputAt?: string | number
  /** `{monaco-run}`: the output panel's CSS height. */
  outputHeight?: string
  /** `{monaco-run}`: how long a run may take, in milliseconds, before it is stopped (reslide's; 5000 by default). */
  timeout?: number
}

/** What the build hands the runtime for one block. */
export interface MonacoBlock {
  kind: MonacoKind
  /** Monaco's language id (`typescript`, `javascript`, `json`, `css`, `html`, `markdown`, `plaintext`). */
  language: string
  code: string
  /** `{monaco-diff}`: the code after the `~~~` line (the diff's modified side). */
  modified?: string
  options: MonacoOptions
  /** `{monaco-run}` with `showOutputAt`: the click the output shows from (rehype-clicks counts it). */
  outputSince?: number
}

/** A run's time limit when the block sets none. */
export const DEFAULT_RUN_TIMEOUT = 5000
