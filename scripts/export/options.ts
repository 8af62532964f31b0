// What `npm run export` was asked for: its flags, and the PDF's file name from the deck's configuration.
import { parseArgs } from 'node:util'
import { basename } from 'node:path'

export const USAGE = `Usage: npm run export -- [deck.md] [options]

  --range <r>              slides to export: 1-10, "1,3;5-7", all (default all)
  --with-clicks            one page per click step instead of one page per slide
  --dark                   export the dark colour scheme
  --notes                  a handout: each slide with its presenter notes (A4)
  --output <file.pdf>      where to write (default: from the deck's download / exportFilename)
  --executable-path <path> the Chromium to drive (default: CHROMIUM_PATH, else /usr/bin/chromium)
  --dist <dir>             the built deck to print (default dist/; built when missing or stale)
  --skip-build             use --dist as it is, never build
  --timeout <seconds>      how long slides may take to draw (default 120)
  -h, --help               this text

The deck is slides.md unless SLIDES_ENTRY or the deck argument names another file.`

export interface ExportArgs {
  entry?: string
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

export const DEFAULT_FILENAME = 'slides-export.pdf'

/** A file name with no folders and no characters file systems refuse. */
function safeName(name: string): string {
  // eslint-disable-next-line no-control-regex -- file systems refuse control characters in names
  return name.replace(/[/\\:*?"<>|\u0000-\u001f]/g, '-').replace(/^\.+/, '').trim()
}

/**
 * The PDF's file name, as spec.md section 7 says: the deck's `download` when it names a PDF, else
 * `exportFilename`, else a default. A handout gets `-notes` before the extension.
 */
export function pdfFileName(config: { download?: boolean | string; exportFilename?: string }, options: { notes?: boolean } = {}): string {
  let name = ''
  if (typeof config.download === 'string' && /\.pdf$/i.test(config.download.split(/[?#]/)[0] ?? '')) {
    const path = config.download.split(/[?#]/)[0] ?? ''
    try {
      name = safeName(decodeURIComponent(basename(path)))
    } catch {
      name = safeName(basename(path))
    }
  }
  if (!name && typeof config.exportFilename === 'string' && safeName(config.exportFilename)) {
    const base = safeName(basename(config.exportFilename))
    name = /\.pdf$/i.test(base) ? base : `${base}.pdf`
  }
  if (!name || name.toLowerCase() === '.pdf') name = DEFAULT_FILENAME
  return options.notes ? name.replace(/\.pdf$/i, '-notes.pdf') : name
}

/** `--output` as given, with `.pdf` added when it does not end in it. */
export function outputName(output: string): string {
  return /\.pdf$/i.test(output) ? output : `${output}.pdf`
}
