// KaTeX's output goes into the slide's module as one HTML string per formula (see STATIC_HTML_PROPERTY), as highlighted
// code does: a formula is dozens of spans (its MathML for screen readers and its drawn boxes), and a slide of formulas
// was hundreds of elements for React to create on the key that shows it. A formula whose rows are click steps
// (`$$ {1|3|all}`), or that holds a click target or a component, keeps its elements.
import type { Root, Element } from 'hast'
import { toHtml } from 'hast-util-to-html'
import { EXIT, SKIP, visit } from 'unist-util-visit'
import { STATIC_HTML_PROPERTY } from './to-module.ts'
import { classesOf } from './rehype-math-lines.ts'

/** Whether anything inside the formula is more than markup: a component, a click target, a highlighted row. */
function isLive(formula: Element): boolean {
  let live = false
  visit(formula, 'element', (node: Element) => {
    if (node.tagName.startsWith('deck-') || node.properties.dataHighlightSteps !== undefined || classesOf(node).some((c) => c.startsWith('slidev-vclick'))) {
      live = true
      return EXIT
    }
  })
  return live
}

export default function rehypeStaticMath() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      const classes = classesOf(node)
      if (classes.includes('deck-math-steps')) return SKIP
      if (!classes.includes('katex') || !node.children.length || isLive(node)) return
      node.properties[STATIC_HTML_PROPERTY] = toHtml(node.children)
      node.children = []
      return SKIP
    })
  }
}
