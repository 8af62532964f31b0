// Runs TypeScript over a ```ts twoslash block at build time (Shiki's twoslash transformer, its rich renderer): types
// become hover popups of plain HTML, `^?` queries and `@errors` lines stay shown. Loaded only by decks with such blocks.
import type { Root } from 'hast'
import type { ShikiTransformer } from 'shiki'
import { CODE_THEMES, getHighlighter } from './highlighter.ts'

export interface TwoslashBlock {
  /** The highlighted block with its popups and error lines; none when TypeScript found an error nobody expected. */
  hast?: Root
  /** The code as shown (notations and the part above `// ---cut---` removed): what the copy button copies. */
  shown: string
  /** Why the block falls back to plain highlighting, at a line of the block's code (1-based). */
  problem?: { line: number; message: string }
}

let transformer: Promise<ShikiTransformer> | undefined
let removeNotations: Promise<(code: string) => string> | undefined

/** The transformer, made once: its TypeScript environment (the standard library read once) is reused by every block. */
const twoslashTransformer = (): Promise<ShikiTransformer> =>
  (transformer ??= import('@shikijs/twoslash').then(({ transformerTwoslash }) =>
    transformerTwoslash({
      langs: ['ts', 'tsx', 'js', 'jsx'],
      throws: true,
      rendererRich: {
        // Queries as a line of their own under the code: shown in every form (print, reader) without covering a line.
        queryRendering: 'line',
        errorRendering: 'line',
        hast: {
          // A token with a type can take the keyboard's focus, which shows its popup as a hover does (twoslash.css).
          hoverToken: { properties: { tabindex: '0' } },
          hoverPopup: { properties: { role: 'tooltip' } },
        },
      },
    }),
  ))

/** `code` without twoslash's notations, as TypeScript's output shows it. */
async function shownCode(code: string): Promise<string> {
  const remove = await (removeNotations ??= import('twoslash').then(({ removeTwoslashNotations }) => (text: string) => removeTwoslashNotations(text)))
  return remove(code)
}

interface Diagnostic {
  file: string
  offset: number
  text: string
}

/** The compiler errors a TwoslashError lists (`index.ts` then `  [2322] 18 - Type …` lines). */
function diagnosticsOf(recommendation: string): Diagnostic[] {
  const found: Diagnostic[] = []
  let file = 'index.ts'
  for (const line of recommendation.split('\n')) {
    const error = line.match(/^\s+\[(\d+)\]\s+(\d+)\s+-\s+(.*)$/)
    if (error) found.push({ file, offset: Number(error[2]), text: `TS${error[1]}: ${error[3]}` })
    else if (/^\S+\.\w+$/.test(line.trim()) && !/^Compiler/.test(line)) file = line.trim()
  }
  return found
}

/** The 1-based line of the block at a file's offset (a `// @filename: x.ts` file starts at its notation line). */
function lineAt(code: string, diagnostic: Diagnostic): number {
  const marker = code.search(new RegExp(`^//\\s*@filename:\\s*${diagnostic.file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`, 'm'))
  return code.slice(0, Math.max(marker, 0) + diagnostic.offset).split('\n').length
}

/** A failed block's reason: the first unexpected compiler error at its line, or the error's own message. */
function problemOf(error: unknown, code: string): TwoslashBlock['problem'] {
  const { recommendation, title, message } = (error ?? {}) as { recommendation?: string; title?: string; message?: string }
  const [first] = recommendation ? diagnosticsOf(recommendation) : []
  if (first) return { line: lineAt(code, first), message: `${first.text} (not expected: add "// @errors: ${first.text.slice(2, first.text.indexOf(':'))}" or "// @noErrors" above it)` }
  return { line: 1, message: (title || message || String(error)).trim() }
}

/** Results per block text: a slide edited elsewhere, or rebuilt, does not run TypeScript again. */
const results = new Map<string, Promise<TwoslashBlock>>()

/** The block highlighted with twoslash, or, when TypeScript finds an error it was not told to expect, why not. */
export function renderTwoslash(code: string, lang: string): Promise<TwoslashBlock> {
  const key = `${lang}\0${code}`
  let result = results.get(key)
  if (!result) {
    result = run(code, lang)
    if (results.size > 500) results.clear()
    results.set(key, result)
  }
  return result
}

async function run(code: string, lang: string): Promise<TwoslashBlock> {
  const [shiki, twoslash, shown] = await Promise.all([getHighlighter(), twoslashTransformer(), shownCode(code)])
  const name = lang === 'typescript' ? 'ts' : lang === 'javascript' ? 'js' : lang
  // The popups' own code is highlighted as TypeScript, whatever the block's language.
  for (const needed of new Set([name, name === 'jsx' ? 'tsx' : 'ts'])) if (!shiki.getLoadedLanguages().includes(needed)) await shiki.loadLanguage(needed as 'ts')
  try {
    const hast = shiki.codeToHast(code, { lang: name, themes: CODE_THEMES, defaultColor: 'light', tokenizeTimeLimit: 0, transformers: [twoslash] })
    return { hast, shown }
  } catch (error) {
    return { shown, problem: problemOf(error, code) }
  }
}
