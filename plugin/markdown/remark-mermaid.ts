// Turns ```mermaid fences into diagram boxes (`deck-mermaid`, rendered in the browser) and warns about broken ones.
import type { Root, Code } from 'mdast'
import { visit } from 'unist-util-visit'
import type { VFile } from 'vfile'
import { parseMermaidOptions } from './mermaid-options.ts'
import { findDiagramProblem, type DiagramProblem } from './mermaid-check.ts'
import type { SlideMessage } from './slide-message.ts'

export interface RemarkMermaidOptions {
  /** The deck's `mermaid:` configuration; a fence's own options win. */
  defaults?: Record<string, unknown>
  /**
   * Parse each diagram with mermaid (in its worker) to warn about broken ones (default true): the diagrams to check are
   * listed in `file.data.diagramChecks` (`checkDiagrams` asks mermaid), so the tree is ready before mermaid answers.
   */
  check?: boolean
}

/** A diagram mermaid is asked about: its text, and the line of its fence in the slide. */
export interface DiagramCheck {
  kind: 'mermaid'
  code: string
  line?: number
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
      if (options.check !== false) (file.data.laterChecks ??= []).push({ kind: 'mermaid', code: node.value, line: node.position?.start.line })
      const diagram = {
        type: 'mermaid',
        position: node.position,
        data: { hName: 'deck-mermaid', hProperties: { code: node.value, options: JSON.stringify(merged) }, hChildren: [] },
      }
      parent.children[index] = diagram as unknown as Code
    })
  }
}

/** Mermaid's verdict on a diagram: a warning if it is broken. */
export async function checkDiagram(check: DiagramCheck): Promise<SlideMessage | null> {
  const problem = await findDiagramProblem(check.code)
  return problem ? warningFor(problem, check) : null
}

/** The warning for a broken diagram, on the line mermaid names (line 1 of the diagram is the line after the fence). */
function warningFor(problem: DiagramProblem, { code, line: fenceLine }: DiagramCheck): SlideMessage {
  const lines = code.split('\n').length
  const line = fenceLine !== undefined && problem.line ? fenceLine + Math.min(problem.line, lines) : fenceLine
  return { line, message: `Broken mermaid diagram (${PROBLEM_WORDS[problem.kind]}): ${problem.message}. The slide shows the error inside the diagram's box.` }
}
