// Turns the text of a deck (Slidev's Markdown dialect) into slides and a resolved configuration: pure, no fs, no Vite.
import matter from 'gray-matter'
import { resolveConfig, type DeckConfig } from '../config.ts'
import { parseRangeString } from '../range.ts'
import { parseDuration } from '../duration.ts'
import { FENCE, closesFrontmatter, isSeparator, noteBounds, opensFrontmatterLine } from './syntax.ts'

export interface DeckError {
  /** 1-based line in the file named by `file` (the deck itself when absent). */
  line: number
  message: string
  file?: string
  /** The slide the error belongs to, when it belongs to one. */
  slide?: number
}

/** One `---`-delimited part of a source file, hidden or not, exactly as written. */
export interface SourcePart {
  index: number
  /** 0-based line index of the first line (the separator line for every part but the first). */
  start: number
  /** 0-based line index one past the last line. */
  end: number
  raw: string
  frontmatter: Record<string, unknown>
  /** The YAML text of the frontmatter as written (empty when none). */
  frontmatterRaw: string
  /** 0-based line index where the Markdown content begins. */
  contentStart: number
  content: string
  note: string
}

export interface Slide {
  /** 1-based position among the visible slides. */
  no: number
  /** Index of the part in its source file. */
  index: number
  start: number
  end: number
  contentStart: number
  /** The file this slide's text lives in (the deck, or a `src:` import). */
  filepath?: string
  frontmatter: Record<string, unknown>
  frontmatterRaw: string
  layout: string
  /** Frontmatter `title` or `name`, else the first heading's text; unset when there is none (as in Slidev). */
  title?: string
  /** Frontmatter `level`, else the first heading's `#` count when the title comes from it; unset otherwise (as in Slidev). */
  level?: number
  note: string
  content: string
  raw: string
  /** Planned length of this slide in ms (frontmatter `duration`), or null for an even share of the talk. */
  duration: number | null
}

export interface Deck {
  config: DeckConfig
  headmatter: Record<string, unknown>
  slides: Slide[]
  /** Every part of the main file, hidden ones included: joining their `raw` with "\n" gives the source back. */
  parts: SourcePart[]
  errors: DeckError[]
  /** Problems that do not stop a build (a bad `duration`): the build prints them and goes on. */
  warnings: DeckError[]
}

export interface ParseOptions {
  filepath?: string
  /** Project root: `/`-rooted imports resolve from here, and no import may leave it. Defaults to the deck's folder. */
  root?: string
  /** Reads an imported file; return undefined when it does not exist, throw (with a sentence) when it cannot be read. Without it, `src:` imports are reported. */
  readFile?: (absolutePath: string) => string | undefined
}


/** Splits source lines into parts at separators outside code fences and HTML comments. */
interface RawPart {
  start: number
  end: number
  frontmatterRaw: string
  /** 0-based line of the first YAML line, or -1 when the part has no `---` frontmatter. */
  frontmatterLine: number
  contentStart: number
}

function splitParts(lines: string[], errors: DeckError[], file?: string, warnings: DeckError[] = []): RawPart[] {
  const parts: RawPart[] = []
  let start = 0
  let frontmatterRaw = ''
  let frontmatterLine = -1
  let contentStart = 0
  let fence: string | null = null
  let inComment = false
  /** 0-based line where the open fence or comment began. */
  let openedAt = -1

  const readFrontmatter = (opener: number): number => {
    // `---` followed by a non-blank line opens frontmatter; it closes at the next `---` line.
    for (let j = opener + 1; j < lines.length; j++) {
      if (closesFrontmatter(lines[j] ?? '')) {
        frontmatterRaw = lines.slice(opener + 1, j).join('\n')
        frontmatterLine = opener + 1
        return j + 1
      }
    }
    errors.push({ line: opener + 1, message: `Unclosed frontmatter: the "---" on line ${opener + 1} has no closing "---".`, file })
    frontmatterRaw = ''
    frontmatterLine = -1
    return opener + 1
  }

  const close = (end: number) => {
    // A file that opens with a bare separator has no empty first slide.
    if (!(end === 0 && parts.length === 0)) parts.push({ start, end, frontmatterRaw, frontmatterLine, contentStart })
    frontmatterRaw = ''
    frontmatterLine = -1
  }

  // As in Slidev: a separator that is not `----…`, followed by a non-blank line, opens frontmatter.
  const opensFrontmatter = (i: number) => {
    return opensFrontmatterLine(lines[i]?.trimEnd() ?? '') && Boolean(lines[i + 1]?.trim())
  }

  let i = 0
  if (lines.length && opensFrontmatter(0)) {
    i = readFrontmatter(0)
    contentStart = i
  }
  for (; i < lines.length; i++) {
    const line = (lines[i] ?? '').replace(/\r$/, '')
    if (fence) {
      if (line.trimStart().startsWith(fence) && line.trim().replace(/[`~]/g, '') === '') fence = null
      continue
    }
    if (inComment) {
      if (line.includes('-->')) inComment = false
      continue
    }
    const fenceMatch = line.match(FENCE)
    if (fenceMatch) {
      fence = fenceMatch[1] ?? null
      openedAt = i
      continue
    }
    if (line.includes('<!--') && !line.slice(line.lastIndexOf('<!--')).includes('-->')) {
      inComment = true
      openedAt = i
      continue
    }
    if (isSeparator(line)) {
      close(i)
      start = i
      contentStart = i + 1
      if (opensFrontmatter(i)) {
        const next = readFrontmatter(i)
        contentStart = next
        i = next - 1
      }
    }
  }
  close(lines.length)
  if (fence || inComment) {
    // What the rest of the file would have been, read without the opener: every part after the first is a lost slide.
    const swallowed = Math.max(0, splitParts(lines.slice(openedAt + 1), []).length - 1)
    const what = fence ? `code fence "${fence}"` : 'HTML comment "<!--"'
    const lost = swallowed ? `it swallowed the ${swallowed} slide${swallowed === 1 ? '' : 's'} after it` : 'it hides the rest of this slide'
    warnings.push({ line: openedAt + 1, message: `Unclosed ${what} opened on line ${openedAt + 1} runs to the end of the file: ${lost}.`, file })
  }
  return parts
}

/** A slide's content may open with a ```yaml block instead of `---` frontmatter. */
function takeYamlFence(content: string): { yaml: string; rest: string; yamlLine: number; linesUsed: number } | null {
  const m = content.match(/^((?:[ \t]*\n)*)```ya?ml[ \t]*\n([\s\S]*?)\n```[ \t]*(?:\n|$)/)
  if (!m) return null
  const newlines = (text: string) => text.split('\n').length - 1
  return { yaml: m[2] ?? '', rest: content.slice(m[0].length), yamlLine: newlines(m[1] ?? '') + 1, linesUsed: newlines(m[0]) }
}

/** The note is the last HTML comment, when nothing but whitespace follows it. */
export function splitNote(content: string): { content: string; note: string } {
  const bounds = noteBounds(content)
  if (!bounds) return { content, note: '' }
  return { content: content.slice(0, bounds.open).trimEnd(), note: content.slice(bounds.open + 4, bounds.close - 3).trim() }
}

/**
 * Each frontmatter text's parse, kept: a dev server parses the deck again on every saved edit, and an edit changes one
 * slide's frontmatter at most (YAML was a third of a 107-slide deck's parse). Bounded; callers get their own copy.
 */
const parsedYaml = new Map<string, unknown>()
const PARSED_YAML_LIMIT = 4000

function yamlData(yaml: string): unknown {
  if (parsedYaml.has(yaml)) return structuredClone(parsedYaml.get(yaml))
  // The wrapper keeps gray-matter's front-matter parser in charge of YAML (options given: its own cache is off).
  const data: unknown = matter(`---\n${yaml}\n---\n`, {}).data
  if (parsedYaml.size >= PARSED_YAML_LIMIT) parsedYaml.clear()
  parsedYaml.set(yaml, structuredClone(data))
  return data
}

function parseYaml(yaml: string, firstLine: number, errors: DeckError[], file?: string): Record<string, unknown> {
  if (!yaml.trim()) return {}
  try {
    const data = yamlData(yaml)
    if (data === null || typeof data !== 'object' || Array.isArray(data)) {
      errors.push({ line: firstLine, message: 'Frontmatter must be a YAML mapping (key: value lines).', file })
      return {}
    }
    return { ...data }
  } catch (error) {
    const e = error as { mark?: { line?: number }; reason?: string; message?: string }
    // gray-matter hands js-yaml the text after "---", which starts with a newline; end-of-text errors point past it.
    const lastLine = firstLine + yaml.split('\n').length - 1
    const line = Math.min(lastLine, Math.max(firstLine, firstLine + (e.mark?.line ?? 1) - 1))
    errors.push({ line, message: `Malformed YAML in frontmatter: ${e.reason ?? e.message ?? String(error)}`, file })
    return {}
  }
}

const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/

/** The first ATX heading outside code fences, as plain text. */
export function findHeading(content: string): { title: string; level: number } | null {
  let fence: string | null = null
  for (const line of content.split('\n')) {
    const marker = line.match(FENCE)?.[1]
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null
      continue
    }
    if (marker) {
      fence = marker
      continue
    }
    const m = line.replace(/\r$/, '').match(HEADING)
    if (m) return { title: plainText(m[2] ?? ''), level: (m[1] ?? '#').length }
  }
  return null
}

/** Each content's first heading, kept as the parts' texts are (an edit changes one slide's). */
const headings = new Map<string, { title: string; level: number } | null>()

function headingOf(content: string): { title: string; level: number } | null {
  let heading = headings.get(content)
  if (heading === undefined) {
    heading = findHeading(content)
    if (headings.size >= PART_TEXTS_LIMIT) headings.clear()
    headings.set(content, heading)
  }
  return heading
}

/** Strips inline Markdown and HTML from a heading so it reads as a title. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/<[^>]+>/g, '')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|\*|_|~~|`)(.+?)\1/g, '$2')
    .replace(/\s+/g, ' ')
    .trim()
}

/** A part as its text alone gives it: what toParts keeps per text, its lines counted from the part's first line. */
interface PartText {
  frontmatter: Record<string, unknown>
  frontmatterRaw: string
  contentOffset: number
  content: string
  note: string
  errors: DeckError[]
  warnings: DeckError[]
}

/**
 * Each part's parse by its text (and file, and whether it opens the file), kept: a dev server parses the deck again on
 * every saved edit, which changes one part, and the other parts' YAML, type checks, notes and trims were half of a
 * 107-slide deck's parse. Bounded; every parse gets its own copy of the frontmatter.
 */
const partTexts = new Map<string, Map<string, PartText>>()
const PART_TEXTS_LIMIT = 4000

function partText(lines: string[], part: RawPart, raw: string, first: boolean, file?: string): PartText {
  const where = `${file ?? ''}\0${first}`
  const kept = partTexts.get(where)?.get(raw)
  if (kept) return kept
  const errors: DeckError[] = []
  const warnings: DeckError[] = []
  const line = part.frontmatterLine
  let frontmatter = line >= 0 ? parseYaml(part.frontmatterRaw, line + 1, errors, file) : {}
  let frontmatterRaw = part.frontmatterRaw
  let contentStart = part.contentStart
  let content = lines.slice(part.contentStart, part.end).join('\n').replace(/\r/g, '')
  if (line < 0) {
    const fenced = takeYamlFence(content)
    if (fenced) {
      frontmatter = parseYaml(fenced.yaml, part.contentStart + fenced.yamlLine + 1, errors, file)
      frontmatterRaw = fenced.yaml
      contentStart = part.contentStart + fenced.linesUsed
      content = fenced.rest
    }
  }
  const { content: body, note } = splitNote(content)
  if (Object.keys(frontmatter).length) {
    // The 1-based line of the frontmatter's first YAML line: after the `---` opener, or inside a leading ```yaml block.
    const firstLine = line >= 0 ? line + 1 : contentStart - frontmatterRaw.split('\n').length
    checkFrontmatterTypes(frontmatter, frontmatterRaw, firstLine, warnings, file)
  }
  const fromStart = (e: DeckError) => ({ ...e, line: e.line - part.start })
  const made = { frontmatter, frontmatterRaw, contentOffset: contentStart - part.start, content: body.replace(/^\s*\n/, '').trimEnd(), note, errors: errors.map(fromStart), warnings: warnings.map(fromStart) }
  let inFile = partTexts.get(where)
  if (!inFile || inFile.size >= PART_TEXTS_LIMIT) partTexts.set(where, (inFile = new Map()))
  inFile.set(raw, made)
  return made
}

function toParts(source: string, errors: DeckError[], file?: string, warnings: DeckError[] = []): SourcePart[] {
  const lines = source.split('\n')
  // Where each line starts in the source: a part's text is a slice of it (its lines joined again, without copying them).
  const lineStarts = [0]
  for (const line of lines) lineStarts.push(lineStarts[lineStarts.length - 1]! + line.length + 1)
  return splitParts(lines, errors, file, warnings).map((part, index) => {
    const raw = source.slice(lineStarts[part.start], Math.max(lineStarts[part.start]!, lineStarts[part.end]! - 1))
    const made = partText(lines, part, raw, index === 0, file)
    const atStart = (e: DeckError) => ({ ...e, line: e.line + part.start })
    errors.push(...made.errors.map(atStart))
    warnings.push(...made.warnings.map(atStart))
    return {
      index,
      start: part.start,
      end: part.end,
      raw,
      frontmatter: Object.keys(made.frontmatter).length ? structuredClone(made.frontmatter) : {},
      frontmatterRaw: made.frontmatterRaw,
      contentStart: part.start + made.contentOffset,
      content: made.content,
      note: made.note,
    }
  })
}

/** What each per-slide frontmatter key must hold (Slidev's types); a value of another type is a warning, not a silent no-op. */
const FRONTMATTER_TYPES: Record<string, { ok: (v: unknown) => boolean; want: string }> = {
  layout: { ok: (v) => typeof v === 'string', want: 'a layout name (text)' },
  transition: { ok: (v) => typeof v === 'string' || (typeof v === 'object' && v !== null && !Array.isArray(v)), want: 'a transition name (text) or an object' },
  class: { ok: (v) => typeof v === 'string' || (Array.isArray(v) && v.every((c) => typeof c === 'string')) || (typeof v === 'object' && v !== null), want: 'class names (text or a list of text)' },
  clicks: { ok: (v) => typeof v === 'number' && Number.isInteger(v) && v >= 0, want: 'a whole number of clicks (0 or more)' },
  name: { ok: (v) => typeof v === 'string', want: 'text' },
  routeAlias: { ok: (v) => typeof v === 'string', want: 'text' },
  src: { ok: (v) => typeof v === 'string', want: 'a file path (text)' },
  url: { ok: (v) => typeof v === 'string', want: 'an address (text)' },
  preload: { ok: (v) => typeof v === 'boolean', want: 'true or false' },
  hide: { ok: (v) => typeof v === 'boolean', want: 'true or false' },
  disabled: { ok: (v) => typeof v === 'boolean', want: 'true or false' },
  level: { ok: (v) => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 6, want: 'a heading level from 1 to 6' },
}

const shown = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 40 ? `${text.slice(0, 37)}...` : text
}

/** Warns (with the key's line) about frontmatter values of the wrong type: `transition: 42`, `clicks: "x"`, `layout: 3`. */
function checkFrontmatterTypes(frontmatter: Record<string, unknown>, raw: string, firstLine: number, warnings: DeckError[], file?: string): void {
  const lines = raw.split('\n')
  for (const [key, rule] of Object.entries(FRONTMATTER_TYPES)) {
    if (!(key in frontmatter)) continue
    const value = frontmatter[key]
    if (value === null || value === undefined || rule.ok(value)) continue
    const at = lines.findIndex((l) => new RegExp(`^\\s*["']?${key}["']?\\s*:`).test(l))
    warnings.push({ line: firstLine + Math.max(at, 0), message: `Frontmatter "${key}" must be ${rule.want}, got ${shown(value)}.`, file })
  }
}

function isHidden(frontmatter: Record<string, unknown>): boolean {
  return frontmatter.hide === true || frontmatter.disabled === true
}

function dirname(path: string): string {
  const i = path.lastIndexOf('/')
  return i <= 0 ? '/' : path.slice(0, i)
}

/** Resolves `a/../b` segments without touching the file system. */
function normalize(path: string): string {
  const out: string[] = []
  for (const seg of path.split('/')) {
    if (seg === '' || seg === '.') continue
    if (seg === '..') out.pop()
    else out.push(seg)
  }
  return '/' + out.join('/')
}

function toSlide(part: SourcePart, filepath: string | undefined, inherited?: Record<string, unknown>): Omit<Slide, 'no' | 'duration'> {
  const frontmatter = inherited ? { ...part.frontmatter, ...inherited } : part.frontmatter
  const fmTitle = typeof frontmatter.title === 'string' ? frontmatter.title : typeof frontmatter.name === 'string' ? frontmatter.name : undefined
  // Slidev's rule: a heading gives title and level only when the frontmatter names no title.
  const heading = fmTitle === undefined ? headingOf(part.content) : null
  const level = typeof frontmatter.level === 'number' && frontmatter.level > 0 ? frontmatter.level : heading?.level
  return {
    index: part.index,
    start: part.start,
    end: part.end,
    contentStart: part.contentStart,
    filepath,
    frontmatter,
    frontmatterRaw: part.frontmatterRaw,
    layout: typeof frontmatter.layout === 'string' ? frontmatter.layout : '',
    title: fmTitle ?? heading?.title,
    level,
    note: part.note,
    content: part.content,
    raw: part.raw,
  }
}

interface ImportContext {
  root: string
  readFile?: ParseOptions['readFile']
  errors: DeckError[]
  warnings: DeckError[]
  stack: string[]
}

/** Expands `src:` imports into the slides they name, importer's frontmatter winning. */
function expand(parts: SourcePart[], filepath: string | undefined, ctx: ImportContext): Omit<Slide, 'no' | 'duration'>[] {
  const slides: Omit<Slide, 'no' | 'duration'>[] = []
  for (const part of parts) {
    if (isHidden(part.frontmatter)) continue
    const src = part.frontmatter.src
    if (typeof src !== 'string') {
      slides.push(toSlide(part, filepath))
      continue
    }
    const line = part.start + 1
    // In the deck file itself the failed import is the next slide; inside an import the file and line say enough.
    const slide = ctx.stack.length === 1 ? { slide: slides.length + 1 } : {}
    const fail = (message: string) => ctx.errors.push({ line, message, file: filepath, ...slide })
    const [pathPart = '', range] = src.split('#')
    if (!filepath && !pathPart.startsWith('/')) {
      fail(`Cannot import "${src}": the deck has no file path to resolve it from.`)
      continue
    }
    const target = pathPart.startsWith('/') ? normalize(ctx.root + pathPart) : normalize(dirname(filepath!) + '/' + pathPart)
    if (!(target + '/').startsWith(normalize(ctx.root) + '/') && target !== normalize(ctx.root)) {
      fail(`Refused to import "${src}": it resolves outside the project (${target}).`)
      continue
    }
    if (ctx.stack.includes(target)) {
      fail(`Circular import: ${[...ctx.stack, target].join(' → ')}`)
      continue
    }
    let text: string | undefined
    try {
      text = ctx.readFile?.(target)
    } catch (error) {
      // The reader refuses what is not a file (a folder, no permission) with a sentence of its own.
      fail(`Cannot import "${src}": ${(error as Error).message}`)
      continue
    }
    if (text === undefined) {
      fail(`Imported file not found: "${src}" (${target}).`)
      continue
    }
    const imported = toParts(text, ctx.errors, target, ctx.warnings)
    ctx.stack.push(target)
    const importedSlides = expand(imported, target, ctx)
    ctx.stack.pop()
    const { src: _src, ...own } = part.frontmatter
    const picked = range ? parseRangeString(importedSlides.length, range).flatMap((n) => importedSlides[n - 1] ?? []) : importedSlides
    for (const slide of picked) {
      const source = imported[slide.index]
      if (source) slides.push(toSlide(source, target, own))
    }
  }
  return slides
}

export function parseDeck(source: string, options: ParseOptions = {}): Deck {
  const errors: DeckError[] = []
  const warnings: DeckError[] = []
  const file = options.filepath
  const parts = toParts(source, errors, file, warnings)
  const headmatter = parts[0]?.frontmatter ?? {}
  const root = options.root ?? (file ? dirname(file) : '/')
  const ctx: ImportContext = { root, readFile: options.readFile, errors, warnings, stack: file ? [normalize(file)] : [] }
  const slides: Slide[] = expand(parts, file, ctx).map((slide, i) => ({
    ...slide,
    no: i + 1,
    layout: slide.layout || (i === 0 ? 'cover' : 'default'),
    // The first slide's frontmatter is the headmatter: its `duration` is the whole talk's, not the slide's.
    duration: i === 0 && slide.index === 0 && slide.filepath === file ? null : slideDuration(slide, i + 1, warnings),
  }))
  const config = resolveConfig(
    headmatter,
    (key, message) => errors.push({ line: headmatterLine(parts[0], key), message, file, slide: 1 }),
    (key, message) => warnings.push({ line: headmatterLine(parts[0], key), message, file, slide: 1 }),
  )
  for (const error of [...errors, ...warnings]) {
    if (error.slide === undefined && (!error.file || error.file === file)) {
      const owner = slides.find((s) => s.filepath === file && error.line - 1 >= s.start && error.line - 1 < s.end)
      if (owner) error.slide = owner.no
    }
  }
  return { config, headmatter, slides, parts, errors, warnings }
}

/** A slide's own planned length (frontmatter `duration`, pacing's refinement); a bad value is a warning and no plan. */
function slideDuration(slide: Omit<Slide, 'no' | 'duration'>, no: number, warnings: DeckError[]): number | null {
  const value = slide.frontmatter.duration
  if (value === undefined || value === null) return null
  const parsed = parseDuration(value)
  if (parsed.ok) return parsed.ms
  const at = slide.frontmatterRaw.split('\n').findIndex((l) => l.startsWith('duration:'))
  warnings.push({ line: slide.start + 2 + Math.max(at, 0), message: `"duration" ${parsed.reason}; this slide gets an even share of the talk.`, file: slide.filepath, slide: no })
  return null
}

/** Line (1-based) of a key in the headmatter, for pointing at bad values. */
function headmatterLine(part: SourcePart | undefined, key: string): number {
  if (!part) return 1
  const lines = part.frontmatterRaw.split('\n')
  const top = key.split('.')[0]
  const at = lines.findIndex((l) => l.startsWith(`${top}:`))
  return part.start + 2 + Math.max(at, 0)
}

export { parseRangeString }

export type { DeckConfig }
