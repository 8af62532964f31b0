// Marks the rows of KaTeX blocks with line steps (`$$ {1|3|all}`) with the steps that highlight them, finding rows as
// Slidev's KaTexBlockWrapper does: each `.mtable` column's row boxes, lined up by index.
import type { Root, Element } from 'hast'
import { EXIT, visit } from 'unist-util-visit'
import type { VFile } from 'vfile'
import { highlightStepsOfLines, isHighlightedAt, parseLineSteps } from '../../shared/line-steps.ts'

/** An element's classes, whichever way its className was written. */
export function classesOf(node: Element): string[] {
  const c: unknown = node.properties.className
  return Array.isArray(c) ? c.map(String) : typeof c === 'string' ? c.split(/\s+/) : []
}

const elements = (node: Element) => node.children.filter((c): c is Element => c.type === 'element')
const withClass = (nodes: Element[], test: (c: string) => boolean) => nodes.filter((n) => classesOf(n).some(test))

/** The row boxes of one column: `:scope > .vlist-t > .vlist-r > .vlist > span > .mord`. */
function rowsOfColumn(column: Element): Element[] {
  const rows: Element[] = []
  for (const t of withClass(elements(column), (c) => c === 'vlist-t'))
    for (const r of withClass(elements(t), (c) => c === 'vlist-r'))
      for (const v of withClass(elements(r), (c) => c === 'vlist'))
        for (const span of elements(v).filter((e) => e.tagName === 'span')) rows.push(...withClass(elements(span), (c) => c === 'mord'))
  return rows
}

/** Each line of a rendered formula: the row boxes of every aligned column at that row index. */
export function formulaLines(block: Element): Element[][] {
  const lines: Element[][] = []
  visit(block, 'element', (node: Element) => {
    if (!classesOf(node).includes('mtable')) return
    for (const column of withClass(elements(node), (c) => c.startsWith('col-align'))) rowsOfColumn(column).forEach((row, i) => (lines[i] ??= []).push(row))
    return 'skip'
  })
  return lines
}

declare module 'vfile' {
  interface DataMap {
    /** The slide has KaTeX output (its module then imports KaTeX's style sheet). */
    math: boolean
  }
}

export default function rehypeMathLines() {
  return (tree: Root, file: VFile) => {
    visit(tree, 'element', (node: Element) => {
      if (!classesOf(node).includes('katex')) return
      file.data.math = true
      return EXIT
    })
    visit(tree, 'element', (node: Element) => {
      if (!classesOf(node).includes('deck-math-steps')) return
      const lines = formulaLines(node)
      const perLine = highlightStepsOfLines(parseLineSteps(String(node.properties.dataLineSteps)), lines.length)
      lines.forEach((boxes, i) => {
        const steps = perLine[i + 1] ?? ''
        for (const box of boxes) {
          box.properties.dataHighlightSteps = steps
          box.properties.className = [...classesOf(box), isHighlightedAt(steps, 0) ? 'highlighted' : 'dishonored']
        }
      })
      return 'skip'
    })
  }
}
