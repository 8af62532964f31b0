// What the side editor and the dev server's slide endpoint exchange: one definition for both ends.

/** The three texts of a slide the side editor shows and sends: its YAML frontmatter, its Markdown and its note. */
export interface SlideText {
  frontmatter: string
  content: string
  note: string
}

const unix = (text: string) => text.replace(/\r\n?/g, '\n')

/**
 * The texts as the file holds them and the parser reads them back: line endings unified, leading blank lines and
 * trailing space dropped (a blank first line would turn `---` into a plain separator, so YAML never starts with one).
 * The server writes this; the editor compares by it (a trailing newline typed in a textarea is no change).
 */
export function normalizeSlideText(text: SlideText): SlideText {
  return {
    frontmatter: unix(text.frontmatter).replace(/^(?:[ \t]*\n)+/, '').trimEnd(),
    content: unix(text.content).replace(/^\s*\n/, '').trimEnd(),
    note: unix(text.note).trim(),
  }
}

/** Where a slide's text came from: the file, the slide's lines and the file's revision when it was read. */
export interface SlideOrigin {
  no: number
  total: number
  /** The file, relative to the project root, with `/` separators. */
  file: string
  /** 0-based line where the slide starts (its separator); sent back with a write to name the same slide. */
  start: number
  /** 1-based line of the slide's first content line, for opening an editor there. */
  line: number
  /** Content hash of the file the slide was read from. */
  revision: string
  eol: 'lf' | 'crlf'
}

/** What `GET /__deck/slide/N` answers: a slide's origin and its text. */
export type SlideSource = SlideOrigin & SlideText

/** What `POST /__deck/slide/N` sends: the text, and the file, start line and revision it was based on. */
export interface SlideWrite extends SlideText {
  file: string
  start: number
  revision: string
}
