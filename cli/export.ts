// `reslide export`: the deck as PDF (vector, searchable, tagged, with bookmarks), PowerPoint, PNG images, one
// offline HTML file or notes in Markdown, drawn by Chromium from the deck's build (built first when stale).
import { existsSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { parseExportArgs, UsageError as ExportUsageError, USAGE } from '../scripts/export/options.ts'
import { UsageError } from './args.ts'
import { ENGINE_DIR } from '../plugin/options.ts'

export async function runExport(argv: string[]): Promise<number> {
  let args
  try {
    args = parseExportArgs(argv)
  } catch (error) {
    if (error instanceof ExportUsageError) throw new UsageError(error.message.split('\n')[0]!.replace(/ To specify a positional argument.*$/, ''), 'export')
    throw error
  }
  if (args.help) {
    console.log(USAGE)
    return 0
  }
  const entry = resolve(args.entry || process.env.SLIDES_ENTRY || 'slides.md')
  if (!args.skipBuild && !existsSync(entry)) throw new Error(`Deck file not found: ${entry}. Name an existing Markdown file (the deck argument, or SLIDES_ENTRY).`)
  const started = Date.now()
  const { exportFormats } = await import('../scripts/export/formats.ts')
  const { results, warnings } = await exportFormats({
    formats: args.formats,
    // The engine's caches (diagrams drawn, the one-file build) live with the engine.
    root: ENGINE_DIR,
    entry,
    dist: args.dist ? resolve(args.dist) : resolve(dirname(entry), 'dist'),
    range: args.range,
    withClicks: args.withClicks,
    dark: args.dark,
    notes: args.notes,
    scale: args.scale,
    output: args.output,
    executablePath: args.executablePath,
    build: args.skipBuild ? 'never' : 'auto',
    timeoutMs: args.timeoutMs,
    progress: process.stderr,
  })
  const shown = [...new Set(warnings)]
  for (const warning of shown.slice(0, 10)) console.warn(`warning: ${warning}`)
  if (shown.length > 10) console.warn(`warning: … and ${shown.length - 10} more`)
  for (const result of results) console.log(result.summary)
  // DECK_EXPORT_TIMINGS=1: where each format's time went, and the process's time before the export began (Node, tsx, imports).
  if (process.env.DECK_EXPORT_TIMINGS) for (const result of results) if (result.phases) console.log(`${result.format}: ${Object.entries({ 'before export': Math.round(started - performance.timeOrigin), ...result.phases }).map(([phase, ms]) => `${phase} ${ms} ms`).join(', ')}`)
  if (results.length > 1) console.log(`${results.length} formats in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  return 0
}
