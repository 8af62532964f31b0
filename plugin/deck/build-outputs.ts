// What a build writes besides the bundle: index.html's language/title/colour scheme, the manifest (the fonts: plugin/prerender.ts).
import { pageTitle } from '../../shared/config.ts'
import type { DeckConfig } from '../../shared/parser/parse.ts'
import type { DeckState } from './state.ts'
import { escapeHtml } from '../../shared/html.ts'
import { STORAGE_KEYS } from '../../shared/storage-keys.ts'

/** index.html with the deck's `<html>` attributes, title and colour scheme chosen before paint. */
export function deckIndexHtml(html: string, config: DeckConfig): string {
  const attrs = Object.entries({ lang: 'en', ...config.htmlAttrs })
    .map(([k, v]) => `${k}="${v.replace(/"/g, '&quot;')}"`)
    .join(' ')
  const boot = `(function(){try{var forced=${JSON.stringify(config.colorSchema)};var s=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.colorSchema)});try{s=JSON.parse(s)}catch(e){};var dark=forced==='dark'||(forced!=='light'&&(s==='dark'||(s!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches)));document.documentElement.classList.toggle('dark',dark);document.documentElement.style.colorScheme=dark?'dark':'light'}catch(e){}})()`
  return html
    .replace(/<html[^>]*>/, `<html ${attrs}>`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(pageTitle(config))}</title>`)
    .replace('</head>', `<script>${boot}</script>\n</head>`)
}

/** deck-manifest.json, written by every build: what the export needs to know of the deck without running it. */
export interface DeckManifest {
  title: string
  download: boolean | string
  exportFilename: string
  /** The notes handout the build exports into itself (a path in the build), or false. */
  handout: string | false
  total: number
  canvasWidth: number
  canvasHeight: number
  author?: string
  slides: { no: number; title?: string; level?: number; clicks: number }[]
}

export function deckManifest(state: DeckState): string {
  const { config } = state.deck!
  const manifest: DeckManifest = {
    title: config.title,
    download: config.download,
    exportFilename: config.exportFilename,
    handout: config.handout,
    total: state.states.length,
    canvasWidth: config.canvasWidth,
    canvasHeight: config.canvasHeight,
    slides: state.states.map(({ slide, analyzed }) => ({ no: slide.no, title: slide.title, level: slide.level, clicks: analyzed.clicks })),
  }
  return JSON.stringify(manifest, null, 2)
}
