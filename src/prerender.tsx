// The build's server entry (plugin/prerender.ts runs it in Node): the app rendered to HTML at an address, with the
// same tree the browser hydrates (src/boot/DeckRoot). Every slide's module is loaded first, so each page renders
// its slide in one pass.
import { prerender } from 'react-dom/static'
import { StaticRouter } from 'react-router-dom'
import type { ReactNode } from 'react'
import { initialConfig as config, initialSlides as slides } from './state/deck'
import DeckRoot from './boot/DeckRoot'
import { loadSlide } from './state/slide-modules'
import { pageTitle } from '../shared/config'

export { config, slides }
export { default as slideTexts } from 'virtual:deck/slide-text'
export { EARLY_KEYS_SCRIPT } from './boot/early-keys'
export { paintFirstScript } from './boot/paint-first'

/** Loads every slide's module (once) so that rendering never waits. */
export async function loadAll(): Promise<void> {
  await Promise.all(slides.map((slide) => loadSlide(slide.no)))
}

/**
 * The app's HTML at `url` (relative to the base, from '/'): what goes inside #app. Waits for lazy parts (an
 * embed's panel) so the page is whole; an error while rendering fails the build instead of shipping half a page.
 */
export async function renderPage(url: string): Promise<string> {
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={url}>{children}</StaticRouter>
  const errors: unknown[] = []
  const { prelude } = await prerender(<DeckRoot router={Router} />, { onError: (error) => void errors.push(error) })
  if (errors.length) throw new Error(`Prerendering ${url} failed: ${errors.map((e) => (e instanceof Error ? (e.stack ?? e.message) : String(e))).join('\n')}`)
  return await new Response(prelude).text()
}

/** The document title a page at slide `no` shows (as the play view sets it). */
export function titleOf(no: number): string {
  return pageTitle(config, slides[no - 1]?.title)
}
