// Reads Slidev's ````md magic-move` blocks: each ``` fence inside is a step (its `{1|2}` line highlights and
// `{lines: true}` too), the block becomes a `deck-magic-move` element that rehype-clicks counts and
// rehype-magic-move tokenizes. A block without any fence stays the code block it was, with a warning.
import type { Root, Code } from 'mdast'
import { visit } from 'unist-util-visit'
import type { VFile } from 'vfile'
import JSON5 from 'json5'
import { parseCodeMeta } from './remark-block-meta.ts'
import { stepRanges, type MagicMoveStep } from '../../shared/magic-move.ts'
import { readSnippet } from './remark-snippets.ts'

/** What the build knows of a block before highlighting: the `data-magic-move` JSON of its element. */
export interface MagicMoveBlock {
  title?: string
  /** Slidev's `at` (the block's first click: `'+1'` by default). */
  at?: string | number
  /** Milliseconds of each morph (`{duration: 500}`). */
  duration?: number
  /** Each step's line numbers; `lines` unset there means the block's option, then the deck's `lineNumbers`. */
  steps: (Omit<MagicMoveStep, 'lines'> & { lines?: boolean })[]
}

/** The HAST property holding a block's MagicMoveBlock as JSON. */
export const MAGIC_MOVE_PROPERTY = 'dataMagicMove'
export const MAGIC_MOVE_TAG = 'deck-magic-move'

const INFO = /^magic-move\s*(?:\[([^\]]*)\])?\s*(\{[^}]*\})?\s*(.*)$/

export interface ParsedMagicMove {
  block: MagicMoveBlock | null
  /** Problems, each at a line counted from the block's opening fence (0). */
  problems: { offset: number; message: string }[]
}

/** A block's info (`magic-move [title] {at: 2, lines: true}`) and body (its fences) as steps; pure. */
export function parseMagicMove(meta: string, body: string): ParsedMagicMove {
  const problems: ParsedMagicMove['problems'] = []
  const info = meta.trim().match(INFO)
  const block: MagicMoveBlock = { steps: [] }
  let blockLines: boolean | undefined
  if (info?.[1]?.trim()) block.title = info[1].trim()
  // An unclosed `{…` is not matched as options: it is the rest of the line, and as malformed.
  const optionText = info?.[2] ?? (info?.[3]?.trim().startsWith('{') ? info[3].trim() : undefined)
  if (optionText) {
    try {
      const options = JSON5.parse(optionText) as Record<string, unknown>
      if (typeof options.at === 'number' || typeof options.at === 'string') block.at = options.at
      if (typeof options.duration === 'number') block.duration = options.duration
      if (typeof options.lines === 'boolean') blockLines = options.lines
    } catch {
      problems.push({ offset: 0, message: `magic-move options ${optionText} are not an object literal ({ at: 2, lines: true, duration: 500 }); the defaults are used` })
    }
  }
  if (info?.[3]?.trim() && optionText !== info[3].trim()) problems.push({ offset: 0, message: `Unrecognised text after "magic-move": ${JSON.stringify(info[3].trim())}` })
  const lines = body.split(/\r?\n/)
  let open: { offset: number; lang: string; ranges: string[]; lines?: boolean; code: string[] } | null = null
  const close = () => {
    if (!open) return
    block.steps.push({ lang: open.lang, code: open.code.join('\n').trimEnd(), ranges: open.ranges, ...(open.lines === undefined ? {} : { lines: open.lines }) })
    open = null
  }
  lines.forEach((line, i) => {
    const fence = line.match(/^```(.*)$/)
    if (!fence) {
      open?.code.push(line)
      return
    }
    if (open) {
      if (fence[1]?.trim()) problems.push({ offset: i + 1, message: `A fence inside magic-move closes with text after it (${JSON.stringify(line)}); it is read as the step's end` })
      close()
      return
    }
    const parsed = parseCodeMeta(fence[1], '')
    const stepLines = parsed.options.lines
    open = { offset: i + 1, lang: parsed.lang || 'text', ranges: stepRanges(parsed.steps), lines: typeof stepLines === 'boolean' ? stepLines : blockLines, code: [] }
  })
  if (open) {
    problems.push({ offset: (open as { offset: number }).offset, message: 'A fence inside magic-move is not closed with ```; its step runs to the end of the block' })
    close()
  }
  if (!block.steps.length) {
    problems.push({ offset: 0, message: 'A magic-move block needs at least one ``` code fence (each one a step); it is shown as written' })
    return { block: null, problems }
  }
  return { block, problems }
}

/**
 * A block's `<<< @/snippets/…` lines (outside its fences) as the fences they stand for, as Slidev reads them; a missing
 * file or region stays as written (a line between fences, so left out) with its problem. `lineOf` gives each line of
 * the new body the line of the block it came from (0-based), so problems found later keep the block's lines.
 */
export function withSnippets(body: string, deckDir: string): { body: string; lineOf: number[]; problems: ParsedMagicMove['problems'] } {
  const problems: ParsedMagicMove['problems'] = []
  const lineOf: number[] = []
  const out: string[] = []
  let inFence = false
  body.split(/\r?\n/).forEach((line, i) => {
    const snippet = inFence || /^```/.test(line) ? null : readSnippet(line.trim(), deckDir)
    if (/^```/.test(line)) inFence = !inFence
    if (snippet && !('problem' in snippet)) {
      const fence = [`\`\`\`${[snippet.lang ?? '', snippet.meta ?? ''].join(' ').trim()}`, ...snippet.value.split('\n'), '```']
      out.push(...fence)
      lineOf.push(...fence.map(() => i))
      return
    }
    if (snippet) problems.push({ offset: i + 1, message: snippet.problem })
    out.push(line)
    lineOf.push(i)
  })
  return { body: out.join('\n'), lineOf, problems }
}

export default function remarkMagicMove(options: { deckDir?: string } = {}) {
  return (tree: Root, file: VFile) => {
    visit(tree, 'code', (node: Code, index, parent) => {
      const lang = node.lang?.toLowerCase()
      if ((lang !== 'md' && lang !== 'markdown') || !node.meta?.trim().startsWith('magic-move') || !parent || index === undefined) return
      const snippets = options.deckDir ? withSnippets(node.value, options.deckDir) : null
      const parsed = parseMagicMove(node.meta, snippets?.body ?? node.value)
      const { block } = parsed
      // Offsets count the block's own lines (the opening fence is 0), whatever the snippets added.
      const problems = [...(snippets?.problems ?? []), ...parsed.problems.map((p) => (p.offset > 0 && snippets ? { ...p, offset: (snippets.lineOf[p.offset - 1] ?? 0) + 1 } : p))]
      const start = node.position?.start.line
      for (const problem of problems) {
        const line = start === undefined ? undefined : start + problem.offset
        file.message(problem.message, line === undefined ? { place: node.position } : { place: { line, column: 1 } })
      }
      if (!block) return
      const element = {
        type: 'magicMove',
        position: node.position,
        data: { hName: MAGIC_MOVE_TAG, hProperties: { [MAGIC_MOVE_PROPERTY]: JSON.stringify(block) }, hChildren: [] },
      }
      parent.children[index] = element as unknown as Code
    })
  }
}
