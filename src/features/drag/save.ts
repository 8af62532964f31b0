// Writes a dragged element's place into its slide's frontmatter `dragPos` through the side editor's endpoint (the same
// revision-checked, atomic write of plugin/editor.ts): the slide is read, its YAML gets the one entry, the rest of the
// slide is sent back as read, so only that entry's bytes change. Writes go one after another.
import { readSlide, writeSlide } from '../editor/api'
import { setDragPos, type DragPos } from '../../../shared/drag'
import type { SlideSource } from '../../../shared/slide-source'

let queue: Promise<unknown> = Promise.resolve()

async function write(no: number, name: string, pos: DragPos): Promise<string | null> {
  let source: SlideSource = await readSlide(no)
  // A change on disk between the read and the write (an editor saving) is read again once.
  for (let attempt = 0; attempt < 2; attempt++) {
    const frontmatter = setDragPos(source.frontmatter, name, pos)
    const answer = await writeSlide(no, source, { frontmatter, content: source.content, note: source.note })
    if (answer.type === 'saved') return null
    if (answer.type !== 'conflict') return 'message' in answer ? answer.message : 'Not saved.'
    source = answer.current
  }
  return 'Not saved: the slide kept changing on disk.'
}

/** Saves the place; resolves with null when written, else the reason it was not (to show the author). */
export function saveDragPos(no: number, name: string, pos: DragPos): Promise<string | null> {
  const next = queue.then(() =>
    write(no, name, pos).catch((error: unknown) => (error instanceof Error ? error.message : String(error))),
  )
  queue = next
  return next
}
