// Finds Iconify icon sets installed as `@iconify-json/<collection>` and draws their icons as inline SVG, as unplugin-icons does.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { getIconData, iconToSVG, replaceIDs } from '@iconify/utils'

/** An Iconify set as its `icons.json` holds it. */
export type IconifyJSON = Parameters<typeof getIconData>[0]

/** unplugin-icons' default size (`scale: 1.2`): the icon is 1.2em high, so it sits in text at the text's size. */
const ICON_HEIGHT = '1.2em'

/** Where `@iconify-json/*` can be installed for a deck: beside the deck (node resolution upwards), then beside the engine. */
function searchFolders(deckDir: string): string[] {
  const fromDeck = createRequire(join(deckDir, 'deck.js')).resolve.paths('@iconify-json/x') ?? []
  const fromEngine = createRequire(import.meta.url).resolve.paths('@iconify-json/x') ?? []
  return [...new Set([...fromDeck, ...fromEngine])].map((folder) => join(folder, '@iconify-json'))
}

export interface IconSets {
  /** Installed collection names, longest first (so `mdi-light-home` finds `mdi-light` before `mdi`). */
  collections(): string[]
  /** The icon set of a collection, or null when it is not installed. */
  set(collection: string): IconifyJSON | null
  /** Which sets are installed, where, and each file's size and time: a kept analysis with icons is for these sets. */
  signature(): string
}

const cache = new Map<string, IconSets>()

/** The icon sets a deck in `deckDir` can use (read once per folder, each set parsed on first use). */
export function iconSetsFor(deckDir: string): IconSets {
  let sets = cache.get(deckDir)
  if (sets) return sets
  const folders = searchFolders(deckDir).filter((folder) => existsSync(folder))
  const files = new Map<string, string>()
  for (const folder of folders) {
    for (const name of readdirSync(folder)) {
      const file = join(folder, name, 'icons.json')
      if (!files.has(name) && existsSync(file)) files.set(name, file)
    }
  }
  const names = [...files.keys()].sort((a, b) => b.length - a.length)
  const parsed = new Map<string, IconifyJSON>()
  let signature: string | undefined
  sets = {
    collections: () => names,
    signature: () =>
      (signature ??= [...files].map(([name, file]) => {
        const { size, mtimeMs } = statSync(file)
        return `${name}=${file}:${size}:${mtimeMs}`
      }).sort().join('\n')),
    set(collection) {
      const file = files.get(collection)
      if (!file) return null
      let set = parsed.get(collection)
      if (!set) {
        set = JSON.parse(readFileSync(file, 'utf8')) as IconifyJSON
        parsed.set(collection, set)
      }
      return set
    },
  }
  cache.set(deckDir, sets)
  return sets
}

export interface IconSvg {
  /** `viewBox`, `width`, `height` of the icon at 1.2em high. */
  attributes: Record<string, string>
  /** The SVG's inner markup, its IDs made unique. */
  body: string
}

/** An icon's SVG at unplugin-icons' size, or null when the set has no such icon (aliases are followed). */
export function iconSvg(set: IconifyJSON, name: string): IconSvg | null {
  const data = getIconData(set, name)
  if (!data) return null
  const { attributes, body } = iconToSVG(data, { height: ICON_HEIGHT })
  return { attributes: attributes as Record<string, string>, body: replaceIDs(body) }
}
