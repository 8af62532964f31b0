// `npm run export`: the deck as a PDF (vector, searchable, with bookmarks), printed by Debian's Chromium.
import { relative, resolve, dirname } from 'node:path'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parseExportArgs, UsageError, USAGE } from './export/options'
import { exportDeck } from './export/run'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

async function main() {
  const args = parseExportArgs(process.argv.slice(2))
  if (args.help) {
    console.log(USAGE)
    return
  }
  const entry = resolve(args.entry ?? process.env.SLIDES_ENTRY ?? resolve(root, 'slides.md'))
  if (!args.skipBuild && !existsSync(entry)) throw new Error(`Deck file not found: ${entry}. Name an existing Markdown file (SLIDES_ENTRY or the deck argument).`)
  const result = await exportDeck({
    root,
    entry,
    dist: args.dist ?? resolve(root, 'dist'),
    range: args.range,
    withClicks: args.withClicks,
    dark: args.dark,
    notes: args.notes,
    output: args.output,
    executablePath: args.executablePath,
    build: args.skipBuild ? 'never' : 'auto',
    timeoutMs: args.timeoutMs,
    progress: process.stderr,
  })
  const shown = [...new Set(result.warnings)]
  for (const warning of shown.slice(0, 10)) console.warn(`warning: ${warning}`)
  if (shown.length > 10) console.warn(`warning: … and ${shown.length - 10} more`)
  const size = result.bytes > 1e6 ? `${(result.bytes / 1e6).toFixed(1)} MB` : `${Math.round(result.bytes / 1e3)} kB`
  const where = relative(process.cwd(), result.file) || result.file
  console.log(`Wrote ${where}: ${result.pages} pages, ${size}, ${result.outlineItems} bookmarks, ${result.links.rewritten} slide links, in ${(result.ms.total / 1000).toFixed(1)} s`)
  if (process.env.DECK_EXPORT_TIMINGS) console.log(Object.entries(result.ms).map(([k, v]) => `${k} ${v} ms`).join(', '))
}

main().catch((error) => {
  console.error(error instanceof UsageError ? error.message : `Export failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exitCode = 1
})
