// Finishes `vite build`: history routing on any static host (404.html, _redirects), and the deck's PDF in
// dist/ when the deck offers a download, so the viewer's download button has a file to serve.
// Usage: tsx scripts/postbuild.ts [--outDir dist]
import { existsSync } from 'node:fs'
import { dirname, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { addStaticHostFiles, writeBuildStamp } from './export/build'
import { exportDeck, readManifest } from './export/run'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

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

async function main() {
  const { values } = parseArgs({ options: { outDir: { type: 'string', default: 'dist' } } })
  const dist = resolve(root, values.outDir)
  if (!existsSync(resolve(dist, 'index.html'))) throw new Error(`${dist}/index.html not found: run vite build first.`)
  addStaticHostFiles(dist)
  const entry = resolve(process.env.SLIDES_ENTRY || resolve(root, 'slides.md'))
  writeBuildStamp(root, dist, entry)
  const manifest = readManifest(dist)
  const target = downloadTarget(manifest, dist)
  if (!target) {
    if (manifest.download) console.log(`download links to ${manifest.download}: no PDF to export.`)
    return
  }
  console.log(`download is on: exporting ${relative(root, target)}…`)
  const result = await exportDeck({ root, entry, dist, output: target, build: 'never', progress: process.stderr })
  console.log(`Wrote ${relative(root, result.file)}: ${result.pages} pages in ${(result.ms.total / 1000).toFixed(1)} s`)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error) => {
    console.error(`postbuild failed: ${error instanceof Error ? error.message : String(error)}`)
    console.error('(The site in dist/ is built; the PDF for the download button is not. Set download: false in the headmatter to build without it.)')
    process.exitCode = 1
  })
}
