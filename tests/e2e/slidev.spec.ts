// The Slidev-dialect fixture deck (tests/fixtures/slidev.md) built and walked as its audience would, with → and ↓:
// the address and what is shown at each step (icons, layouts, scoped styles, separators), and its components.
import { test, expect, type Page } from '@playwright/test'
import { openAt, press, shown, slideNumbers, slidesIn, urlOf } from './fixture-walk'
import { deckHost } from './servers'

// Built and served statically by the global setup.
const origin = deckHost('slidev')

const open = (page: Page, path: string) => openAt(page, origin, path)

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

/** The number of the fixture's slide titled `title`. */
const slideNo = slideNumbers('tests/fixtures/slidev.md')

test.describe('components', () => {
  test('Toc lists the titled slides but hidden ones, its links move to their slide, the current entry is marked', async ({ page }) => {
    const agenda = slideNo('Agenda')
    await open(page, `/${agenda}`)
    const toc = shown(page).locator('#toc-all .slidev-toc')
    await expect(toc.locator('.slidev-toc-list-level-1 > .slidev-toc-item > a').first()).toHaveText('Slidev dialect fixture')
    await expect(toc).not.toContainText('Agenda')
    // Level-2 titles nest under the level-1 one before them.
    const components = toc.locator('.slidev-toc-list-level-1 > .slidev-toc-item', { has: page.locator(':scope > a', { hasText: /^Components$/ }) })
    await expect(components.locator('.slidev-toc-list-level-2 > li > a')).toHaveText(['Scale and contents', 'Video', "A deck's own component"])
    await expect(toc.locator('.slidev-toc-item-active')).toHaveCount(0)
    await toc.getByRole('link', { name: 'Video' }).click()
    await expect.poll(() => urlOf(page)).toBe(`/${slideNo('Video')}`)
    await expect(shown(page).locator('h2')).toHaveText('Video')

    // minDepth 2 on a level-2 slide: its own branch, itself marked as the current entry.
    const branch = slideNo('Scale and contents')
    await open(page, `/${branch}`)
    const own = shown(page).locator('#toc-branch .slidev-toc')
    await expect(own.locator('a')).toHaveText(['Scale and contents', 'Video', "A deck's own component"])
    await expect(own.locator('.slidev-toc-item-active > a')).toHaveText('Scale and contents')
    await expect(own.locator('[aria-current="page"]')).toHaveCount(1)
  })

  test('SlideCurrentNo and SlidesTotal show the right numbers, prerendered and live; Arrow draws a two-way SVG arrow', async ({ page }) => {
    const no = slideNo('Components')
    const total = slidesIn('tests/fixtures/slidev.md').length
    // In the page the host sends, before any script runs.
    const html = await (await page.request.get(`${origin}/${no}`)).text()
    expect(html).toContain(`<span class="slidev-slide-current-no">${no}</span> / <span class="slidev-slides-total">${total}</span>`)
    await open(page, `/${no}`)
    await expect(shown(page).locator('#numbers')).toHaveText(`${no} / ${total}`)
    const arrow = shown(page).locator('svg.slidev-arrow')
    await expect(arrow.locator('line')).toHaveAttribute('x2', '400')
    await expect(arrow.locator('line')).toHaveAttribute('stroke', '#c0392b')
    await expect(arrow.locator('line')).toHaveAttribute('stroke-width', '4')
    await expect(arrow.locator('marker')).toHaveCount(2)
    const ends = await arrow.locator('line').evaluate((line) => [line.getAttribute('marker-start'), line.getAttribute('marker-end')])
    expect(ends.every((end) => /^url\(#slidev-arrow-[\w-]+\)$/.test(end ?? ''))).toBe(true)
    const box = await arrow.boundingBox()
    expect(box!.width).toBeGreaterThan(100)
  })

  test('Transform :scale="0.5" draws its content at half size', async ({ page }) => {
    await open(page, `/${slideNo('Scale and contents')}`)
    const full = await shown(page).locator('#unscaled').boundingBox()
    const half = await shown(page).locator('#scaled').boundingBox()
    expect(half!.width / full!.width).toBeCloseTo(0.5, 2)
    expect(half!.height / full!.height).toBeCloseTo(0.5, 2)
  })

  test('Youtube shows a local poster and a link, and asks YouTube for nothing until play is pressed', async ({ page }) => {
    const asked: string[] = []
    page.on('request', (request) => {
      if (/youtube|ytimg|googlevideo/.test(new URL(request.url()).hostname)) asked.push(request.url())
    })
    // The player is answered here: the test makes no request to the network either.
    await page.route(/youtube-nocookie\.com/, (route) => route.fulfill({ contentType: 'text/html', body: '<title>player</title><p>player</p>' }))
    await open(page, `/${slideNo('Video')}`)
    const video = shown(page).locator('.slidev-youtube')
    await expect(video.locator('.slidev-youtube-poster')).toBeVisible()
    await expect(video.getByRole('link', { name: /Watch on YouTube/ })).toHaveAttribute('href', 'https://www.youtube.com/watch?v=luoMHjh-XcQ&t=30s')
    await expect(video.locator('iframe')).toHaveCount(0)
    await page.waitForLoadState('networkidle')
    expect(asked).toEqual([])
    await video.getByRole('button', { name: /Play the video here/ }).click()
    await expect(video.locator('iframe')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/luoMHjh-XcQ?autoplay=1&start=30')
    await expect.poll(() => asked).toEqual(['https://www.youtube-nocookie.com/embed/luoMHjh-XcQ?autoplay=1&start=30'])
    // Pressing play did not turn the page.
    expect(urlOf(page)).toBe(`/${slideNo('Video')}`)
  })

  test('offline, the play button waits and the link stays', async ({ page, context }) => {
    await open(page, `/${slideNo('Video')}`)
    // The connection drops once the app is the page's (the component's own code is in): this is the component's offline
    // state, not a page whose scripts never arrived.
    await expect(page.locator('html[data-deck-ready="true"]')).toHaveCount(1, { timeout: 15_000 })
    await context.setOffline(true)
    const video = shown(page).locator('.slidev-youtube')
    await expect(video.getByRole('button', { name: /Play the video here/ })).toBeDisabled()
    await expect(video).toContainText('Offline')
    await expect(video.getByRole('link', { name: /Watch on YouTube/ })).toBeVisible()
    await context.setOffline(false)
    await expect(video.getByRole('button', { name: /Play the video here/ })).toBeEnabled()
  })

  test("a deck's own component from components/ is prerendered, then works once hydrated", async ({ page }) => {
    const no = slideNo("A deck's own component")
    const html = await (await page.request.get(`${origin}/${no}`)).text()
    expect(html).toMatch(/<output>Pressed 2<\/output>/)
    await open(page, `/${no}`)
    const counter = shown(page).locator('.fixture-counter')
    await expect(counter).toContainText(`on slide ${no}`)
    await counter.getByRole('button', { name: '+1' }).click()
    await counter.getByRole('button', { name: '+1' }).click()
    await expect(counter.locator('output')).toHaveText('Pressed 4')
    expect(urlOf(page)).toBe(`/${no}`)
  })

  test('the reader view and the print view show every component', async ({ page }) => {
    await page.goto(`${origin}/1?view=reader`)
    const agenda = page.locator(`#slide-${slideNo('Agenda')}`)
    await expect(agenda.locator('.slidev-toc a').first()).toBeVisible()
    const components = page.locator(`#slide-${slideNo('Components')}`)
    await expect(components.locator('#numbers')).toHaveText(new RegExp(`^${slideNo('Components')} / \\d+$`))
    await expect(page.locator(`#slide-${slideNo('Video')} .slidev-youtube-link`)).toBeVisible()
    await expect(page.locator(`#slide-${slideNo("A deck's own component")} .fixture-counter output`)).toHaveText('Pressed 2')

    await page.goto(`${origin}/print`)
    const video = page.locator(`.print-slide-container[id^="${String(slideNo('Video')).padStart(3, '0')}-"]`).first()
    await expect(video.locator('.slidev-youtube-poster')).toBeVisible()
    // Nothing to press on paper.
    await expect(video.locator('button')).toHaveCount(0)
    const scaled = page.locator(`.print-slide-container[id^="${String(slideNo('Scale and contents')).padStart(3, '0')}-"]`).first()
    await expect(scaled.locator('#scaled')).toBeVisible()
    await expect(page.locator(`.print-slide-container[id^="${String(slideNo('Components')).padStart(3, '0')}-"] svg.slidev-arrow`).first()).toBeVisible()
  })
})

test('scoped <style>: a slide\'s style applies to that slide only, also when slides are drawn side by side', async ({ page }) => {
  await open(page, '/8')
  await press(page, 'ArrowRight', '/9')
  await expect(shown(page).locator('#scoped-red')).toHaveCSS('color', 'rgb(200, 0, 0)')
  await expect(shown(page).locator('h1')).toHaveCSS('letter-spacing', '3px')
  await expect(shown(page).locator('h1')).not.toHaveCSS('text-decoration-line', 'underline')
  await press(page, 'ArrowRight', '/10')
  await expect(shown(page).locator('#scoped-plain')).not.toHaveCSS('color', 'rgb(200, 0, 0)')
  await expect(shown(page).locator('h1')).toHaveCSS('text-decoration-line', 'underline')
  await expect(shown(page).locator('h1')).toHaveCSS('letter-spacing', 'normal')
  // In print every slide is on the page at once: each keeps its own style.
  await page.goto(`${origin}/print?range=9-10`)
  await expect(page.locator('html')).toHaveAttribute('data-print-ready', 'true', { timeout: 20_000 })
  await expect(page.locator('[id="009-00"] #scoped-red')).toHaveCSS('color', 'rgb(200, 0, 0)')
  await expect(page.locator('[id="010-00"] #scoped-plain')).not.toHaveCSS('color', 'rgb(200, 0, 0)')
  await expect(page.locator('[id="009-00"] h1')).not.toHaveCSS('text-decoration-line', 'underline')
  // A rule under html.dark is scoped after it: it applies in dark mode, on this slide.
  await open(page, '/9')
  await page.keyboard.press('d')
  await expect(page.locator('html')).toHaveClass(/dark/)
  await expect(shown(page).locator('#scoped-red')).toHaveCSS('color', 'rgb(255, 120, 120)')
})

/** The fixture's slide of each layout. */
const LAYOUT_SLIDES = {
  'two-cols': 11,
  intro: 12,
  section: 13,
  statement: 14,
  fact: 15,
  quote: 16,
  full: 17,
  none: 18,
  image: 19,
  'image-left': 20,
  'image-right': 21,
  iframe: 22,
  'iframe-left': 23,
  end: 26,
}

test('layouts: walking them with → shows each in Slidev\'s markup, prerendered at /N too', async ({ page }) => {
  await open(page, '/10')
  const slide = shown(page)
  for (const [layout, no] of Object.entries(LAYOUT_SLIDES)) {
    // The slides between iframe-left and end are the separator slides, walked in the next test.
    if (layout === 'end') await open(page, '/25')
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
  await open(page, '/11')
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
  await open(page, '/20')
  const picture = await shown(page).locator('.image-left .slidev-layout-image').boundingBox()
  const text = await shown(page).locator('.image-left .slidev-layout.default.fixture-image-content h1').boundingBox()
  expect(picture!.width).toBeGreaterThan(100)
  expect(text!.x).toBeGreaterThanOrEqual(picture!.x + picture!.width)
  // The prerendered page already holds the layout before any script runs.
  const html = await (await page.request.get(`${origin}/20`)).text()
  expect(html).toContain('slidev-layout-split image-left')
  expect(html).toContain('fixture-image-content')
  // end: "END" when the slide has no text, white on black.
  await open(page, '/26')
  await expect(shown(page).locator('.slidev-layout.end')).toHaveText('END')
  await expect(shown(page).locator('.slidev-layout.end')).toHaveCSS('background-color', 'rgb(0, 0, 0)')
  // The iframe layouts show their fallback panel when the page cannot be reached.
  await open(page, '/22')
  await expect(shown(page).locator('.slidev-layout.iframe .deck-embed-fallback')).toContainText('Start the demo first.')
})

test('layouts print one page per slide, and the reader stacks two columns', async ({ page }) => {
  await page.goto(`${origin}/print?range=11,20,26`)
  await expect(page.locator('html')).toHaveAttribute('data-print-ready', 'true', { timeout: 20_000 })
  await expect(page.locator('[id="011-00"] .slidev-layout.two-cols .col-right #right-column')).toBeVisible()
  await expect(page.locator('[id="020-00"] .slidev-layout-split.image-left .slidev-layout-image')).toBeVisible()
  await expect(page.locator('[id="026-00"] .slidev-layout.end')).toHaveText('END')

  await page.goto(`${origin}/11?view=reader`)
  await expect(page.locator('.deck-reader-root:not([aria-busy]) [data-testid="reader-counter"]')).toBeAttached({ timeout: 20_000 })
  const section = page.locator('#slide-11')
  const left = await section.locator('.col-left').boundingBox()
  const right = await section.locator('.col-right').boundingBox()
  // One column: the right column reads after the left one, below it.
  expect(right!.y).toBeGreaterThanOrEqual(left!.y + left!.height)
  expect(Math.abs(right!.x - left!.x)).toBeLessThan(2)
  const image = await page.locator('#slide-20 .slidev-layout-image').boundingBox()
  const imageText = await page.locator('#slide-20 .slidev-layout.default').boundingBox()
  expect(image!.height).toBeGreaterThan(100)
  expect(imageText!.y).toBeGreaterThanOrEqual(image!.y + image!.height)
})

test('separators as Slidev splits them: ---- with text, and --- with text opening frontmatter', async ({ page }) => {
  await open(page, '/23')
  await press(page, 'ArrowDown', '/24')
  await expect(shown(page).locator('#four-dashes')).toBeVisible()
  await expect(shown(page).locator('.slidev-layout.default h1')).toHaveText('Four dashes')
  await press(page, 'ArrowRight', '/25')
  await expect(shown(page).locator('.slidev-layout.center #dashes-text')).toBeVisible()
  await press(page, 'ArrowRight', '/26')
  await expect(shown(page).locator('.slidev-layout.end')).toHaveText('END')
})
