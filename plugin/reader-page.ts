// The reader's prerendered page (dist/reader/index.html): the app's page template with the reader's article in #app
// and every stylesheet it needs written into the page itself, so a slow phone paints the text after one round trip
// (a stylesheet link would cost a second one before anything shows).
import type { OutputBundle } from 'rolldown'
import { inlineStylesheets, type PageStyle } from './page-styles.ts'

/** Where the reader page goes in the build, and the address the app renders there. */
export const READER_PAGE = { url: '/reader', file: 'reader/index.html' }

/** The module of the reader view: its chunk's CSS is the reader's own. */
const READER_MODULE = /[\\/]src[\\/]features[\\/]reader[\\/]ReaderView\.tsx$/
/** Components slides use, some loaded lazily by a layout (the embed's panel): their CSS is part of the article. */
const SLIDE_COMPONENT = /[\\/]src[\\/]components[\\/][^\\/]+\.tsx$/

interface ChunkLike {
  type: 'chunk'
  fileName: string
  isEntry: boolean
  facadeModuleId: string | null
  imports: string[]
  dynamicImports: string[]
  viteMetadata?: { importedCss: Set<string> }
}

/**
 * The CSS files the reader page shows, in cascade order: the entry's (engine, theme, fonts), the reader view's, then
 * those of the slides and their components (embeds, diagrams, code), each once. `isSlide` tells a slide module's id.
 */
export function readerStylesheets(bundle: OutputBundle, isSlide: (moduleId: string) => boolean): string[] {
  const chunks = new Map<string, ChunkLike>()
  for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.set(item.fileName, item as unknown as ChunkLike)
  const files: string[] = []
  const add = (chunk: ChunkLike | undefined, seen = new Set<string>()) => {
    if (!chunk || seen.has(chunk.fileName)) return
    seen.add(chunk.fileName)
    for (const imported of chunk.imports) add(chunks.get(imported), seen)
    for (const css of chunk.viteMetadata?.importedCss ?? []) if (!files.includes(css)) files.push(css)
  }
  const all = [...chunks.values()]
  for (const chunk of all.filter((c) => c.isEntry)) add(chunk)
  for (const chunk of all.filter((c) => c.facadeModuleId && READER_MODULE.test(c.facadeModuleId))) add(chunk)
  for (const chunk of all.filter((c) => c.facadeModuleId && (isSlide(c.facadeModuleId) || SLIDE_COMPONENT.test(c.facadeModuleId)))) add(chunk)
  return files
}

/**
 * The reader page from the app's template: its stylesheets inlined (the template's own `<link rel="stylesheet">`s
 * dropped, they are part of it), the article in #app marked as prerendered for the browser to take over.
 */
export function readerPageHtml(template: string, article: string, styles: PageStyle[], base: string): string {
  return inlineStylesheets(template, styles, base).replace(/<div id="app"><\/div>/, `<div id="app" data-prerendered="${READER_PAGE.url}">${article}</div>`)
}
