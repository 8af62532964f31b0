// UnoCSS wired for the deck: slides reach Vite as virtual modules UnoCSS does not see, so the deck's text is handed to
// it: every slide once at the start, and in dev the slides an edit changed, one by one, from the deck's own hot update
// (UnoCSS's own watcher would scan the whole deck file again on every keystroke saved, holding the dev server's one
// thread for tens of milliseconds while the edited slide waits to be served). The deck's components/ folder is read
// from disk once at the start (a component's utilities are in the first style sheet, before a slide imports it); an
// edited component is scanned again as Vite transforms it. Not UnoCSS's own `filesystem` scan: in dev it watches those
// files with a watcher of its own that it never closes, so the dev server never exited on Ctrl-C. Themes and the
// engine's layouts (which use utilities, as Slidev's do) go through Vite as usual. The rest of the engine is styled by
// its own CSS: its code is not scanned (its words matched junk rules such as `[scale~="0.5"]` and cost a second of
// the build).
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import UnoCSS from '@unocss/vite'
import type { PluginOption } from 'vite'
import type { DeckState } from '../deck/state.ts'
import { cannotBeUtility, unoConfig } from './config.ts'
import { componentsDir, filesUnder } from '../deck/components.ts'

/** Script files (the components and what they import beside them). */
const SCRIPT = /\.(tsx|jsx|ts|js)$/

/** The scripts of the deck's components/ folder as they are on disk now, one after the other. */
export function componentsText(state: DeckState): string {
  return filesUnder(componentsDir(state.entry))
    .filter((file) => SCRIPT.test(file))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n')
}

/** Every slide's text as written (frontmatter included: `class:` names utilities), the deck's and its imports'. */
export function deckText(state: DeckState): string {
  if (!state.deck) state.errors = state.load()
  return state.states.map(({ slide }) => slide.raw).join('\n')
}

/** What UnoCSS's context offers its integrations (`unocss:api`): its generator, the words it has seen, a scan. */
interface UnoContext {
  uno: { applyExtractors: (code: string, id?: string, extracted?: Set<string>) => Promise<Set<string>> }
  tokens: Set<string>
  extract: (code: string, id?: string) => Promise<void>
}

/**
 * Hands an edited slide to UnoCSS when it brings a word that may be a utility. UnoCSS takes any new word for a change
 * of its style sheet: it makes the whole sheet again and every page fetches and applies it, after each edit of the
 * text (a Chinese sentence is new words, none of them utilities: the blocklist rules them out).
 */
export async function scanEdit(context: UnoContext, text: string, id: string): Promise<void> {
  const words = await context.uno.applyExtractors(text, id, new Set())
  if ([...words].some((word) => !context.tokens.has(word) && !cannotBeUtility(word))) await context.extract(text, id)
}

/** The engine's own code outside its layouts (as Vite names modules: forward slashes). */
const engineCode = (): RegExp => {
  const src = fileURLToPath(new URL('../../src/', import.meta.url)).split('\\').join('/')
  return new RegExp(`^${src.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!layouts/)`)
}

/** Style sheets are never scanned (UnoCSS's own rule). */
const STYLESHEET = /\.(css|postcss|sass|scss|less|stylus|styl)($|\?)/

export default function deckUnoCSS(state: DeckState): PluginOption {
  const plugins = UnoCSS({ configFile: false, ...unoConfig(), content: { inline: [() => deckText(state), () => componentsText(state)], pipeline: { exclude: [STYLESHEET, engineCode()] } } })
  const api = plugins.find((plugin) => plugin.name === 'unocss:api')?.api as { getContext: () => UnoContext } | undefined
  // An edit's slides: UnoCSS adds what they use (a new utility updates its style sheet by HMR, after the slide).
  state.onSlidesEdited = (slides) => {
    const context = api?.getContext()
    if (context) for (const { slide } of slides) void scanEdit(context, slide.raw, `${slide.filepath ?? state.entry}#${slide.no}`)
  }
  return plugins
}
