// `--format md`: the speaker notes as one Markdown file, a section per slide with its number and title, for
// rehearsing and reading aloud (Slidev's export-notes, in Markdown).
import type { DeckSource } from './deck-source'

/** `[click]` lines become a visible cue; the note's own Markdown stays as written. */
function rehearsalNote(note: string): string {
  return note
    .split('\n')
    .map((line) => (/^\s*\[click(?::\d+)?\]\s*$/i.test(line) ? '*(click)*' : line))
    .join('\n')
    .trim()
}

/** Headings inside a note are pushed below the slide's own `##` so the sections stay the outline. */
function demoteHeadings(note: string): string {
  let fenced = false
  return note
    .split('\n')
    .map((line) => {
      if (/^\s{0,3}(```|~~~)/.test(line)) fenced = !fenced
      return !fenced && /^#{1,4}\s/.test(line) ? `##${line}` : line
    })
    .join('\n')
}

/**
 * The notes document: the deck title, then `## N. Title` for every slide in `nos` (in order), its note or
 * a line saying it has none.
 */
export function notesMarkdown(deck: DeckSource, nos: readonly number[]): string {
  const bySlide = new Map(deck.slides.map((s) => [s.no, s]))
  const sections = nos.map((no) => {
    const slide = bySlide.get(no)
    const title = slide?.title.replace(/\s+/g, ' ').trim()
    const note = slide ? demoteHeadings(rehearsalNote(slide.note)) : ''
    return `## ${no}. ${title || `Slide ${no}`}\n\n${note || '*(no notes)*'}\n`
  })
  return `# ${deck.title || 'Slides'}: speaker notes\n\n${sections.join('\n')}`
}
