// rehype-raw, for trees that hold raw HTML. Re-parsing a tree through parse5 changes nothing when Markdown alone made
// it, and it was a fifth of the build's Markdown time: most slides and almost every note have no HTML of their own.
import rehypeRaw, { type Options } from 'rehype-raw'
import type { Root } from 'hast'
import type { VFile } from 'vfile'
import { EXIT, visit } from 'unist-util-visit'
import type { Processor } from 'unified'

const hasRaw = (tree: Root): boolean => {
  let found = false
  visit(tree, 'raw', () => {
    found = true
    return EXIT
  })
  return found
}

export default function rehypeRawIfAny(this: Processor, options?: Options) {
  const raw = (rehypeRaw as unknown as (this: Processor, options?: Options) => (tree: Root, file: VFile) => Root).call(this, options)
  return (tree: Root, file: VFile): Root | undefined => (hasRaw(tree) ? raw(tree, file) : undefined)
}
