// The real deck (slides.md) in Chromium: every slide renders at its last click without leaving the 980 × 552
// canvas, in light and in dark mode, with text sized for a room (body ≥ 18 px, tables, footnotes and code ≥ 16 px);
// every diagram draws; slide 101 reveals its pictures in the outline's order.
import { test, expect, type Page } from '@playwright/test'
import { deckURL } from './servers'
import { slideMeasure, slideOverflow } from '../../scripts/slide-overflow'

const CANVAS = { width: 980, height: 552 }

interface Manifest {
  total: number
  slides: { no: number; title: string; clicks: number }[]
}

async function manifest(): Promise<Manifest> {
  const response = await fetch(`${deckURL}/deck-manifest.json`)
  expect(response.ok).toBe(true)
  return (await response.json()) as Manifest
}

/** Measures the shown slide in one scheme: its diagrams drawn in that scheme's colours, then its fit and text sizes. */
async function check(page: Page, no: number, scheme: 'light' | 'dark', problems: string[]) {
  await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
  await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/)
  // Diagrams are drawn after the slide, in the scheme's own colours: measure once every one has its SVG.
  const diagrams = page.locator(`.slidev-page-${no} .deck-mermaid`)
  const count = await diagrams.count()
  for (let i = 0; i < count; i++) {
    await expect(diagrams.nth(i)).toHaveAttribute('data-state', 'rendered', { timeout: 15_000 })
    await expect(diagrams.nth(i)).toHaveAttribute('data-scheme', scheme)
    await expect(diagrams.nth(i).locator('svg').first()).toBeAttached()
  }
  for (const problem of await page.evaluate(slideOverflow, no)) problems.push(`slide ${no} (${scheme}): ${problem}`)
  const measure = await page.evaluate(slideMeasure, no)
  if (!measure) problems.push(`slide ${no} (${scheme}): nothing to measure`)
  else
    for (const [kind, least] of [['body', 18], ['table', 16], ['footnote', 16], ['code', 16]] as const) {
      const size = measure.min[kind]
      if (size !== null && size < least) problems.push(`slide ${no} (${scheme}): ${kind} text ${size}px ("${measure.where[kind]}"), under ${least}px`)
    }
}

/**
 * Walks slides `from`..`to` at their last click (one window the canvas's own size, so 1 CSS px = 1 slide unit), each
 * measured in the light scheme and then, the system's scheme switched, in the dark one (the deck follows the system).
 */
async function walk(page: Page, from: number, to: number) {
  const { total, slides } = await manifest()
  expect(total).toBe(107)
  await page.setViewportSize(CANVAS)
  const problems: string[] = []
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  for (const { no, clicks } of slides.filter((s) => s.no >= from && s.no <= to)) {
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' })
    await page.goto(`${deckURL}/${no}?clicks=${clicks}&embedded`)
    await expect(page.locator(`.slidev-page-${no}[data-loaded="true"]`)).toBeVisible()
    // An embed is measured once its probe has answered (the live page or its fallback panel), not while it checks.
    // The iframe layouts load their embed's code on demand: its pane is empty until then.
    await expect(page.locator(`.slidev-page-${no} .slidev-iframe-frame:not(:has(.deck-embed))`)).toHaveCount(0, { timeout: 15_000 })
    const embeds = page.locator(`.slidev-page-${no} .deck-embed`)
    for (let i = 0; i < (await embeds.count()); i++) await expect(embeds.nth(i)).not.toHaveAttribute('data-state', 'checking', { timeout: 15_000 })
    await check(page, no, 'light', problems)
    await check(page, no, 'dark', problems)
  }
  expect(errors).toEqual([])
  expect(problems).toEqual([])
}

test.describe('the deck in the browser', () => {
  // The halves run side by side on the two workers.
  test.describe.configure({ timeout: 240_000, mode: 'parallel' })

  test('slides 1–53 fit their canvas at their last click, in light and in dark mode', async ({ page }) => {
    await walk(page, 1, 53)
  })

  test('slides 54–107 fit their canvas at their last click, in light and in dark mode', async ({ page }) => {
    await walk(page, 54, 107)
  })

  test('101 reveals in steps: the first picture hides on the first click, then two more appear', async ({ page }) => {
    const pictures = page.locator('.slidev-page-101 img')
    const shown = async () =>
      pictures.evaluateAll((imgs) => imgs.map((img) => !img.classList.contains('slidev-vclick-hidden') && getComputedStyle(img).visibility !== 'hidden'))
    await page.goto(`${deckURL}/101`)
    await expect(page.locator('.slidev-page-101[data-loaded="true"]')).toBeVisible()
    await expect(pictures).toHaveCount(3)
    expect(await shown()).toEqual([true, false, false])
    await page.keyboard.press('ArrowRight')
    await expect(page).toHaveURL(/\/101\?clicks=1$/)
    await expect.poll(shown).toEqual([false, true, false])
    await page.keyboard.press('ArrowRight')
    await expect(page).toHaveURL(/\/101\?clicks=2$/)
    await expect.poll(shown).toEqual([false, true, true])
    await page.keyboard.press('ArrowRight')
    await expect(page).toHaveURL(/\/102$/)
  })
})
