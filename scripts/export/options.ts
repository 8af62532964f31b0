// What `npm run export` was asked for: its flags and formats, and the files' names from the deck's configuration.
import { parseArgs } from 'node:util'
import { basename } from 'node:path'
import { safeFileName } from '../../shared/file-name'

/** The formats `--format` takes, in the order they are produced. */
export const FORMATS = ['md', 'pdf', 'png', 'pptx', 'html'] as const

export const USAGE = `Usage: reslide export [deck.md] [options]   (in this repository: npm run export -- …)

  --format <f[,f…]>        pdf (default), html, pptx, png, md; several with commas: --format pdf,pptx
  --range <r>              slides to export: 1-10, "1,3;5-7", all (default all)
  --with-clicks            one page (pdf), slide (pptx) or image (png) per click step
  --dark                   export the dark colour scheme
  --notes                  pdf: a handout, each slide with its presenter notes (A4)
  --scale <n>              png: pixels per slide pixel, 1 to 4 (default 1)
  --output <file>          where to write (default: from the deck's download / exportFilename); with several
                           formats, the name each format's extension is added to; png: a folder
  --executable-path <path> the Chromium to drive (default: CHROMIUM_PATH, else /usr/bin/chromium)
  --dist <dir>             the built deck to print (default dist/; built when missing or stale)
  --skip-build             use --dist as it is, never build
  --timeout <seconds>      how long slides may take to draw (default 120)
  -h, --help               this text

The deck is slides.md in the current folder unless the deck argument (or SLIDES_ENTRY) names another file.`

export type Format = (typeof FORMATS)[number]

/** What every format of one export run shares, as the command line asked for it (see exportFormats). */
export interface ExportSettings {
  root: string
  entry: string
  dist: string
  range?: string
  withClicks?: boolean
  dark?: boolean
  notes?: boolean
  output?: string
  executablePath?: string
  build?: 'auto' | 'never'
  timeoutMs?: number
  progress?: NodeJS.WritableStream | null
}

export interface ExportArgs {
  entry?: string
  formats: Format[]
  scale: number
  range?: string
  withClicks: boolean
  dark: boolean
  notes: boolean
  output?: string
  executablePath?: string
  dist?: string
  skipBuild: boolean
  timeoutMs: number
  help: boolean
}

export class UsageError extends Error {
  constructor(message: string) {
    super(`${message}\n\n${USAGE}`)
    this.name = 'UsageError'
  }
}

/** `argv`: the arguments after the script name. */
export function parseExportArgs(argv: string[]): ExportArgs {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        format: { type: 'string', short: 'f' },
        scale: { type: 'string' },
        range: { type: 'string' },
        'with-clicks': { type: 'boolean', default: false },
        dark: { type: 'boolean', default: false },
        notes: { type: 'boolean', default: false },
        output: { type: 'string', short: 'o' },
        'executable-path': { type: 'string' },
        dist: { type: 'string' },
        'skip-build': { type: 'boolean', default: false },
        timeout: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    })
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error))
  }
  const { values, positionals } = parsed
  if (positionals.length > 1) throw new UsageError(`One deck file at most, got: ${positionals.join(' ')}`)
  if (values.range !== undefined && !/^\s*(all|\*|none|[\d\s,;-]+)\s*$/.test(values.range)) {
    throw new UsageError(`--range "${values.range}" is not a range: use numbers, a-b ranges and , or ; (e.g. 1-10,12), or all.`)
  }
  if (values.notes && values['with-clicks']) throw new UsageError('--notes makes a handout (one page per slide): it cannot be combined with --with-clicks.')
  const formats = parseFormats(values.format)
  let scale = 1
  if (values.scale !== undefined) {
    scale = Number(values.scale)
    if (!Number.isFinite(scale) || scale < 1 || scale > 4) throw new UsageError(`--scale "${values.scale}" must be a number from 1 to 4.`)
  }
  let timeoutMs = 120_000
  if (values.timeout !== undefined) {
    const seconds = Number(values.timeout)
    if (!Number.isFinite(seconds) || seconds <= 0) throw new UsageError(`--timeout "${values.timeout}" must be a number of seconds above 0.`)
    timeoutMs = seconds * 1000
  }
  for (const key of ['output', 'executable-path', 'dist'] as const) {
    if (values[key] !== undefined && !values[key]?.trim()) throw new UsageError(`--${key} needs a value.`)
  }
  return {
    entry: positionals[0],
    formats,
    scale,
    range: values.range?.trim(),
    withClicks: values['with-clicks'] ?? false,
    dark: values.dark ?? false,
    notes: values.notes ?? false,
    output: values.output,
    executablePath: values['executable-path'],
    dist: values.dist,
    skipBuild: values['skip-build'] ?? false,
    timeoutMs,
    help: values.help ?? false,
  }
}

/**
 * `--format pdf,pptx` as a list in production order; unknown or empty names are refused.
 */
export function parseFormats(value: string | undefined): Format[] {
  if (value === undefined) return ['pdf']
  const asked = value.split(',').map((f) => f.trim().toLowerCase()).filter(Boolean)
  if (!asked.length) throw new UsageError('--format needs a format: pdf, html, pptx, png or md.')
  const unknown = asked.filter((f) => !(FORMATS as readonly string[]).includes(f))
  if (unknown.length) throw new UsageError(`Unknown format${unknown.length > 1 ? 's' : ''} "${unknown.join('", "')}": use pdf, html, pptx, png or md (several with commas).`)
  return FORMATS.filter((f) => asked.includes(f))
}

export const DEFAULT_FILENAME = 'slides-export.pdf'

/**
 * The PDF's file name, as spec.md section 7 says: the deck's `download` when it names a PDF, else
 * `exportFilename`, else a default. A handout gets `-notes` before the extension.
 */
export function pdfFileName(config: { download?: boolean | string; exportFilename?: string }, options: { notes?: boolean } = {}): string {
  let name = ''
  if (typeof config.download === 'string' && /\.pdf$/i.test(config.download.split(/[?#]/)[0] ?? '')) {
    const path = config.download.split(/[?#]/)[0] ?? ''
    try {
      name = safeFileName(decodeURIComponent(basename(path)))
    } catch {
      name = safeFileName(basename(path))
    }
  }
  if (!name && typeof config.exportFilename === 'string' && safeFileName(config.exportFilename)) {
    const base = safeFileName(basename(config.exportFilename))
    name = /\.pdf$/i.test(base) ? base : `${base}.pdf`
  }
  if (!name || name.toLowerCase() === '.pdf') name = DEFAULT_FILENAME
  return options.notes ? name.replace(/\.pdf$/i, '-notes.pdf') : name
}

/** `--output` as given, with `.pdf` added when it does not end in it. */
export function outputName(output: string): string {
  return /\.pdf$/i.test(output) ? output : `${output}.pdf`
}
