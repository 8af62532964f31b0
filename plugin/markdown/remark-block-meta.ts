// Reads what Slidev writes after a code or math fence's opening (```ts [file.ts] {2|3-4|all} {lines:true}, $$ {1|3|all})
// into properties of the block's HAST element, for rehype-clicks (click steps), rehype-shiki and rehype-math-lines.
import type { Root, Code } from 'mdast'
import type { InlineMath, Math } from 'mdast-util-math'
import { visit } from 'unist-util-visit'
import type { VFile } from 'vfile'
import { parseLineSteps } from '../../shared/line-steps.ts'

export interface CodeMeta {
  lang: string
  title?: string
  steps?: string
  options: Record<string, string | number | boolean>
  /** Bare words before the title or after the options (`ts twoslash {2|3}`, `ts {2|3} twoslash`), as Slidev passes them to shiki. */
  flags: string[]
}

const META = /^((?:[\w'-]+(?:\s+|$))*)(?:\[([^\]]*)\])?\s*(?:\{([\w*,|\s-]*)\})?\s*(\{[^}]*\})?\s*(.*)$/

/** `{lines:true, startLine:5, maxHeight:'100px'}` → an object (a small literal reader: no code runs). */
export function parseOptions(text: string): Record<string, string | number | boolean> {
  const options: Record<string, string | number | boolean> = {}
  for (const pair of text.replace(/^\{|\}$/g, '').split(',')) {
    const m = pair.trim().match(/^['"]?([\w-]+)['"]?\s*:\s*(.+)$/)
    if (!m) continue
    const raw = (m[2] ?? '').trim()
    options[m[1] ?? ''] = /^(['"]).*\1$/.test(raw) ? raw.slice(1, -1) : raw === 'true' ? true : raw === 'false' ? false : Number.isFinite(Number(raw)) ? Number(raw) : raw
  }
  return options
}

/** A fence's language and meta (`ts {2,3}`, `ts{2,3}`, `ts [a.ts] {1|2} {lines:true}`) read as Slidev reads them. */
export function parseCodeMeta(lang: string | null | undefined, meta: string | null | undefined): CodeMeta {
  const full = `${lang ?? ''} ${meta ?? ''}`.trim()
  const langMatch = full.match(/^([^\s[{]*)\s*(.*)$/)!
  const m = (langMatch[2] ?? '').match(META)
  const flags = `${m?.[1] ?? ''} ${m?.[5] ?? ''}`.split(/\s+/).filter(Boolean)
  return { lang: langMatch[1] ?? '', title: m?.[2]?.trim() || undefined, steps: m?.[3]?.trim() || undefined, options: m?.[4] ? parseOptions(m[4]) : {}, flags }
}

export default function remarkBlockMeta() {
  return (tree: Root, file: VFile) => {
    visit(tree, 'code', (node: Code) => {
      if (!node.meta && !node.lang?.includes('{') && !node.lang?.includes('[')) return
      const meta = parseCodeMeta(node.lang, node.meta)
      node.lang = meta.lang || null
      const props: Record<string, string> = {}
      if (meta.title) props.dataTitle = meta.title
      if (meta.steps) {
        props.dataLineSteps = meta.steps
        props.dataStepsCount = String(parseLineSteps(meta.steps).length)
      }
      const { lines, startLine, maxHeight } = meta.options
      if (lines !== undefined) props.dataLines = String(lines)
      if (startLine !== undefined) props.dataStartLine = String(startLine)
      if (maxHeight !== undefined) props.dataMaxHeight = String(maxHeight)
      node.data = { ...node.data, hProperties: { ...(node.data?.hProperties ?? {}), ...props } }
    })
    // Inline math as Slidev reads it: no space just inside the dollars, no digit right after the closing one ("$5 and $6").
    visit(tree, 'inlineMath', (node: InlineMath, index, parent) => {
      if (!parent || index === undefined) return
      const after = parent.children[index + 1]
      const digitAfter = after?.type === 'text' && /^\d/.test(after.value)
      if (!/^\s|\s$/.test(node.value) && !digitAfter) return
      parent.children[index] = { type: 'text', value: `$${node.value}$`, position: node.position }
    })
    visit(tree, 'math', (node: Math) => {
      // The formula's <code> gets the block's place, so a KaTeX error names its line.
      for (const code of node.data?.hChildren ?? []) if (code.type === 'element') code.position ??= node.position
      const steps = node.meta?.trim().match(/^\{([\w*,|\s-]*)\}$/)?.[1]?.trim()
      if (!node.meta?.trim()) return
      if (!steps) {
        file.message(`Unrecognised text after "$$": ${JSON.stringify(node.meta)} (line steps are written {1|3|all})`, node)
        return
      }
      // A wrapper keeps the steps: rehype-katex replaces the <pre> inside it with the rendered formula.
      const code = { type: 'element' as const, tagName: 'code', properties: { className: ['language-math', 'math-display'] }, children: [{ type: 'text' as const, value: node.value }], position: node.position }
      const pre = { type: 'element' as const, tagName: 'pre', properties: {}, children: [code] }
      node.data = { ...node.data, hName: 'div', hProperties: { className: ['deck-math-steps'], dataLineSteps: steps, dataStepsCount: String(parseLineSteps(steps).length) }, hChildren: [pre] }
    })
  }
}
