// UnoCSS wired for the deck: the deck's Markdown files and its components/ folder are scanned from disk (and watched in
// dev), since slides reach Vite as virtual modules UnoCSS does not see; themes and the engine's layouts (which use
// utilities, as Slidev's do) go through Vite as usual. The rest of the engine is styled by its own CSS: its code is
// not scanned (its words matched junk rules such as `[scale~="0.5"]` and cost a second of the build).
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import UnoCSS from '@unocss/vite'
import type { PluginOption } from 'vite'
import type { DeckState } from '../deck/state.ts'
import { unoConfig } from './config.ts'

/** The deck file, the files its slides import with `src:`, and its own components, as absolute globs. */
export function deckSourceGlobs(state: DeckState): string[] {
  if (!state.deck) state.errors = state.load()
  const posix = (file: string) => file.split('\\').join('/')
  return [...[...state.files()].map(posix), `${posix(dirname(state.entry))}/components/**/*.{tsx,jsx,ts,js}`]
}

/** The engine's own code outside its layouts (as Vite names modules: forward slashes). */
const engineCode = (): RegExp => {
  const src = fileURLToPath(new URL('../../src/', import.meta.url)).split('\\').join('/')
  return new RegExp(`^${src.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!layouts/)`)
}

/** Style sheets are never scanned (UnoCSS's own rule). */
const STYLESHEET = /\.(css|postcss|sass|scss|less|stylus|styl)($|\?)/

export default function deckUnoCSS(state: DeckState): PluginOption {
  return UnoCSS({ configFile: false, ...unoConfig(), content: { filesystem: deckSourceGlobs(state), pipeline: { exclude: [STYLESHEET, engineCode()] } } })
}
