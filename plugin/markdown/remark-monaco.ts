// Reads Slidev's Monaco fences (```ts {monaco}, {monaco-run}, {monaco-diff} with its `~~~` line, and snippets
// `<<< @/snippets/a.ts {monaco}`): the block becomes a `deck-monaco` element that opens the editor in the browser,
// holding the code as plain fences, which rehype-shiki highlights for every page that shows it without the editor.
import type { Root, Code } from 'mdast'
import { visit } from 'unist-util-visit'
import type { VFile } from 'vfile'
import JSON5 from 'json5'
import type { MonacoBlock, MonacoKind, MonacoOptions } from '../../shared/monaco.ts'

export interface ParsedMonacoInfo {
  kind: MonacoKind
  /** The fence's language as written (`ts`). */
  lang: string
  options: MonacoOptions
  problems: string[]
}

/** Slidev's `lang {monaco…} {options} rest` (node/syntax/codeblock/monaco.ts), the options object allowed to nest. */
const INFO = /^([\w'-]+)?\s*\{(monaco[\w-]*)\}\s*(.*)$/


const LANGUAGES: Record<string, string> = {
  ts: 'typescript',
  typescript: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  tsx: 'typescript',
  js: 'javascript',
  javascript: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascript',
  json: 'json',
  jsonc: 'json',
  json5: 'json',
  css: 'css',
  html: 'html',
  md: 'markdown',
  markdown: 'markdown',
}

/** The Monaco language a fence's language is edited in; the ones without a grammar bundled are plain text. */
export function monacoLanguage(lang: string): string {
  return LANGUAGES[lang.toLowerCase()] ?? 'plaintext'
}

/** Whether `{monaco-run}` can run code of this Monaco language (in a worker, as JavaScript). */
export const isRunnable = (language: string): boolean => language === 'typescript' || language === 'javascript'

/** The first balanced `{…}` at the start of `text` (quotes respected), and what follows it. */
function leadingObject(text: string): { object: string; rest: string } | null {
  if (!text.startsWith('{')) return null
  let depth = 0
  let quote = ''
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quote) {
      if (c === '\\') i++
      else if (c === quote) quote = ''
      continue
    }
    if (c === '"' || c === "'" || c === '`') quote = c
    else if (c === '{') depth++
    else if (c === '}' && --depth === 0) return { object: text.slice(0, i + 1), rest: text.slice(i + 1).trim() }
  }
  return null
}

const KINDS: readonly string[] = ['monaco', 'monaco-run', 'monaco-diff']
const LINE_NUMBERS = ['on', 'off', 'relative', 'interval']

/** Reads the options object, keeping the known keys of the right type; each other one is a problem. */
function readOptions(raw: Record<string, unknown>, problems: string[]): MonacoOptions {
  const options: MonacoOptions = {}
  for (const [key, value] of Object.entries(raw)) {
    const wrong = () => problems.push(`Monaco option ${key}: ${JSON.stringify(value)} is not ${EXPECTED[key] ?? 'a known option'}; it is left out`)
    if (key === 'height' || key === 'outputHeight') {
      if (typeof value === 'number') options[key] = `${value}px`
      else if (typeof value === 'string' && value.trim()) options[key] = value.trim()
      else wrong()
    } else if (key === 'editorOptions') {
      if (value && typeof value === 'object' && !Array.isArray(value)) options.editorOptions = value as Record<string, unknown>
      else wrong()
    } else if (key === 'readonly' || key === 'lines') {
      if (typeof value === 'boolean') options[key] = value
      else wrong()
    } else if (key === 'lineNumbers') {
      if (typeof value === 'string' && LINE_NUMBERS.includes(value)) options.lineNumbers = value as MonacoOptions['lineNumbers']
      else wrong()
    } else if (key === 'autorun') {
      if (typeof value === 'boolean' || value === 'once') options.autorun = value
      else wrong()
    } else if (key === 'showOutputAt') {
      if (typeof value === 'number' || typeof value === 'string') options.showOutputAt = value
      else wrong()
    } else if (key === 'timeout') {
      if (typeof value === 'number' && value > 0) options.timeout = value
      else wrong()
    } else if (key === 'ata' || key === 'runnerOptions' || key === 'highlightOutput') {
      // Slidev's type acquisition from a CDN and its runner hooks: nothing to do here (no network, one runner).
    } else wrong()
  }
  return options
}

const EXPECTED: Record<string, string> = {
  height: "a CSS height ('auto', 'initial', '200px')",
  outputHeight: "a CSS height ('200px')",
  editorOptions: 'an object of Monaco editor options',
  readonly: 'true or false',
  lines: 'true or false',
  lineNumbers: "'on', 'off', 'relative' or 'interval'",
  autorun: "true, false or 'once'",
  showOutputAt: "a click ('+1', 2)",
  timeout: 'a number of milliseconds above 0',
}

/**
 * A fence's language and meta read as a Monaco block (`ts {monaco-run} {autorun: false}`), or null when the fence is
 * no Monaco block; pure. Slidev's `{monaco-write}` (saving the edit back to its snippet file) is read as `{monaco}`.
 */
export function parseMonacoInfo(lang: string | null | undefined, meta: string | null | undefined): ParsedMonacoInfo | null {
  const info = `${lang ?? ''} ${meta ?? ''}`.trim().match(INFO)
  if (!info) return null
  const problems: string[] = []
  const written = info[2] ?? ''
  let kind = written as MonacoKind
  if (!KINDS.includes(written)) {
    problems.push(
      written === 'monaco-write'
        ? '{monaco-write} (saving the edit back to the snippet file) is not supported; the block is an editor, {monaco}'
        : `Unknown Monaco block {${written}} (use {monaco}, {monaco-run} or {monaco-diff}); the block is an editor, {monaco}`,
    )
    kind = 'monaco'
  }
  const rest = info[3]?.trim() ?? ''
  const object = leadingObject(rest)
  let options: MonacoOptions = {}
  if (object) {
    try {
      const raw: unknown = JSON5.parse(object.object)
      if (raw && typeof raw === 'object' && !Array.isArray(raw)) options = readOptions(raw as Record<string, unknown>, problems)
    } catch {
      problems.push(`Monaco options ${object.object} are not an object literal ({ autorun: false, height: 'auto' }); the defaults are used`)
    }
  } else if (rest.startsWith('{')) problems.push(`Monaco options ${rest} are not closed with }; the defaults are used`)
  const after = object ? object.rest : rest.startsWith('{') ? '' : rest
  if (after) problems.push(`Unrecognised text after {${kind}}: ${JSON.stringify(after)}`)
  return { kind, lang: info[1] ?? '', options, problems }
}

/** Slidev's diff separator: a line of `~~~` between the original code and the modified one. */
const DIFF_SEPARATOR = /^\s*~~~\s*$/m

/** A `{monaco-diff}` body split at its first `~~~` line; `modified` is undefined when there is none. */
export function splitDiff(code: string): { original: string; modified?: string } {
  const found = DIFF_SEPARATOR.exec(code)
  if (!found) return { original: code }
  const original = code.slice(0, found.index).replace(/\n$/, '')
  const modified = code.slice(found.index + found[0].length).replace(/^\n/, '')
  return { original, modified }
}

export const MONACO_TAG = 'deck-monaco'
/** The HAST property holding a block's MonacoBlock as JSON (rehype-clicks adds the output's click to its options). */
export const MONACO_PROPERTY = 'block'

export default function remarkMonaco() {
  return (tree: Root, file: VFile) => {
    visit(tree, 'code', (node: Code, index, parent) => {
      if (!parent || index === undefined) return
      const info = parseMonacoInfo(node.lang, node.meta)
      if (!info) return
      const problems = [...info.problems]
      const language = monacoLanguage(info.lang)
      let kind = info.kind
      if (kind === 'monaco-run' && !isRunnable(language)) {
        problems.push(`{monaco-run} runs JavaScript and TypeScript; this ${info.lang || 'unnamed'} block is an editor, {monaco}`)
        kind = 'monaco'
      }
      const diff = kind === 'monaco-diff' ? splitDiff(node.value) : null
      if (diff && diff.modified === undefined) {
        problems.push('{monaco-diff} needs a ~~~ line between the original code and the modified one; the block is an editor, {monaco}')
        kind = 'monaco'
      }
      for (const problem of problems) file.message(problem, { place: node.position })
      const block: MonacoBlock = { kind, language, code: diff?.original ?? node.value, ...(diff?.modified === undefined ? {} : { modified: diff.modified }), options: info.options }
      // What shows without the editor: the code as a fence (the diff's two sides, one after the other), line numbers as the block asks.
      const fenceMeta = info.options.lines === undefined ? null : `{lines: ${info.options.lines}}`
      const fence = (value: string): Code => ({ type: 'code', lang: info.lang || null, meta: fenceMeta, value, position: node.position })
      const element = {
        type: 'monaco',
        position: node.position,
        data: { hName: MONACO_TAG, hProperties: { [MONACO_PROPERTY]: JSON.stringify(block) } },
        children: diff?.modified === undefined ? [fence(block.code)] : [fence(block.code), fence(diff.modified)],
      }
      parent.children[index] = element as unknown as Code
      return 'skip'
    })
  }
}
