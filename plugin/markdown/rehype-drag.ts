// Reads Slidev's draggable elements into one property the Drag component places them by: `<v-drag pos="name">` and
// `<VDrag pos="name">` (a `div` holding the content, as Slidev's VDrag), and the directive `v-drag` on any element
// (`v-drag="'name'"`, `v-drag="[x,y,w,h,rot]"`, bare `v-drag`). A name's place is the slide's frontmatter `dragPos`;
// a place that is not one is warned about at the element's line and the element starts where the slide puts it.
import type { Root, Element } from 'hast'
import { visit } from 'unist-util-visit'
import type { VFile } from 'vfile'
import JSON5 from 'json5'
import { DRAG_NAME, parseDragPos, type DragSpec } from '../../shared/drag.ts'
import { DRAG_PROPERTY } from './to-module.ts'

const EXAMPLE = `a name ('square') or a place ([x,y,w,h,rotate], in slide pixels)`
const DRAG_TAGS = new Set(['v-drag', 'deck-v-drag'])

/**
 * A name or a place as written, checked against the frontmatter's `dragPos`: the spec (null when there is none to
 * read) and what is wrong, if anything (a bad stored place keeps the name: the first drag writes a good one).
 */
export function dragSpecOf(written: unknown, dragPos: unknown, what: string): { spec: DragSpec | null; problem?: string } {
  if (written === undefined || written === null || written === '') return { spec: { pos: null } }
  if (typeof written === 'string' && DRAG_NAME.test(written)) {
    const stored = dragPos && typeof dragPos === 'object' ? (dragPos as Record<string, unknown>)[written] : undefined
    if (stored !== undefined && stored !== null && parseDragPos(stored) === null)
      return { spec: { name: written }, problem: `frontmatter dragPos "${written}" is ${JSON.stringify(stored)}, not x,y,width,height[,rotate]; the element starts where the slide puts it` }
    return { spec: { name: written } }
  }
  const pos = parseDragPos(written)
  return pos ? { spec: { pos } } : { spec: null, problem: `${what} is not ${EXAMPLE}; the element is not draggable` }
}

/** The directive's value as the expression Slidev evaluates: a quoted name, an array; undefined when bare. */
function directiveValue(text: string): unknown {
  if (text.trim() === '') return undefined
  try {
    return JSON5.parse(text)
  } catch {
    return Symbol('unreadable')
  }
}

export default function rehypeDrag(options: { dragPos?: unknown } = {}) {
  return (tree: Root, file: VFile) => {
    visit(tree, 'element', (node: Element, _index, parent) => {
      let found: { written: unknown; what: string } | null = null
      if (DRAG_TAGS.has(node.tagName)) {
        const written = node.properties.pos
        delete node.properties.pos
        // Inside a paragraph (written inline) a span: a div there would end the paragraph in the page's HTML.
        node.tagName = parent?.type === 'element' && parent.tagName === 'p' ? 'span' : 'div'
        const classes = node.properties.className
        node.properties.className = ['slidev-vdrag', 'p-1', ...(Array.isArray(classes) ? classes : classes ? [String(classes)] : [])]
        found = { written: typeof written === 'string' ? written : undefined, what: `<v-drag pos="${String(written)}">` }
      } else if ('v-drag' in node.properties) {
        const text = String(node.properties['v-drag'] ?? '')
        delete node.properties['v-drag']
        found = { written: directiveValue(text), what: `v-drag="${text}"` }
      }
      if (!found) return
      const { spec, problem } = dragSpecOf(found.written, options.dragPos, found.what)
      if (problem) file.message(problem, node)
      if (spec) node.properties[DRAG_PROPERTY] = JSON.stringify(spec)
    })
  }
}
