// What a build writes besides the bundle: the deck's font subsets, index.html's language/title/colour scheme, the manifest.
import { createHash } from 'node:crypto'
import { resolve } from 'node:path'
import { pageTitle } from '../../shared/config'
import type { DeckConfig } from '../parser'
import { deckGlyphs, fontFaceCss, subsetDeckFonts } from '../fonts'
import type { DeckState } from './state'

interface AssetEmitter {
  warn(message: string): void
  emitFile(file: { type: 'asset'; fileName: string; source: string | Uint8Array }): string
}

/** Only the glyphs the deck shows ship with it: a few hundred KB instead of a 20 MB CJK font. Returns their URLs per weight. */
export async function emitDeckFonts(build: AssetEmitter, state: DeckState): Promise<Record<string, string>> {
  const current = state.deck!
  const glyphs = deckGlyphs(current.config.title, current.config.info || '', ...current.slides.map((slide) => `${slide.title}${slide.content}${slide.note}`))
  const { fonts, missing } = await subsetDeckFonts(glyphs, resolve(state.root, 'node_modules/.cache/deck-fonts'))
  if (missing) build.warn(missing)
  const fontUrls: Record<string, string> = {}
  for (const font of fonts) {
    const fileName = `assets/deck-serif-sc-${font.weight}-${createHash('sha256').update(font.woff2).digest('hex').slice(0, 8)}.woff2`
    build.emitFile({ type: 'asset', fileName, source: font.woff2 })
    fontUrls[font.weight] = `${state.baseUrl}${fileName}`
  }
  return fontUrls
}

/** index.html with the deck's `<html>` attributes, title, colour scheme chosen before paint, and font faces. */
export function deckIndexHtml(html: string, config: DeckConfig, fontUrls: Record<string, string>): string {
  const attrs = Object.entries({ lang: 'en', ...config.htmlAttrs })
    .map(([k, v]) => `${k}="${v.replace(/"/g, '&quot;')}"`)
    .join(' ')
  const boot = `(function(){try{var forced=${JSON.stringify(config.colorSchema)};var s=localStorage.getItem('slidev-color-schema');try{s=JSON.parse(s)}catch(e){};var dark=forced==='dark'||(forced!=='light'&&(s==='dark'||(s!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches)));document.documentElement.classList.toggle('dark',dark);document.documentElement.style.colorScheme=dark?'dark':'light'}catch(e){}})()`
  return html
    .replace(/<html[^>]*>/, `<html ${attrs}>`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(pageTitle(config))}</title>`)
    .replace('</head>', `<script>${boot}</script>\n${Object.keys(fontUrls).length ? `<style>${fontFaceCss(fontUrls)}</style>\n` : ''}</head>`)
}

/** deck-manifest.json: what export and serve need to know of the deck without running it. */
export function deckManifest(state: DeckState): string {
  const { config } = state.deck!
  return JSON.stringify(
    {
      title: config.title,
      download: config.download,
      exportFilename: config.exportFilename,
      total: state.states.length,
      canvasWidth: config.canvasWidth,
      canvasHeight: config.canvasHeight,
      slides: state.states.map(({ slide, analyzed }) => ({ no: slide.no, title: slide.title, level: slide.level, clicks: analyzed.clicks })),
    },
    null,
    2,
  )
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}
