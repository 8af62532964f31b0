// The line rules of Slidev's Markdown dialect that decide where a slide begins and what its frontmatter and note are:
// one copy, read by the parser (parse.ts) and by the editor's write-back (write-back.ts), so both split a file alike.

/** Slidev's rule: any line that starts with `---` separates slides (`---`, `----`, `--- section`). */
export const isSeparator = (line: string) => line.startsWith('---')

/** A separator that is not `----…` may open frontmatter (when a non-blank line follows it). */
export const opensFrontmatterLine = (line: string) => isSeparator(line) && line[3] !== '-'

/** A frontmatter block closes at a line that is `---` alone. */
export const closesFrontmatter = (line: string) => line.trimEnd() === '---'

/** A code fence's opening line (CommonMark: up to three spaces, then three or more backticks or tildes). */
export const FENCE = /^\s{0,3}(`{3,}|~{3,})/

/** A ```yaml block that opens a slide's content is frontmatter too. */
export const YAML_FENCE_OPEN = /^```ya?ml[ \t]*$/
export const YAML_FENCE_CLOSE = /^```[ \t]*$/

/** The line without the carriage return of a CRLF file. */
export const withoutCr = (line: string) => line.replace(/\r$/, '')

/** Where a slide's note starts and ends in its body: the last HTML comment, when only whitespace follows it. */
export function noteBounds(body: string): { open: number; close: number } | null {
  const trimmed = body.trimEnd()
  if (!trimmed.endsWith('-->')) return null
  const open = trimmed.lastIndexOf('<!--')
  return open < 0 ? null : { open, close: trimmed.length }
}
