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

test('scoped <style>: a slide\'s style applies to that slide only, also when slides are drawn side by side', async ({ page }) => {
  await open(page, '/3')
  await press(page, 'ArrowRight', '/4')
  await expect(shown(page).locator('#scoped-red')).toHaveCSS('color', 'rgb(200, 0, 0)')
  await expect(shown(page).locator('h1')).toHaveCSS('letter-spacing', '3px')
  await expect(shown(page).locator('h1')).not.toHaveCSS('text-decoration-line', 'underline')
  await press(page, 'ArrowRight', '/5')
  await expect(shown(page).locator('#scoped-plain')).not.toHaveCSS('color', 'rgb(200, 0, 0)')
  await expect(shown(page).locator('h1')).toHaveCSS('text-decoration-line', 'underline')
  await expect(shown(page).locator('h1')).toHaveCSS('letter-spacing', 'normal')
  // In print every slide is on the page at once: each keeps its own style.
  await page.goto(`${origin}/print?range=4-5`)
  await expect(page.locator('html')).toHaveAttribute('data-print-ready', 'true', { timeout: 20_000 })
  await expect(page.locator('[id="004-00"] #scoped-red')).toHaveCSS('color', 'rgb(200, 0, 0)')
  await expect(page.locator('[id="005-00"] #scoped-plain')).not.toHaveCSS('color', 'rgb(200, 0, 0)')
  await expect(page.locator('[id="004-00"] h1')).not.toHaveCSS('text-decoration-line', 'underline')
  // A rule under html.dark is scoped after it: it applies in dark mode, on this slide.
  await open(page, '/4')
  await page.keyboard.press('d')
  await expect(page.locator('html')).toHaveClass(/dark/)
  await expect(shown(page).locator('#scoped-red')).toHaveCSS('color', 'rgb(255, 120, 120)')
})

/** The fixture's slide of each layout. */
const LAYOUT_SLIDES = {
  'two-cols': 6,
  intro: 7,
  section: 8,
  statement: 9,
  fact: 10,
  quote: 11,
  full: 12,
  none: 13,
  image: 14,
  'image-left': 15,
  'image-right': 16,
  iframe: 17,
  'iframe-left': 18,
  end: 21,
}

test('layouts: walking them with → shows each in Slidev\'s markup, prerendered at /N too', async ({ page }) => {
  await open(page, '/5')
  const slide = shown(page)
  for (const [layout, no] of Object.entries(LAYOUT_SLIDES)) {
    // The slides between iframe-left and end are the separator slides, walked in the next test.
    if (layout === 'end') await open(page, '/20')
    await press(page, 'ArrowRight', `/${no}`)
    await expect(slide).toHaveAttribute('data-slidev-no', String(no))
    const rootOf = {
      'two-cols': '.slidev-layout.two-cols.two-columns.gap-16',
      none: '.slidev-layout-none',
      'image-left': '.slidev-layout-split.image-left',
      'image-right': '.slidev-layout-split.image-right',
    } as Record<string, string>
    await expect(slide.locator(rootOf[layout] ?? `.slidev-layout.${layout}`)).toBeVisible()
  }
  // Two columns side by side, the slide's class on each.
  await open(page, '/6')
  const left = await shown(page).locator('.col-left.fixture-column').boundingBox()
  const right = await shown(page).locator('.col-right.fixture-column #right-column').boundingBox()
  expect(right!.x).toBeGreaterThan(left!.x + left!.width / 2)
  expect(Math.abs(right!.y - left!.y)).toBeLessThan(40)
  // The cover's background is the local picture beside the deck, bundled (no network), darkened, with white text.
  await open(page, '/1')
  const cover = shown(page).locator('.slidev-layout.cover.fixture-cover')
  const background = await cover.evaluate((el) => getComputedStyle(el).backgroundImage)
  expect(background).toMatch(/linear-gradient.*url\("(data:image\/svg\+xml|[^"]*\/assets\/slidev-cover)/)
  await expect(cover.locator('h1')).toHaveCSS('color', 'rgb(255, 255, 255)')
  // image-left: the picture fills the left half; its content half carries the slide's class.
  await open(page, '/15')
  const picture = await shown(page).locator('.image-left .slidev-layout-image').boundingBox()
  const text = await shown(page).locator('.image-left .slidev-layout.default.fixture-image-content h1').boundingBox()
  expect(picture!.width).toBeGreaterThan(100)
  expect(text!.x).toBeGreaterThanOrEqual(picture!.x + picture!.width)
  // The prerendered page already holds the layout before any script runs.
  const html = await (await page.request.get(`${origin}/15`)).text()
  expect(html).toContain('slidev-layout-split image-left')
  expect(html).toContain('fixture-image-content')
  // end: "END" when the slide has no text, white on black.
  await open(page, '/21')
  await expect(shown(page).locator('.slidev-layout.end')).toHaveText('END')
  await expect(shown(page).locator('.slidev-layout.end')).toHaveCSS('background-color', 'rgb(0, 0, 0)')
  // The iframe layouts show their fallback panel when the page cannot be reached.
  await open(page, '/17')
  await expect(shown(page).locator('.slidev-layout.iframe .deck-embed-fallback')).toContainText('Start the demo first.')
})

test('layouts print one page per slide, and the reader stacks two columns', async ({ page }) => {
  await page.goto(`${origin}/print?range=6,15,21`)
  await expect(page.locator('html')).toHaveAttribute('data-print-ready', 'true', { timeout: 20_000 })
  await expect(page.locator('[id="006-00"] .slidev-layout.two-cols .col-right #right-column')).toBeVisible()
  await expect(page.locator('[id="015-00"] .slidev-layout-split.image-left .slidev-layout-image')).toBeVisible()
  await expect(page.locator('[id="021-00"] .slidev-layout.end')).toHaveText('END')

  await page.goto(`${origin}/6?view=reader`)
  await expect(page.locator('.deck-reader-root:not([aria-busy]) [data-testid="reader-counter"]')).toBeAttached({ timeout: 20_000 })
  const section = page.locator('#slide-6')
  const left = await section.locator('.col-left').boundingBox()
  const right = await section.locator('.col-right').boundingBox()
  // One column: the right column reads after the left one, below it.
  expect(right!.y).toBeGreaterThanOrEqual(left!.y + left!.height)
  expect(Math.abs(right!.x - left!.x)).toBeLessThan(2)
  const image = await page.locator('#slide-15 .slidev-layout-image').boundingBox()
  const imageText = await page.locator('#slide-15 .slidev-layout.default').boundingBox()
  expect(image!.height).toBeGreaterThan(100)
  expect(imageText!.y).toBeGreaterThanOrEqual(image!.y + image!.height)
})

test('separators as Slidev splits them: ---- with text, and --- with text opening frontmatter', async ({ page }) => {
  await open(page, '/18')
  await press(page, 'ArrowDown', '/19')
  await expect(shown(page).locator('#four-dashes')).toBeVisible()
  await expect(shown(page).locator('.slidev-layout.default h1')).toHaveText('Four dashes')
  await press(page, 'ArrowRight', '/20')
  await expect(shown(page).locator('.slidev-layout.center #dashes-text')).toBeVisible()
  await press(page, 'ArrowRight', '/21')
  await expect(shown(page).locator('.slidev-layout.end')).toHaveText('END')
})
