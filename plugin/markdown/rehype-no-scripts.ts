// A slide never runs a `<script>` written in its Markdown (Slidev ignores it too): each one is left out of the tree, so
// out of every output drawn from it (play, prerendered HTML, print, exports, reader), with a warning at its line.
// A deck's own code lives in components/ and setup/.
import type { Root, Element, ElementContent, RootContent } from 'hast'
import type { VFile } from 'vfile'

const MESSAGE = 'A <script> in slide Markdown is left out: slides never run it (as in Slidev); put code in components/ or setup/'

/** `known`: the component tags (`deck-*`) that exist; `<Script>` / `<SCRIPT>` is a script unless the deck has such a component. */
export default function rehypeNoScripts(options: { known?: ReadonlySet<string> } = {}) {
  const isScript = (tag: string) => tag.toLowerCase() === 'script' || (tag === 'deck-script' && !options.known?.has(tag))
  return (tree: Root, file: VFile) => {
    const sweep = (parent: Root | Element) => {
      const kept: (RootContent | ElementContent)[] = []
      for (const child of parent.children) {
        if (child.type === 'element' && isScript(child.tagName)) {
          file.message(MESSAGE, child)
          continue
        }
        // Raw HTML that rehype-raw did not parse (there is none after it; kept for safety) is dropped when it holds a script.
        if (child.type === 'raw' && /<script\b/i.test(child.value)) {
          file.message(MESSAGE, child)
          continue
        }
        if (child.type === 'element') {
          sweep(child)
          if (child.content) sweep(child.content)
        }
        kept.push(child)
      }
      parent.children = kept as typeof parent.children
    }
    sweep(tree)
  }
}
