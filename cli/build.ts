// `reslide build`: the deck built into its folder (plugin/build.ts), then the PDFs exported from that build when the
// deck asks for them: the one the viewer's download button offers (`download:`) and the notes handout (`handout:`).
import { relative, resolve, sep } from 'node:path'
import { buildDeck } from '../plugin/build.ts'
import { exportDeck, readManifest } from '../scripts/export/run.ts'
import type { BuildArgs } from './args.ts'
import { ENGINE_DIR } from '../plugin/options.ts'

/** A path as the terminal's user reads it: from their folder when inside it, else absolute. */
const shown = (path: string) => (relative(process.cwd(), path).startsWith('..') ? path : relative(process.cwd(), path) || '.')

/**
 * Where in dist/ the downloadable PDF goes, as the viewer links it (permissions.ts downloadUrl):
 * `download: true` → `<exportFilename>.pdf`; a local path ending .pdf → that path; a remote URL → nothing
 * to build (null). Paths that would leave dist/ are refused.
 */
export function downloadTarget(config: { download: boolean | string; exportFilename: string }, dist: string): string | null {
  let path: string
  if (config.download === true) path = `${config.exportFilename || 'slides-export'}.pdf`
  else if (typeof config.download === 'string' && config.download.trim()) {
    const value = config.download.trim()
    if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('//')) return null
    path = value.replace(/[?#].*$/s, '').replace(/^\/+/, '')
    if (!/\.pdf$/i.test(path)) throw new Error(`download: "${value}" should name a .pdf file (or be true to export ${config.exportFilename}.pdf).`)
  } else return null
  const target = resolve(dist, path)
  if (!target.startsWith(resolve(dist) + sep)) throw new Error(`download: "${config.download}" points outside the build folder.`)
  return target
}

/** Exports the PDF the deck's download button links to into the build, if it asks for one. */
export async function buildDownload(entry: string, dist: string, say: (line: string) => void = console.log): Promise<string | null> {
  const manifest = readManifest(dist)
  const target = downloadTarget(manifest, dist)
  if (!target) {
    if (manifest.download) say(`download links to ${manifest.download}: no PDF to export.`)
    return null
  }
  say(`download is on: exporting ${shown(target)}…`)
  const result = await exportDeck({ root: ENGINE_DIR, entry, dist, output: target, build: 'never', progress: process.stderr })
  say(`Wrote ${shown(result.file)}: ${result.pages} pages in ${(result.ms.total / 1000).toFixed(1)} s`)
  return target
}

/**
 * Exports the deck's notes handout (headmatter `handout:`) into the build: made from the deck as it is at every
 * build, each slide with its notes (tagged, with bookmarks and links), never a file kept beside the deck.
 */
export async function buildHandout(entry: string, dist: string, say: (line: string) => void = console.log): Promise<string | null> {
  const { handout } = readManifest(dist)
  if (!handout) return null
  const target = resolve(dist, handout)
  if (!target.startsWith(resolve(dist) + sep)) throw new Error(`handout: "${handout}" points outside the build folder.`)
  say(`handout: exporting ${shown(target)}…`)
  const result = await exportDeck({ root: ENGINE_DIR, entry, dist, output: target, notes: true, build: 'never', progress: process.stderr })
  say(`Wrote ${shown(result.file)}: ${result.pages} pages in ${(result.ms.total / 1000).toFixed(1)} s`)
  return target
}

export async function runBuild(args: BuildArgs): Promise<number> {
  const started = Date.now()
  const { outDir, entry } = await buildDeck({ entry: args.entry, outDir: args.out, singleFile: args.singleFile })
  console.log(`Built ${relative(process.cwd(), entry) || entry} into ${shown(outDir)} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  if (args.singleFile) return 0
  for (const [what, make, key] of [
    ['the PDF for the download button', buildDownload, 'download'],
    ['the handout', buildHandout, 'handout'],
  ] as const) {
    try {
      await make(entry, outDir)
    } catch (error) {
      console.error(`The site in ${shown(outDir)} is built; ${what} is not: ${error instanceof Error ? error.message : String(error)}`)
      console.error(`(Set ${key}: false in the headmatter to build without it.)`)
      return 1
    }
  }
  return 0
}
