// Finds a deck's own components by file name: `components/Name.tsx` (or .jsx, in any subfolder) beside the deck file
// answers the tag `<Name>`, as Slidev's components/ folder does. The engine knows none of them by name.
import { existsSync, readdirSync } from 'node:fs'
import { basename, dirname, extname, join, relative, resolve } from 'node:path'
import { kebab } from '../markdown/remark-component-tags.ts'
import type { ComponentRef } from '../markdown/to-module.ts'

/** A component's file: a React module whose name is a component's (capitalised); other files are its helpers. */
const COMPONENT_FILE = /^[A-Z][A-Za-z0-9]*\.(tsx|jsx)$/

export interface DeckComponents {
  /** The deck's components/ folder (it may not exist). */
  dir: string
  /** Keyed by HAST tag (`deck-reserve-ratio-simulator`); `from` is the file's absolute path. */
  byTag: Record<string, ComponentRef>
  /** Two files answering one tag: the first (in path order) is used. */
  warnings: string[]
}

/** The folder a deck's components live in. */
export const componentsDir = (deckFile: string): string => resolve(dirname(deckFile), 'components')

/** Whether `file` is (or would be, once written) one of the deck's components. */
export function isComponentFile(file: string, deckFile: string): boolean {
  const rel = relative(componentsDir(deckFile), file)
  return !rel.startsWith('..') && !rel.startsWith('/') && COMPONENT_FILE.test(basename(file))
}

/** Every file in `dir` and its folders, but hidden ones and node_modules ([] when there is no such folder). */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.') && entry.name !== 'node_modules')
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]))
}

export function findDeckComponents(deckFile: string): DeckComponents {
  const dir = componentsDir(deckFile)
  const byTag: Record<string, ComponentRef> = {}
  const warnings: string[] = []
  for (const file of filesUnder(dir).sort()) {
    if (!COMPONENT_FILE.test(basename(file))) continue
    const name = basename(file, extname(file))
    const tag = `deck-${kebab(name)}`
    const known = byTag[tag]
    if (known) {
      warnings.push(`components/${relative(dir, file)} is not used: ${known.from} already answers <${name}>`)
      continue
    }
    // An absolute path (forward slashes) works for decks in any folder; the local name never meets a built-in's.
    byTag[tag] = { name: `Deck_${name}`, from: file.split('\\').join('/') }
  }
  return { dir, byTag, warnings }
}
