// What a page reports going wrong: console errors, hydration warnings and uncaught errors, each with the page's address.
import type { ConsoleMessage, Page } from '@playwright/test'

/** Collects a page's console errors, hydration warnings and uncaught errors from now on. */
export function problemsOf(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (message: ConsoleMessage) => {
    const text = message.text()
    // Embeds of other sites (slides 81, 82) fail offline by design and show their fallback panel.
    if (text.startsWith('Failed to load resource') && new URL(message.location().url).origin !== new URL(page.url()).origin) return
    if (message.type() === 'error' || /hydrat/i.test(text)) problems.push(`${page.url()}: ${text}`)
  })
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`))
  return problems
}
