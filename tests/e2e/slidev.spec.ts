// The Slidev-dialect fixture deck (tests/fixtures/slidev.md) built and walked as its audience would, with → and ↓:
// the address and what is shown at each step (icons, layouts, scoped styles, separators).
import { test, expect, type Page } from '@playwright/test'
import { resolve } from 'node:path'
import { startServer, type RunningServer } from '../../server/index'
import { buildDeck, root } from './decks'

const dir = process.env.E2E_DIR || '.e2e'
const port = Number(process.env.E2E_PORT || 4180) + 40
const origin = `http://127.0.0.1:${port}`
let server: RunningServer

test.beforeAll(async () => {
  test.setTimeout(300_000)
  const out = buildDeck('tests/fixtures/slidev.md', `${dir}/slidev-dist`)
  server = await startServer({ dir: resolve(root, out), port, host: '127.0.0.1', log: () => {} })
})

test.afterAll(async () => {
  await server?.close()
})

const urlOf = (page: Page) => {
  const url = new URL(page.url())
  return url.pathname + url.search
}

async function open(page: Page, path: string) {
  await page.goto(origin + path)
  await expect(page.locator('.slidev-page[data-loaded="true"]').first()).toBeVisible()
}

/** The slide on screen. */
const shown = (page: Page) => page.locator('.slidev-stage-slide:not(.deck-leave) .slidev-page[data-loaded="true"]')

async function press(page: Page, key: string, to: string) {
  await page.keyboard.press(key)
  await expect.poll(() => urlOf(page)).toBe(to)
}

test('icons: inline SVG in the text colour at 1.2em, a click reveals one, ↓ skips it', async ({ page }) => {
  await open(page, '/1')
  await expect(shown(page).locator('h1 svg.slidev-icon')).toBeVisible()
  await press(page, 'ArrowRight', '/2')
  const slide = shown(page)
  const colon = slide.locator('#icon-colon')
  await expect(colon).toBeVisible()
  // 1.2em of the list's text, drawn in the text's colour.
  const size = await colon.evaluate((svg) => ({ height: svg.getBoundingClientRect().height, font: parseFloat(getComputedStyle(svg.parentElement!).fontSize), scale: svg.getBoundingClientRect().height / (svg as SVGSVGElement).clientHeight }))
  expect(size.height / size.scale).toBeCloseTo(size.font * 1.2, 0)
  const colours = await colon.evaluate((svg) => ({ fill: getComputedStyle(svg.querySelector('path')!).fill, color: getComputedStyle(svg).color }))
  expect(colours.fill).toBe(colours.color)
  // The author's class and style stay: text-red-500 colours it, font-size 2em doubles it.
  const dash = slide.locator('#icon-dash')
  await expect(dash).toHaveClass(/text-red-500/)
  const dashColour = await dash.evaluate((svg) => getComputedStyle(svg).color)
  expect(dashColour).not.toBe(colours.color)
  const ratio = await dash.evaluate((svg, other) => svg.getBoundingClientRect().height / other!.getBoundingClientRect().height, await colon.elementHandle())
  expect(ratio).toBeCloseTo(2, 1)
  const clicked = slide.locator('#icon-click')
  await expect(clicked).toHaveClass(/slidev-vclick-hidden/)
  await press(page, 'ArrowRight', '/2?clicks=1')
  await expect(clicked).not.toHaveClass(/slidev-vclick-hidden/)
  await expect(clicked).toHaveCSS('opacity', '1')
  await press(page, 'ArrowRight', '/3')
  await open(page, '/2')
  await press(page, 'ArrowDown', '/3')
  await expect(shown(page).locator('#after-unknown')).toBeVisible()
  await expect(shown(page).locator('svg')).toHaveCount(0)
})
