// The real deck (slides.md) in Chromium: every slide's page opened cold hydrates without a console error or a
// hydration warning and renders at its last click without leaving the 980 × 552
// canvas, in light and in dark mode, with text sized for a room (body ≥ 18 px, tables, footnotes and code ≥ 16 px,
// text inside diagrams and SVG pictures ≥ 14 px); every diagram draws; slide 101 reveals its pictures in the
// outline's order; dark diagrams draw their edge labels on the slide's background. The size check itself is shown
// failing on a page made for it.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { test, expect, type Page } from '@playwright/test'
import { deckURL } from './servers'
import { problemsOf } from './page-problems'
import { specPort } from './decks'
import { LEAST_TEXT, slideMeasure, slideOverflow, type TextKind } from '../../scripts/slide-overflow'

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
    for (const [kind, least] of Object.entries(LEAST_TEXT) as [TextKind, number][]) {
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
  // Each slide's page is opened cold: it hydrates its prerendered HTML without a console error or hydration warning.
  const errors = problemsOf(page)
  for (const { no, clicks } of slides.filter((s) => s.no >= from && s.no <= to)) {
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' })
    await page.goto(`${deckURL}/${no}?clicks=${clicks}&embedded`)
    await expect(page.locator('html[data-deck-ready="true"]'), `slide ${no} hydrates (${errors.join('; ') || 'no error reported'})`).toHaveCount(1, { timeout: 15_000 })
    // A cold page of a diagram slide loads mermaid and draws before it is loaded: seconds on two busy cores.
    await expect(page.locator(`.slidev-page-${no}[data-loaded="true"]`)).toBeVisible({ timeout: 20_000 })
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

  test('the diagrams around a slide are drawn once its transition has run, never in its frames (8 → 9 brings 11’s)', async ({ page }) => {
    // From slide 6 (a diagram: the drawing of neighbours is under way) to 8, whose neighbours (7–10) have none;
    // moving to 9 brings slide 11's into reach (the next but one).
    await page.goto(`${deckURL}/6`)
    await expect(page.locator('.slidev-page-6 .deck-mermaid[data-state="rendered"]')).toBeVisible({ timeout: 15_000 })
    for (const no of [7, 8]) {
      await page.keyboard.press('ArrowDown')
      await expect(page.locator(`.slidev-page-${no}[data-loaded="true"]`)).toBeVisible()
      await expect(page.locator('.deck-leave')).toHaveCount(0)
    }
    await expect(page.locator('#deck-mermaid-host[data-busy]')).toHaveCount(0, { timeout: 15_000 })
    await page.evaluate(() => {
      const seen: boolean[] = []
      Object.assign(window, { drawnWhile: seen })
      // The diagrams' off-screen host counts each drawing (it is made with the first).
      new MutationObserver((records) => {
        if (!records.some((r) => (r.target as Element).id === 'deck-mermaid-host')) return
        // A slide change animates (finite animations; a slide's endless loop would not end).
        seen.push(document.getAnimations().some((a) => a.playState === 'running' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime))))
      }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-rendered'] })
    })
    await page.keyboard.press('ArrowDown')
    await expect(page).toHaveURL(/\/9$/)
    // Slide 11's diagram is drawn (so the test sees a drawing), and none landed while the change animated.
    const drawnWhile = () => page.evaluate(() => (window as unknown as { drawnWhile: boolean[] }).drawnWhile)
    await expect.poll(async () => (await drawnWhile()).length, { timeout: 15_000 }).toBeGreaterThan(0)
    expect(await drawnWhile()).not.toContain(true)
  })

  test('dark diagrams draw edge labels on the slide, not on a grey box (slide 6)', async ({ page }) => {
    await page.setViewportSize(CANVAS)
    await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' })
    await page.goto(`${deckURL}/6?embedded`)
    const diagram = page.locator('.slidev-page-6 .deck-mermaid')
    await expect(diagram).toHaveAttribute('data-scheme', 'dark', { timeout: 15_000 })
    const backgrounds = await diagram.locator('.edgeLabel p').evaluateAll((labels) => {
      const slide = getComputedStyle(document.querySelector('.slidev-slide-content') ?? document.body).backgroundColor
      return labels.map((label) => [slide, ...[label, label.parentElement!, label.closest('.labelBkg')!].map((el) => getComputedStyle(el).backgroundColor)])
    })
    expect(backgrounds).toHaveLength(2)
    // Each of the label's boxes is either the slide's own colour or clear.
    for (const [slide, ...boxes] of backgrounds) for (const box of boxes) expect([slide, 'rgba(0, 0, 0, 0)']).toContain(box)
  })
})

test.describe('the size check on text inside pictures and diagrams', () => {
  // An SVG picture with 10 px text, drawn at its own size: 10 px on the slide.
  const small = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100" width="200" height="100"><text x="10" y="50" font-size="10">小字说明</text></svg>`
  // Text of 28 units in a group scaled by 0.5, the picture drawn at twice its size: 28 px on the slide.
  const large = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100"><g transform="scale(0.5)"><text x="10" y="80" font-size="28">大字</text></g></svg>`
  const picture = (svg: string, attrs: string) => `<img src="data:image/svg+xml,${encodeURIComponent(svg)}" alt="" ${attrs}>`
  // An inline diagram as mermaid draws one: 16 px labels in a 400-unit viewBox drawn 160 px wide (scale 0.4): 6.4 px.
  const diagram = `<svg viewBox="0 0 400 100" style="width: 160px"><foreignObject width="400" height="100"><p xmlns="http://www.w3.org/1999/xhtml" style="font-size: 16px; margin: 0">流程图标签</p></foreignObject></svg>`
  const slide = (content: string) =>
    `<div class="slidev-page slidev-page-1"><div class="slidev-layout" style="position: relative; width: 980px; height: 552px; font-size: 20px">${content}</div></div>`

  test('fails a picture or a diagram whose text is drawn under 14 px, and names it', async ({ page }) => {
    await page.setViewportSize(CANVAS)
    await page.setContent(slide(`<p>正文</p>${picture(small, 'width="200"')}${diagram}`))
    await expect(page.locator('img')).toHaveJSProperty('complete', true)
    const measure = (await page.evaluate(slideMeasure, 1))!
    expect(measure.min.picture).toBe(10)
    expect(measure.where.picture).toBe('小字说明 (data:)')
    expect(measure.min.diagram).toBe(6.4)
    expect(measure.min.picture!).toBeLessThan(LEAST_TEXT.picture)
    expect(measure.min.diagram!).toBeLessThan(LEAST_TEXT.diagram)
  })

  test('passes a picture drawn large enough, counting its own transforms; a hidden one is not measured', async ({ page }) => {
    await page.setViewportSize(CANVAS)
    await page.setContent(slide(`${picture(large, 'style="width: 400px"')}<div class="slidev-vclick-hidden">${picture(small, 'width="200"')}</div>`))
    await expect(page.locator('img').first()).toHaveJSProperty('complete', true)
    const measure = (await page.evaluate(slideMeasure, 1))!
    expect(measure.min.picture).toBe(28)
    expect(measure.min.diagram).toBeNull()
  })
})

test('check-slides fails a deck whose picture or diagram text is drawn under 14 px, naming slide and text', async () => {
  test.setTimeout(180_000)
  const out = `${process.env.E2E_DIR || '.e2e'}/picture-text-dist`
  const port = String(specPort('checkSlides'))
  const run = promisify(execFile)('npx', ['tsx', 'scripts/check-slides.ts', 'tests/fixtures/picture-text.md', '--out', out, '--port', port, '--schemes', 'light'])
  const failure = (await run.then(() => null, (error: { code: number; stdout: string }) => error))!
  expect(failure?.code).toBe(1)
  expect(failure.stdout).toContain('slide 1 (light): picture text 10px ("小字说明：投影上读不清 (“小字示意图”)"), under 14px')
  expect(failure.stdout).toContain('slide 2 (light): diagram text 6.4px ("贷出"), under 14px')
  // The big title beside it passes.
  expect(failure.stdout).not.toMatch(/body text/)
})
