// UnoCSS wired for the deck: the deck's Markdown files and its components/ folder are scanned from disk (and watched in
// dev), since slides reach Vite as virtual modules UnoCSS does not see; themes and the engine's layouts (which use
// utilities, as Slidev's do) go through Vite as usual. The rest of the engine is styled by its own CSS: its code is
// not scanned (its words matched junk rules such as `[scale~="0.5"]` and cost a second of the build).
import { existsSync, readFileSync } from 'node:fs'
import { dirname, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import UnoCSS from '@unocss/vite'
import type { PluginOption } from 'vite'
import { parseDeck } from '../parser.ts'
import { deckEntry } from '../deck/entry.ts'
import { unoConfig } from './config.ts'

/** The deck file, the files its slides import with `src:`, and its own components, relative to `root`. */
export function deckSourceGlobs(root: string): string[] {
  const entry = deckEntry(root)
  const readFile = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : undefined)
  const source = readFile(entry)
  const files = new Set([entry])
  if (source !== undefined) for (const slide of parseDeck(source, { filepath: entry, root, readFile }).slides) if (slide.filepath) files.add(slide.filepath)
  const rel = (file: string) => relative(root, file).split('\\').join('/') || '.'
  return [...[...files].map(rel), `${rel(dirname(entry))}/components/**/*.{tsx,jsx,ts,js}`.replace(/^\.\//, '')]
}

/** The engine's own code outside its layouts (as Vite names modules: forward slashes). */
const engineCode = (): RegExp => {
  const src = fileURLToPath(new URL('../../src/', import.meta.url)).split('\\').join('/')
  return new RegExp(`^${src.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!layouts/)`)
}

/** Style sheets are never scanned (UnoCSS's own rule). */
const STYLESHEET = /\.(css|postcss|sass|scss|less|stylus|styl)($|\?)/

export default function deckUnoCSS(root = process.cwd()): PluginOption {
  return UnoCSS({ configFile: false, ...unoConfig(), content: { filesystem: deckSourceGlobs(root), pipeline: { exclude: [STYLESHEET, engineCode()] } } })
}
