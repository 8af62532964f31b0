// Slidev's code snippets: a line `<<< @/snippets/file.ts#region ts {2|3} {lines:true}` becomes a code block holding
// that file (`@` is the deck's folder), or the region between its `#region name` and `#endregion` lines, with the
// language (by default the file's extension) and what follows it as a fence's meta. A missing file or region is a
// warning naming the line; the line then stays as written.
import type { Root, Paragraph, Code } from 'mdast'
import { visit } from 'unist-util-visit'
import type { VFile } from 'vfile'
import { isFile, readText } from './files-seen.ts'
import { extname, isAbsolute, relative, resolve } from 'node:path'

const SNIPPET = /^<<<\s+([^\s#]+)(?:#([\w$-]+))?(?:\s+([^\s[{]+))?\s*(.*)$/

/** The lines of `source` between `#region name` and its `#endregion` (any comment style), their common indent removed. */
export function snippetRegion(source: string, name: string): string | null {
  const lines = source.split(/\r?\n/)
  const start = lines.findIndex((line) => new RegExp(`#region\\s+${name.replace(/[$]/g, '\\$&')}\\b`).test(line))
  if (start < 0) return null
  let depth = 0
  let end = lines.length
  for (let i = start + 1; i < lines.length; i++) {
    if (/#region\b/.test(lines[i]!)) depth++
    else if (/#endregion\b/.test(lines[i]!)) {
      if (depth === 0) {
        end = i
        break
      }
      depth--
    }
  }
  const body = lines.slice(start + 1, end).filter((line) => !/#(end)?region\b/.test(line))
  const indent = Math.min(...body.filter((line) => line.trim()).map((line) => line.match(/^\s*/)![0].length))
  return body.map((line) => line.slice(Number.isFinite(indent) ? indent : 0)).join('\n')
}

/** A snippet line read: the code block it stands for, or why it cannot be. */
export type Snippet = { lang: string | null; meta: string | null; value: string } | { problem: string }

/** The code block a `<<< @/snippets/…` line stands for (reading the file), or the problem; null if it is no snippet line. */
export function readSnippet(line: string, deckDir: string): Snippet | null {
  if (!line.startsWith('<<<') || line.includes('\n')) return null
  const found = line.match(SNIPPET)
  if (!found) return null
  const [, path = '', region, lang, meta = ''] = found
  const target = path.startsWith('@/') ? resolve(deckDir, path.slice(2)) : isAbsolute(path) ? path : resolve(deckDir, path)
  const shown = relative(deckDir, target) || path
  if (!isFile(target)) return { problem: `Snippet file not found: ${path} (looked for ${shown} beside the deck)` }
  const source = readText(target)
  const text = region ? snippetRegion(source, region) : source.replace(/\r?\n$/, '')
  if (text === null) return { problem: `Snippet region not found: #region ${region} in ${shown}` }
  // A title may follow the line steps here (`{2|3} [title]`); a fence's meta has it first.
  const title = meta.match(/\[[^\]]*\]/)?.[0] ?? ''
  const fenceMeta = `${title} ${meta.replace(title, '')}`.replace(/\s+/g, ' ').trim()
  return { lang: lang ?? (extname(target).slice(1) || null), meta: fenceMeta || null, value: text }
}

export default function remarkSnippets(options: { deckDir: string }) {
  return (tree: Root, file: VFile) => {
    visit(tree, 'paragraph', (node: Paragraph, index, parent) => {
      const start = node.position?.start.offset
      const end = node.position?.end.offset
      if (start === undefined || end === undefined || !parent || index === undefined) return
      const snippet = readSnippet(String(file.value).slice(start, end).trim(), options.deckDir)
      if (!snippet) return
      if ('problem' in snippet) {
        file.message(snippet.problem, node)
        return
      }
      const code: Code = { type: 'code', lang: snippet.lang, meta: snippet.meta, value: snippet.value, position: node.position }
      parent.children[index] = code
    })
  }
}
