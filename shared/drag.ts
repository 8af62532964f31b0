// Slidev's draggable elements (`<v-drag pos="name">`, `v-drag="'name'"`, `v-drag="[x,y,w,h,rot]"`): where one stands,
// in slide pixels, and how a new place is written into the slide's frontmatter `dragPos` as text, keeping every other
// byte of the YAML. Shared by the plugin (which reads what the author wrote) and the runtime (which writes it back in dev).

/** An element's place: left, top, width, height (null: as high as its content) in slide px, rotation in degrees. */
export interface DragPos {
  x: number
  y: number
  w: number
  h: number | null
  rotate: number
}

/** What the author wrote on the element: a name whose place is in frontmatter `dragPos`, or the place itself. */
export type DragSpec = { name: string } | { pos: DragPos | null }

/** A `dragPos` key: what YAML reads as itself, unquoted (Slidev's names are such words). */
export const DRAG_NAME = /^[A-Za-z_][\w-]*$/

/** The smallest width and height a resize leaves (as Slidev's frame). */
export const DRAG_MIN_SIZE = 40

const AUTO_HEIGHT = new Set(['_', 'NaN', 'nan', ''])

/**
 * A place as Slidev writes it: `"x,y,w,h"` or `"x,y,w,h,rot"` (`h` is `_` or `NaN` for a height that follows the
 * content), or the same as an array of numbers. Null when it is not one (the reason is the caller's to tell).
 */
export function parseDragPos(value: unknown): DragPos | null {
  let parts: unknown[]
  if (Array.isArray(value)) parts = value
  else if (typeof value === 'string') parts = value.trim().replace(/^\[|\]$/g, '').split(',').map((p) => p.trim())
  else return null
  if (parts.length < 3 || parts.length > 5) return null
  const number = (part: unknown): number | null => {
    if (typeof part === 'number') return Number.isFinite(part) ? part : null
    if (typeof part !== 'string' || !/^-?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i.test(part)) return null
    return Number(part)
  }
  const [x, y, w] = parts.slice(0, 3).map(number)
  if (x == null || y == null || w == null) return null
  const rawH = parts[3]
  let h: number | null = null
  if (rawH !== undefined && !(typeof rawH === 'string' && AUTO_HEIGHT.has(rawH)) && !(typeof rawH === 'number' && Number.isNaN(rawH))) {
    h = number(rawH)
    if (h == null) return null
  }
  const rotate = parts[4] === undefined ? 0 : number(parts[4])
  if (rotate == null) return null
  return { x, y, w, h, rotate }
}

/** A place as frontmatter `dragPos` holds it (Slidev's form): whole pixels and degrees, `_` for a content height. */
export function formatDragPos(pos: DragPos): string {
  const whole = [pos.x, pos.y, pos.w].map(Math.round)
  const text = `${whole.join(',')},${pos.h === null ? '_' : Math.round(pos.h)}`
  const rotate = Math.round(pos.rotate)
  return rotate === 0 ? text : `${text},${rotate}`
}

/** Why a place was not written; the message is shown to the author. */
export class DragWriteRefusal extends Error {}

const isFinitePos = (pos: DragPos) => [pos.x, pos.y, pos.w, pos.rotate].every(Number.isFinite) && (pos.h === null || Number.isFinite(pos.h))

/** A top-level YAML key line: `key:` then its value (or nothing), maybe a comment. */
const TOP_KEY = /^([A-Za-z_$][\w$-]*|"[^"]*"|'[^']*')[ \t]*:(?:[ \t]+(.*?))?[ \t]*$/
const unquote = (key: string) => key.replace(/^(["'])(.*)\1$/, '$2')
const isBlankOrComment = (line: string) => /^[ \t]*(?:#.*)?$/.test(line)

/**
 * The frontmatter's YAML with `dragPos.<name>` set to `pos`: the entry's value replaced where it is (its comment kept),
 * else a line added at the end of the `dragPos` block, else a `dragPos` block added at the end. Every other line keeps
 * its bytes. Refused (DragWriteRefusal) for a name YAML would read otherwise, a place that is not numbers, or a
 * `dragPos` not written as a block of `name: place` lines.
 */
export function setDragPos(frontmatter: string, name: string, pos: DragPos): string {
  if (!DRAG_NAME.test(name)) throw new DragWriteRefusal(`"${name}" cannot be a dragPos name: use letters, digits, "_" and "-", starting with a letter.`)
  if (!isFinitePos(pos) || pos.w <= 0 || (pos.h !== null && pos.h <= 0)) throw new DragWriteRefusal(`The place of "${name}" is not a place (x, y, width, height and rotation must be numbers, the size above 0).`)
  const value = formatDragPos(pos)
  const eol = frontmatter.includes('\r\n') ? '\r\n' : '\n'
  const lines = frontmatter === '' ? [] : frontmatter.split(/\r?\n/)
  const keyAt = lines.findIndex((line) => unquote(TOP_KEY.exec(line)?.[1] ?? '') === 'dragPos')
  if (keyAt < 0) {
    while (lines.length && lines[lines.length - 1]!.trim() === '') lines.pop()
    return [...lines, 'dragPos:', `  ${name}: ${value}`].join(eol)
  }
  const inline = (TOP_KEY.exec(lines[keyAt]!)?.[2] ?? '').replace(/^#.*$/, '')
  if (inline !== '' && !/^\{\s*\}(?:\s+#.*)?$/.test(inline))
    throw new DragWriteRefusal('dragPos is written on one line; write it as a block ("dragPos:" then one "name: x,y,w,h" line each) to move elements here.')
  if (inline !== '') lines[keyAt] = lines[keyAt]!.replace(/:[ \t]+\{\s*\}/, ':')
  // The block: the lines after the key that are indented, blank or comments, up to the next top-level line.
  let end = keyAt + 1
  while (end < lines.length && (isBlankOrComment(lines[end]!) || /^[ \t]/.test(lines[end]!))) end++
  while (end > keyAt + 1 && lines[end - 1]!.trim() === '') end--
  const entries = lines.slice(keyAt + 1, end)
  const indent = entries.map((line) => /^([ \t]+)\S/.exec(line)).find((m) => m && !m[0].endsWith('#'))?.[1] ?? '  '
  for (let i = keyAt + 1; i < end; i++) {
    const line = lines[i]!
    if (isBlankOrComment(line) || !line.startsWith(indent) || /^[ \t]/.test(line.slice(indent.length))) continue
    const entry = /^([A-Za-z_][\w-]*|"[^"]*"|'[^']*')[ \t]*:[ \t]*(.*?)([ \t]+#.*)?$/.exec(line.slice(indent.length))
    if (!entry) throw new DragWriteRefusal(`dragPos line ${i + 1} of the frontmatter is not a "name: x,y,w,h" line; fix it in the file to move elements here.`)
    if (unquote(entry[1]!) !== name) continue
    lines[i] = `${indent}${entry[1]}: ${value}${entry[3] ?? ''}`
    return lines.join(eol)
  }
  lines.splice(end, 0, `${indent}${name}: ${value}`)
  return lines.join(eol)
}
