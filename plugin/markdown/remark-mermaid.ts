// Turns ```mermaid fences into diagram boxes (`deck-mermaid`, rendered in the browser) and warns about broken ones.
import type { Root, Code } from 'mdast'
import { visit } from 'unist-util-visit'
import type { VFile } from 'vfile'
import { parseMermaidOptions } from './mermaid-options'
import { findDiagramProblem } from './mermaid-check'

export interface RemarkMermaidOptions {
  /** The deck's `mermaid:` configuration; a fence's own options win. */
  defaults?: Record<string, unknown>
  /** Parse each diagram with mermaid to warn about broken ones (on unless false). */
  check?: boolean
}

const PROBLEM_WORDS = {
  'too-large': 'its text is too long',
  syntax: 'syntax error',
  'front-matter': 'invalid front-matter',
  'not-found': 'unknown diagram type',
} as const

export default function remarkMermaid(options: RemarkMermaidOptions = {}) {
  const defaults = options.defaults ?? {}
  return (tree: Root, file: VFile) => {
    visit(tree, 'code', (node: Code, index, parent) => {
      if (node.lang?.toLowerCase() !== 'mermaid' || !parent || index === undefined) return
      const parsed = parseMermaidOptions(node.meta)
      if (parsed.error) file.message(`Mermaid options ignored: ${parsed.error}`, node)
      const fenceOptions = { ...parsed.options }
      if (fenceOptions.securityLevel === 'loose') {
        file.message('Mermaid option securityLevel: "loose" would let diagram links run script; "strict" is used', node)
        delete fenceOptions.securityLevel
      }
      const merged = { ...defaults, ...fenceOptions }
      if (options.check !== false) {
        const problem = findDiagramProblem(node.value)
        if (problem) {
          const fenceLine = node.position?.start.line
          const lines = node.value.split('\n').length
          // Line 1 of the diagram is the line after the fence.
          const line = fenceLine !== undefined && problem.line ? fenceLine + Math.min(problem.line, lines) : fenceLine
          const place = line !== undefined ? { line, column: 1 } : undefined
          file.message(`Broken mermaid diagram (${PROBLEM_WORDS[problem.kind]}): ${problem.message}. The slide shows the error inside the diagram's box.`, place)
        }
      }
      const diagram = {
        type: 'mermaid',
        position: node.position,
        data: { hName: 'deck-mermaid', hProperties: { code: node.value, options: JSON.stringify(merged) }, hChildren: [] },
      }
      parent.children[index] = diagram as unknown as Code
    })
  }
}
