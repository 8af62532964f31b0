// `npm run export`: the deck as PDF (vector, searchable, tagged, with bookmarks), PowerPoint, PNG images or notes
// in Markdown, drawn by Chromium. Run through tsx: the format modules are TypeScript.
import { resolve, dirname } from 'node:path'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parseExportArgs, UsageError, USAGE } from './export/options'
import { exportFormats } from './export/formats'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

async function main() {
  const args = parseExportArgs(process.argv.slice(2))
  if (args.help) {
    console.log(USAGE)
    return
  }
  const entry = resolve(args.entry ?? process.env.SLIDES_ENTRY ?? resolve(root, 'slides.md'))
  if (!args.skipBuild && !existsSync(entry)) throw new Error(`Deck file not found: ${entry}. Name an existing Markdown file (SLIDES_ENTRY or the deck argument).`)
  const started = Date.now()
  const { results, warnings } = await exportFormats({
    formats: args.formats,
    root,
    entry,
    dist: args.dist ?? resolve(root, 'dist'),
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
  if (results.length > 1) console.log(`${results.length} formats in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  // Where the time goes: each format's total and its phases (`pptx 9100 ms (render 4400, shapes 1200, …)`).
  const phases = (r: (typeof results)[number]) => (r.phases ? ` (${Object.entries(r.phases).map(([phase, ms]) => `${phase} ${ms}`).join(', ')})` : '')
  if (process.env.DECK_EXPORT_TIMINGS) console.log(`${results.map((r) => `${r.format} ${r.ms} ms${phases(r)}`).join(', ')}; process ${Math.round(performance.now())} ms, of which before the export ${Math.round(started - performance.timeOrigin)} ms`)
}

main().catch((error) => {
  // One line: what went wrong and, for a misused flag, where the options are listed.
  const message = error instanceof UsageError ? `${error.message.split('\n')[0]} (npm run export -- --help lists the options)` : `Export failed: ${error instanceof Error ? error.message : String(error)}`
  console.error(message)
  process.exitCode = 1
})
