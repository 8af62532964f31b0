// Lets the side editor put one slide's new text back into its Markdown file: only that slide's bytes change, in the
// file's own line endings, and nothing is written that the deck would read differently (pure: bytes in, bytes out).
import { parseDeck, type DeckError, type ParseOptions } from './parse.ts'
import { normalizeSlideText, type SlideText } from '../slide-source.ts'
import { YAML_FENCE_CLOSE, YAML_FENCE_OPEN, closesFrontmatter, isSeparator, noteBounds, opensFrontmatterLine, withoutCr } from './syntax.ts'

export type LineEnding = '\n' | '\r\n'

/** Where a slide lives in its file: 0-based line indexes [start, end), as the parser gives them. */
export interface SlideLines {
  start: number
  end: number
}

/** Why a text was not written; the editor shows `message` and keeps the author's text. */
export class SpliceRefusal extends Error {
  constructor(
    readonly reason: 'not-utf8' | 'lines' | 'structure' | 'reinterpreted' | 'deck-error' | 'note',
    message: string,
  ) {
    super(message)
  }
}


/** CRLF when most of the file's line breaks are CRLF, else LF (a file without line breaks is LF). */
export function lineEndingOf(bytes: Uint8Array): LineEnding {
  let lf = 0
  let crlf = 0
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] !== 10) continue
    lf++
    if (i > 0 && bytes[i - 1] === 13) crlf++
  }
  return crlf * 2 > lf ? '\r\n' : '\n'
}

/** The regions of one part's text (offsets into it): header (separator and frontmatter), content, note. */
interface PartShape {
  /** The frontmatter's YAML text [from, to), excluding its last line ending; `block` is where a ```yaml fence opens. */
  frontmatter: { form: 'dashes' | 'fence'; from: number; to: number; block: number } | null
  /** The part's first line is a `---` (or longer) separator. */
  separator: boolean
  /** Where the body (everything after the frontmatter) starts; the text before it is the header. */
  bodyFrom: number
  /** Whether the body starts on a line of its own (false when the header ends the file without a line break). */
  bodyHasLine: boolean
  contentFrom: number
  contentEnd: number
  /** The last HTML comment when it ends the slide: `<!--` at `from`, `-->` ending at `to`. */
  note: { from: number; to: number; innerFrom: number; innerTo: number } | null
  /** End of the body without its trailing whitespace. */
  trimmedEnd: number
}

/** Reads a part the way parse.ts does (the same rules of syntax.ts, kept as offsets so untouched regions keep their bytes). */
function shapeOf(part: string): PartShape {
  const lines = part.split('\n')
  const offsets: number[] = []
  let at = 0
  for (const text of lines) {
    offsets.push(at)
    at += text.length + 1
  }
  // Indexes past the end read as an empty line at the end of the part.
  const line = (i: number) => lines[i] ?? ''
  const offset = (i: number) => offsets[i] ?? part.length
  const lineEnd = (i: number) => offset(i) + withoutCr(line(i)).length
  const separator = isSeparator(withoutCr(line(0)))
  let frontmatter: PartShape['frontmatter'] = null
  let bodyLine = separator ? 1 : 0
  // `---` followed by a non-blank line opens frontmatter, closed by the next `---` line.
  if (separator && opensFrontmatterLine(withoutCr(line(0))) && lines.length > 1 && line(1).trim() !== '') {
    const close = lines.findIndex((text, i) => i >= 1 && closesFrontmatter(text))
    if (close > 0) {
      frontmatter = { form: 'dashes', from: offset(1), to: close > 1 ? lineEnd(close - 1) : offset(1), block: 0 }
      bodyLine = close + 1
    }
  }
  if (!frontmatter) {
    // A ```yaml block opening the content is frontmatter too.
    let open = bodyLine
    while (open < lines.length && /^[ \t]*$/.test(withoutCr(line(open)))) open++
    if (open + 2 < lines.length && YAML_FENCE_OPEN.test(withoutCr(line(open)))) {
      const close = lines.findIndex((text, i) => i >= open + 2 && YAML_FENCE_CLOSE.test(withoutCr(text)))
      if (close > 0) {
        frontmatter = { form: 'fence', from: offset(open + 1), to: lineEnd(close - 1), block: offset(open) }
        bodyLine = close + 1
      }
    }
  }
  const bodyHasLine = bodyLine < lines.length
  const bodyFrom = bodyHasLine ? offset(bodyLine) : part.length
  const body = part.slice(bodyFrom)
  const trimmed = body.trimEnd()
  const trimmedEnd = bodyFrom + trimmed.length
  let note: PartShape['note'] = null
  let contentEnd = trimmedEnd
  const bounds = noteBounds(trimmed)
  if (bounds) {
    const { open } = bounds
    note = { from: bodyFrom + open, to: trimmedEnd, innerFrom: bodyFrom + open + 4, innerTo: Math.max(bodyFrom + open + 4, trimmedEnd - 3) }
    contentEnd = bodyFrom + trimmed.slice(0, open).trimEnd().length
  }
  const lead = /^\s*\n/.exec(part.slice(bodyFrom, contentEnd))
  const contentFrom = bodyFrom + (lead ? lead[0].length : 0)
  return { frontmatter, separator, bodyFrom, bodyHasLine, contentFrom, contentEnd, note, trimmedEnd }
}

/** A part's fields as the side editor shows them (normalized). */
export function fieldsOfPart(part: string): SlideText {
  const shape = shapeOf(part)
  return normalizeSlideText({
    frontmatter: shape.frontmatter ? part.slice(shape.frontmatter.from, shape.frontmatter.to) : '',
    content: part.slice(shape.contentFrom, shape.contentEnd),
    note: shape.note ? part.slice(shape.note.innerFrom, shape.note.innerTo) : '',
  })
}

/**
 * The part with new fields: a field that did not change keeps its bytes, a changed one is written in `eol`;
 * the separator, the frontmatter's form (`---` or ```yaml) and the note's layout are kept where they exist.
 */
export function rewritePart(part: string, fields: SlideText, eol: LineEnding, firstInFile: boolean): string {
  const next = normalizeSlideText(fields)
  const shape = shapeOf(part)
  const current = fieldsOfPart(part)
  const inEol = (text: string) => text.split('\n').join(eol)

  let header = part.slice(0, shape.bodyFrom)
  if (next.frontmatter !== current.frontmatter) {
    const fm = shape.frontmatter
    if (next.frontmatter && fm) header = part.slice(0, fm.from) + inEol(next.frontmatter) + part.slice(fm.to, shape.bodyFrom)
    else if (next.frontmatter) {
      // A `----` separator cannot open frontmatter; `---` can.
      const opened = `---${eol}${inEol(next.frontmatter)}${eol}---`
      header = shape.separator ? opened + (header.endsWith('\n') ? eol : '') : opened + eol
    } else if (fm?.form === 'fence') header = part.slice(0, fm.block)
    else if (fm) header = firstInFile ? '' : '---' + (shape.bodyHasLine ? eol : '')
  }

  let body = part.slice(shape.bodyFrom)
  if (next.content !== current.content || next.note !== current.note) {
    const lead = part.slice(shape.bodyFrom, shape.contentFrom)
    const trail = part.slice(shape.trimmedEnd)
    const content = next.content === current.content ? part.slice(shape.contentFrom, shape.contentEnd) : inEol(next.content)
    let note = ''
    if (next.note && shape.note && next.note === current.note) note = part.slice(shape.note.from, shape.note.to)
    else if (next.note && shape.note) {
      // Keep the comment's own spacing (`<!-- a -->` or `<!--\na\n-->`) around the new text.
      const inner = part.slice(shape.note.innerFrom, shape.note.innerTo)
      const before = /^\s*/.exec(inner)![0]
      const after = /\s*$/.exec(inner.slice(before.length))![0]
      const spaced = inner.trim() === '' ? (next.note.includes('\n') ? [eol, eol] : [' ', ' ']) : [before, after]
      note = `<!--${spaced[0]}${inEol(next.note)}${spaced[1]}-->`
    } else if (next.note) note = `<!--${eol}${inEol(next.note)}${eol}-->`
    const gapBefore = shape.note ? part.slice(shape.contentEnd, shape.note.from) : null
    let gap = ''
    if (note && content) gap = gapBefore !== null && current.content !== '' ? gapBefore : eol + eol
    else if (note && current.content === '') gap = gapBefore ?? ''
    // An emptied slide keeps only its trailing blank lines, so clearing and retyping does not pile them up.
    body = content || note ? lead + content + gap + note + trail : trail
  }

  let result = header + (header !== '' && !header.endsWith('\n') && body !== '' ? eol : '') + body
  if (!next.frontmatter) {
    // A bare `---` followed by a non-blank line would open frontmatter: keep a blank line after it.
    const lines = result.split('\n')
    const [first = '', second = ''] = lines
    if (lines.length > 1 && opensFrontmatterLine(withoutCr(first)) && second.trim() !== '') result = first + '\n' + eol + lines.slice(1).join('\n')
  }
  return result
}

/** Byte offsets of every line start ("\n"-separated, like the parser's lines). */
function lineStarts(bytes: Uint8Array): number[] {
  const starts = [0]
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 10) starts.push(i + 1)
  return starts
}

/** The bytes of lines [start, end): the part's own text, without the line break that joins it to the next part. */
function partRange(bytes: Uint8Array, at: SlideLines): { from: number; to: number } {
  const starts = lineStarts(bytes)
  if (!Number.isInteger(at.start) || !Number.isInteger(at.end) || at.start < 0 || at.end <= at.start || at.end > starts.length)
    throw new SpliceRefusal('lines', `Lines ${at.start + 1}-${at.end} are not in the file (it has ${starts.length} lines).`)
  return { from: starts[at.start] ?? bytes.length, to: at.end < starts.length ? (starts[at.end] ?? 0) - 1 : bytes.length }
}

function partText(bytes: Buffer, at: SlideLines): { from: number; to: number; text: string } {
  const { from, to } = partRange(bytes, at)
  const raw = bytes.subarray(from, to)
  const text = raw.toString('utf8')
  if (!Buffer.from(text, 'utf8').equals(raw))
    throw new SpliceRefusal('not-utf8', `Lines ${at.start + 1}-${at.end} hold bytes that are not UTF-8; edit this slide in a text editor.`)
  return { from, to, text }
}

/** The slide's fields as stored in the file. */
export function readSlideText(bytes: Buffer, at: SlideLines): SlideText {
  return fieldsOfPart(partText(bytes, at).text)
}

export interface SpliceOptions extends ParseOptions {
  /** Whether the file is the deck itself (its first part's frontmatter is the deck configuration). */
  entry?: boolean
}

export interface SpliceResult {
  bytes: Buffer
  /** False when the fields already were what the file holds (nothing to write). */
  changed: boolean
}

const inPart = (errors: DeckError[], file: string | undefined, from: number, to: number) =>
  errors.filter((e) => (!e.file || e.file === file) && e.line - 1 >= from && e.line - 1 < to)

/**
 * The file with the slide at `at` holding `fields`. Everything outside the slide's lines keeps its bytes; the result
 * is refused (SpliceRefusal) when the deck would read it differently: another number of slides, other slides changed,
 * a field read back otherwise (a trailing comment becoming the note), or a new error in the slide (bad YAML).
 */
export function spliceSlide(bytes: Buffer, at: SlideLines, fields: SlideText, options: SpliceOptions = {}): SpliceResult {
  if (/-->|<!--/.test(fields.note)) throw new SpliceRefusal('note', 'A note cannot contain "<!--" or "-->" (the note is itself an HTML comment).')
  const { from, to, text } = partText(bytes, at)
  const next = normalizeSlideText(fields)
  const rewritten = rewritePart(text, next, lineEndingOf(bytes), at.start === 0)
  if (rewritten === text) return { bytes, changed: false }
  const out = Buffer.concat([bytes.subarray(0, from), Buffer.from(rewritten, 'utf8'), bytes.subarray(to)])

  const parse = (buffer: Buffer) => parseDeck(buffer.toString('utf8'), options)
  const before = parse(bytes)
  const after = parse(out)
  const index = before.parts.findIndex((p) => p.start === at.start)
  const same = index >= 0 && after.parts.length === before.parts.length && before.parts.every((p, i) => i === index || after.parts[i]?.raw === p.raw)
  if (!same)
    throw new SpliceRefusal(
      'structure',
      'Not saved: this text would split or merge slides (a "---" line, an unclosed ``` code block or an unclosed <!-- comment). Close it, or add slides in the file itself.',
    )
  const changedPart = after.parts[index]
  if (!changedPart) throw new SpliceRefusal('structure', 'Not saved: the slide is no longer in the file.')
  const readBack = fieldsOfPart(changedPart.raw)
  if (readBack.frontmatter !== next.frontmatter || readBack.content !== next.content || readBack.note !== next.note) {
    const message =
      !next.note && readBack.note
        ? 'Not saved: the slide ends with an HTML comment, which the deck reads as the note. Put notes in the note box, or add text after the comment.'
        : !next.frontmatter && readBack.frontmatter
          ? 'Not saved: the slide would start with a ```yaml block, which the deck reads as frontmatter. Put it in the frontmatter box.'
          : 'Not saved: the deck would read this text differently from what the editor shows (check the separators and comments).'
    throw new SpliceRefusal('reinterpreted', message)
  }

  const file = options.filepath
  const old = new Set(inPart(before.errors, file, at.start, at.end).map((e) => e.message))
  const added = inPart(after.errors, file, at.start, changedPart.end).filter((e) => !old.has(e.message))
  const relevant = options.entry === false ? added.filter((e) => !(e.slide === 1 && index === 0 && isConfigMessage(e.message))) : added
  const [error] = relevant
  if (error) throw new SpliceRefusal('deck-error', `Not saved: line ${error.line}: ${error.message}`)
  return { bytes: out, changed: true }
}

/** Configuration complaints name a headmatter key in quotes ("canvasWidth" must…); an imported file has no headmatter. */
function isConfigMessage(message: string): boolean {
  return /^"[A-Za-z.]+" must/.test(message)
}
