// Marks ```ts twoslash fences for rehype-shiki and starts TypeScript on them at once: a block whose code has an error it
// was not told to expect (`// @errors: 2322`, `// @noErrors`) is a warning at its line, and shows plain highlighting.
import type { Root, Code } from 'mdast'
import { visit } from 'unist-util-visit'
import type { VFile } from 'vfile'
import { parseCodeMeta } from './remark-block-meta.ts'
import type { SlideMessage } from './slide-message.ts'

/** The fence languages twoslash reads (shiki's names); any other gets plain highlighting and a warning. */
const TWOSLASH_LANGUAGES = ['ts', 'tsx', 'js', 'jsx', 'typescript', 'javascript']

declare module 'vfile' {
  interface DataMap {
    /** Whether the slide has a twoslash block (its module then imports the popups' style sheet). */
    twoslash: boolean
  }
}

export default function remarkTwoslash() {
  return (tree: Root, file: VFile) => {
    visit(tree, 'code', (node: Code) => {
      if (!node.meta || !parseCodeMeta(node.lang, node.meta).flags.includes('twoslash')) return
      const lang = (node.lang ?? '').toLowerCase()
      if (!TWOSLASH_LANGUAGES.includes(lang)) {
        file.message(`twoslash reads ts, tsx, js and jsx blocks, not "${node.lang ?? ''}": the block is highlighted without types`, node)
        return
      }
      node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), dataTwoslash: 'true' } }
      file.data.twoslash = true
      ;(file.data.laterChecks ??= []).push({ kind: 'twoslash', code: node.value, lang, line: node.position?.start.line })
    })
  }
}

/** A twoslash block TypeScript is asked about: its code, language, and the line of its fence in the slide. */
export interface TwoslashCheck {
  kind: 'twoslash'
  code: string
  lang: string
  line?: number
}

/** TypeScript's verdict on a twoslash block: a warning if its code has an error it was not told to expect. */
export async function checkTwoslash(check: TwoslashCheck): Promise<SlideMessage | null> {
  // Loaded only here: a deck without twoslash blocks never loads TypeScript. rehype-shiki reads the same result.
  const { renderTwoslash } = await import('./twoslash.ts')
  const { problem } = await renderTwoslash(check.code, check.lang)
  if (!problem) return null
  return { line: check.line === undefined ? undefined : check.line + problem.line, message: `Twoslash: ${problem.message}; the block is shown without types` }
}
