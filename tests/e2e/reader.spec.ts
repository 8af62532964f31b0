// The reader view (`/N?view=reader`) of the real deck in Chromium, on a phone (390 × 844) and a laptop (1280 × 720):
// when it opens by itself, the toggle, reflowed text that never scrolls the page sideways, where you are (opening at N,
// the address following the reading, links, goto and overview scrolling), notes, embeds, clicks, widgets, diagrams
// drawn only near, printing and accessibility.
import { test, expect, type Page } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'
import { deckURL } from './servers'

const PHONE = { width: 390, height: 844 }
const LAPTOP = { width: 1280, height: 720 }
const TOTAL = 107

/** Opens an address and waits until the reader is the app's (rendered, or its prerendered page taken over). */
async function openReader(page: Page, path: string) {
  await page.goto(`${deckURL}${path}`)
  await expect(page.locator('.deck-reader-root:not([aria-busy]) [data-testid="reader-counter"]')).toBeAttached({ timeout: 20_000 })
}

/** The slide whose section top sits under the bar (within a few px of it). */
async function sectionTop(page: Page, no: number): Promise<number> {
  return page.locator(`#slide-${no}`).evaluate((el) => el.getBoundingClientRect().top)
}

async function expectReadingAt(page: Page, no: number) {
  await expect(page).toHaveURL(new RegExp(`/${no}\\?view=reader$`))
  await expect(page.getByTestId('reader-counter')).toContainText(`${no} / ${TOTAL}`)
  await expect.poll(() => sectionTop(page, no)).toBeGreaterThan(40)
  await expect.poll(() => sectionTop(page, no)).toBeLessThan(72)
}

const serious = (results: Awaited<ReturnType<AxeBuilder['analyze']>>) =>
  results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} – ${n.failureSummary?.split('\n')[1] ?? ''}`))

/** Slides of every kind: cover, agenda, tables, a widget, diagrams, a pie, the embeds, clicks, code, the end. */
const SAMPLED = [1, 2, 7, 14, 16, 46, 47, 75, 81, 82, 101, 106, 107]

/**
 * The whole page for structure, names and roles (the same markup in either scheme: checked once, with `structure`);
 * colour contrast (axe's slowest rule, minutes on 107 slides) on the bar and the sampled slides. Code colours
 * (shiki's themes) and diagram colours (mermaid's) are the slides' own, the same as on the stage.
 */
async function seriousViolations(page: Page, { structure }: { structure: boolean }): Promise<string[]> {
  // Only violations are collected: the passes' nodes on 107 slides are most of axe's work and nothing here reads them.
  const violationsOnly = { resultTypes: ['violations' as const] }
  // `region` (every text inside a landmark) is a best practice whose findings are all moderate: never counted here, and
  // a third of axe's time over 107 slides.
  const found = structure ? serious(await new AxeBuilder({ page }).options(violationsOnly).disableRules(['color-contrast', 'region']).analyze()) : []
  let contrast = new AxeBuilder({ page }).options(violationsOnly).withRules(['color-contrast']).include('.deck-reader-bar').exclude('.deck-code pre').exclude('.deck-mermaid svg')
  for (const no of SAMPLED) contrast = contrast.include(`#slide-${no}`)
  return [...found, ...serious(await contrast.analyze())]
}

test.describe('when the reader opens', () => {
  test('a phone held upright opens play pages as the reader; the toggle switches and is remembered', async ({ page }) => {
    await page.setViewportSize(PHONE)
    await openReader(page, '/5')
    await expectReadingAt(page, 5)
    // No canvas slide was drawn first.
    await expect(page.locator('.slidev-slide-content')).toHaveCount(0)

    await page.getByTestId('reader-to-slides').click()
    await expect(page).toHaveURL(/\/5$/)
    await expect(page.locator('.slidev-page-5[data-loaded="true"]')).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('slidev-view'))).toBe('slides')
    await page.reload()
    await expect(page.locator('.slidev-page-5[data-loaded="true"]')).toBeVisible()
    await expect(page).toHaveURL(/\/5$/)

    await page.getByTestId('nav-reader').click()
    await expectReadingAt(page, 5)
    expect(await page.evaluate(() => localStorage.getItem('slidev-view'))).toBe('reader')
  })

  test('a laptop, a phone on its side, presenter, print and ?embedded keep the slides', async ({ page }) => {
    await page.setViewportSize(LAPTOP)
    await page.goto(`${deckURL}/5`)
    await expect(page.locator('.slidev-page-5[data-loaded="true"]')).toBeVisible()
    await expect(page.locator('.deck-reader')).toHaveCount(0)

    await page.setViewportSize({ width: 844, height: 390 })
    await page.goto(`${deckURL}/6`)
    await expect(page.locator('.slidev-page-6[data-loaded="true"]')).toBeVisible()
    await expect(page.locator('.deck-reader')).toHaveCount(0)

    await page.setViewportSize(PHONE)
    // [address, what that page shows instead]: a phone on /presenter is the clicker.
    const pages: [string, string][] = [
      ['/7?embedded', '.slidev-page-7[data-loaded="true"]'],
      ['/presenter/7', '[data-testid="phone-clicker"]'],
      ['/print?range=7', '.print-slide-container .slidev-page-7'],
    ]
    for (const [path, shown] of pages) {
      await page.goto(`${deckURL}${path}`)
      await expect(page.locator(shown)).toBeAttached()
      await expect(page.locator('.deck-reader')).toHaveCount(0)
      expect(page.url()).not.toContain('view=reader')
    }
  })

  test('on a laptop the bar opens the reader at the slide shown', async ({ page }) => {
    await page.setViewportSize(LAPTOP)
    await page.goto(`${deckURL}/12`)
    await expect(page.locator('.slidev-page-12[data-loaded="true"]')).toBeVisible()
    await page.getByTestId('nav-reader').click()
    await expectReadingAt(page, 12)
  })
})

for (const viewport of [PHONE, LAPTOP]) {
  test.describe(`reading at ${viewport.width} × ${viewport.height}`, () => {
    test.beforeEach(async ({ page }) => page.setViewportSize(viewport))

    test('every slide is a section with its number and title; the page never scrolls sideways; body text is at least 16 px', async ({ page }) => {
      await openReader(page, '/1?view=reader')
      const headings = page.locator('.deck-reader-slide > h2')
      await expect(headings).toHaveCount(TOTAL)
      await expect(headings.nth(46)).toContainText('同业业务：银行向银行借钱')
      const layout = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth - window.innerWidth,
        // A section wider than the column would push the page sideways; a table or code box scrolls inside itself.
        wide: [...document.querySelectorAll<HTMLElement>('.deck-reader-slide')].filter((s) => s.scrollWidth > s.clientWidth + 1).map((s) => s.dataset.readerNo),
        outside: [...document.querySelectorAll<HTMLElement>('.deck-reader-article *')]
          .filter((el) => !el.closest('.deck-reader-table, pre, .sr-only, .katex-mathml, .katex-display') && el.getBoundingClientRect().right > window.innerWidth + 1)
          .map((el) => `${el.closest<HTMLElement>('.deck-reader-slide')?.dataset.readerNo} ${el.tagName}`),
      }))
      expect(layout).toEqual({ page: 0, wide: [], outside: [] })

      // Body text is at least 16 px on every slide, click steps and embeds included.
      const small = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.deck-reader-article *')]
          // A formula is measured as a whole (its root's size); inside, sub- and superscripts are smaller by design, and
          // KaTeX's MathML copy is for screen readers only.
          .filter((el) => !el.closest('svg, .sr-only, .katex-mathml') && !(el.closest('.katex') && !el.classList.contains('katex')))
          .filter((el) => el.classList.contains('katex') || [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim()))
          .filter((el) => parseFloat(getComputedStyle(el).fontSize) < 16)
          .map((el) => `${el.closest<HTMLElement>('.deck-reader-slide')?.dataset.readerNo} ${el.tagName} ${getComputedStyle(el).fontSize}`),
      )
      expect(small).toEqual([])
      // The deck's 980-px canvas is gone: a paragraph fills the column.
      const width = await page.locator('#slide-4 p').first().evaluate((p) => p.getBoundingClientRect().width)
      expect(width).toBeGreaterThan(Math.min(viewport.width, 704) - 40)
    })

    // The phone reads in the dark scheme, the laptop in the light one: each scheme's pictures and diagrams above.
    const colorScheme = viewport === PHONE ? 'dark' : 'light'
    test(`opens deep in the deck exactly at its slide, with diagrams above still being drawn (${colorScheme} scheme), and without script`, async ({ browser }) => {
      // The page's scroll to #slide-44 on load is instant: a glide of 30,000 px that started early ended a slide short
      // as the pictures and diagrams above grew the page. Each load is a cold one, in a context of its own.
      test.setTimeout(90_000)
      {
        const context = await browser.newContext({ viewport, colorScheme })
        const page = await context.newPage()
        await openReader(page, viewport === PHONE ? '/44' : '/44?view=reader')
        await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/)
        await expect(page.locator('#slide-44 .deck-mermaid[data-state="rendered"]')).toHaveCount(1, { timeout: 20_000 })
        await expectReadingAt(page, 44)
        // Gliding is for the reader's own moves once the app runs.
        expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('smooth')
        await context.close()
      }
      // Before any script (here: none at all), the page's scroll to its slide is instant, so it lands on the slide.
      const context = await browser.newContext({ viewport, javaScriptEnabled: false })
      const page = await context.newPage()
      await page.goto(`${deckURL}/reader/#slide-44`)
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('auto')
      await expect.poll(() => sectionTop(page, 44)).toBeLessThan(72)
      expect(await sectionTop(page, 44)).toBeGreaterThan(-2)
      await context.close()
    })

    test('opens at slide 47 and the address follows the slide being read; slide links, goto and overview scroll within the page', async ({ page }) => {
      await openReader(page, '/47?view=reader')
      await expectReadingAt(page, 47)
      await expect(page).toHaveTitle(/同业业务/)
      // The reader takes over (any key), then reads slide 60.
      await page.keyboard.press('Shift')
      await page.locator('#slide-60').evaluate((el) => el.scrollIntoView({ block: 'start', behavior: 'instant' }))
      await expectReadingAt(page, 60)
      await page.keyboard.press('End')
      await expect(page).toHaveURL(/\/107\?view=reader$/)
      // The page is at its end (Home and End are the reader's own: they hold the slide while the page settles).
      await expect.poll(() => page.evaluate(() => Math.round(innerHeight + scrollY - document.documentElement.scrollHeight))).toBeGreaterThanOrEqual(-2)
      await expect(page).toHaveURL(/\/107\?view=reader$/)
      await page.keyboard.press('Home')
      await expect(page).toHaveURL(/\/1\?view=reader$/)
      await expect.poll(() => page.evaluate(() => scrollY)).toBe(0)
      // The address is replaced, not pushed: back leaves the reader's history as it was.
      expect(await page.evaluate(() => history.length)).toBeLessThanOrEqual(2)

      // Slide links, goto and the overview scroll within the same page.
      await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true))
      await page.locator('#slide-2 a[data-slide-link="47"]').click()
      await expectReadingAt(page, 47)

      await page.keyboard.press('g')
      await page.locator('#slidev-goto-input').fill('75')
      await page.keyboard.press('Enter')
      await expectReadingAt(page, 75)

      await page.keyboard.press('o')
      await expect(page.locator('.slidev-overview')).toBeVisible()
      await page.keyboard.type('100')
      await page.keyboard.press('Enter')
      await expect(page.locator('.slidev-overview')).toHaveCount(0)
      await expectReadingAt(page, 100)
      expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true)
    })
  })
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE })

  test('the build’s reader page shows every slide, reflowed, its links moving within it', async ({ page }) => {
    await page.goto(`${deckURL}/reader/`)
    const headings = page.locator('.deck-reader-slide > h2')
    await expect(headings).toHaveCount(TOTAL)
    const titles = (await (await fetch(`${deckURL}/deck-manifest.json`)).json()) as { slides: { no: number; title: string }[] }
    for (const { no, title } of titles.slides) await expect(headings.nth(no - 1)).toContainText(title)
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0)
    expect(await page.locator('#slide-4 p').first().evaluate((p) => parseFloat(getComputedStyle(p).fontSize))).toBeGreaterThanOrEqual(16)
    // Nothing that needs a script pretends to work: no counter, no scheme button; the way back to the slides is a link.
    await expect(page.getByTestId('reader-counter')).toHaveCount(0)
    await expect(page.getByTestId('reader-to-slides')).toHaveAttribute('href', '/1')
    await page.locator('#slide-2 a[data-slide-link="47"]').click()
    await expect(page).toHaveURL(/\/reader\/#slide-47$/)
    await expect.poll(() => sectionTop(page, 47)).toBeLessThan(72)
    await expect(page.locator('#slide-47 details.deck-reader-notes')).not.toHaveAttribute('open')
  })
})

test.describe('the article', () => {
  test.beforeEach(async ({ page }) => page.setViewportSize(PHONE))

  test('notes fold under their slide; embeds are their panel; every click is shown; widgets work; text selects', async ({ page }) => {
    await openReader(page, '/7?view=reader')
    const note = page.locator('#slide-7 details.deck-reader-notes')
    await expect(note).not.toHaveAttribute('open')
    await expect(note.locator('summary')).toHaveText('讲稿')
    await note.locator('summary').click()
    await expect(note.locator('.deck-reader-notes-text')).toBeVisible()

    for (const no of [81, 82]) {
      const embed = page.locator(`#slide-${no} .deck-embed`)
      await expect(embed.locator('.deck-embed-fallback a[href^="http"]').first()).toBeAttached()
      await expect(embed.locator('iframe')).toHaveCount(0)
    }

    // 101's three screens, hidden and revealed by clicks on the slide, are all on the page, one after another.
    const screens = page.locator('#slide-101 img')
    await expect(screens).toHaveCount(3)
    for (const img of await screens.all()) {
      await img.scrollIntoViewIfNeeded()
      await expect(img).toBeVisible()
      expect(await img.evaluate((el) => getComputedStyle(el).opacity)).toBe('1')
      await expect(img).toHaveAttribute('loading', 'lazy')
    }
    const [a, b] = await Promise.all([screens.nth(0).boundingBox(), screens.nth(1).boundingBox()])
    expect(b!.y).toBeGreaterThanOrEqual(a!.y + a!.height - 1)

    const widget = page.locator('#slide-14 .money-widget')
    await widget.scrollIntoViewIfNeeded()
    const result = widget.locator('.money-widget-result')
    const before = await result.textContent()
    await widget.locator('input[type="range"]').fill('20')
    await expect(result).not.toHaveText(before!)

    // The deck's `selectable: false` is for the stage, not for an article.
    expect(await page.locator('#slide-13 p').first().evaluate((p) => getComputedStyle(p).userSelect)).not.toBe('none')
  })

  test('mermaid loads only when a diagram comes near; printing gives the handout: no bar, every note open', async ({ page }) => {
    const requested: string[] = []
    page.on('request', (request) => requested.push(request.url()))
    await openReader(page, '/1?view=reader')
    await expect(page.locator('#slide-44 .deck-mermaid')).toHaveAttribute('data-state', 'loading')
    // Let the page sit: nothing near slide 1 has a diagram.
    await page.waitForLoadState('networkidle')
    const mermaidCode = (url: string) => /\/assets\/(vendor\/mermaid\/|mermaid\.(core|esm)|\w+Diagram-|cytoscape|dagre)/.test(url)
    expect(requested.filter(mermaidCode)).toEqual([])
    await page.keyboard.press('Shift')
    await page.locator('#slide-44').evaluate((el) => el.scrollIntoView({ block: 'start', behavior: 'instant' }))
    await expect(page.locator('#slide-44 .deck-mermaid')).toHaveAttribute('data-state', 'rendered', { timeout: 20_000 })
    expect(requested.some(mermaidCode)).toBe(true)
    // A diagram is never drawn smaller than its labels can be read (14 px; 769 px of 18 px labels drew them at 8 px
    // here): wider than the column, it scrolls sideways inside its own box, which then takes the keyboard's focus
    // and says so. The box and the page stay within the column.
    const box = page.locator('#slide-44 .deck-mermaid-svg')
    const frame = (await box.boundingBox())!
    expect(frame.x + frame.width).toBeLessThanOrEqual(PHONE.width)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    const smallestLabel = () =>
      box.evaluate((el) => {
        const svg = el.querySelector('svg')!
        const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width
        const sizes = [...svg.querySelectorAll('text, foreignObject *')].filter((t) => t.textContent?.trim()).map((t) => parseFloat(getComputedStyle(t).fontSize) * scale)
        return Math.min(...sizes)
      })
    expect(await smallestLabel()).toBeGreaterThanOrEqual(13.9)
    await expect(box).toHaveAttribute('tabindex', '0')
    await expect(box).toHaveAttribute('role', 'region')
    await expect(box).toHaveAccessibleName('图表（可左右滚动）')
    await box.focus()
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0)
    // On a laptop the column holds it at full size: no scrolling, no stop for the keyboard.
    await page.setViewportSize(LAPTOP)
    await expect(box).not.toHaveAttribute('tabindex')
    expect(await box.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true)
    await page.setViewportSize(PHONE)

    // Printing the same page gives the handout: no bar, every note open.
    await page.emulateMedia({ media: 'print' })
    await expect(page.locator('.deck-reader-bar')).toBeHidden()
    await expect(page.locator('#slide-7 .deck-reader-notes-text')).toBeVisible()
  })

  for (const scheme of ['light', 'dark'] as const) {
    test(`a diagram that scrolls sideways shades the edge where more of it lies (${scheme} scheme, laptop)`, async ({ page }) => {
      // Slide 11's diagram is wider at its legible size (788 px) than the column (672): cut at the right edge, which
      // says so until the end is scrolled into view; then the left edge does.
      await page.setViewportSize(LAPTOP)
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
      await openReader(page, '/11?view=reader')
      const box = page.locator('#slide-11 .deck-mermaid-svg')
      await expect(box.locator('svg')).toBeAttached({ timeout: 20_000 })
      await expect(box).toHaveAttribute('tabindex', '0')
      // The top row of the box's picture (the diagram's own margin: no drawing there), at its two edges, against the
      // page's colour: how far each colour channel is from it, as drawn.
      const edges = async () => {
        const png = (await box.screenshot({ animations: 'disabled' })).toString('base64')
        return page.evaluate(async (data) => {
          const picture = new Image()
          picture.src = `data:image/png;base64,${data}`
          await picture.decode()
          const canvas = Object.assign(document.createElement('canvas'), { width: picture.width, height: picture.height })
          const context = canvas.getContext('2d')!
          context.drawImage(picture, 0, 0)
          const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/\d+/g)!.map(Number)
          const off = (x: number) => {
            const [pr, pg, pb] = context.getImageData(x, 1, 1, 1).data
            return Math.max(Math.abs(pr! - r!), Math.abs(pg! - g!), Math.abs(pb! - b!))
          }
          return { left: off(1), right: off(picture.width - 2) }
        }, png)
      }
      const atStart = await edges()
      expect(atStart.right, 'the right edge is shaded while more lies there').toBeGreaterThan(20)
      expect(atStart.left, 'the left edge is the page’s colour at the start').toBeLessThan(4)
      await box.evaluate((el) => el.scrollTo({ left: el.scrollWidth, behavior: 'instant' }))
      await expect.poll(() => box.evaluate((el) => el.scrollLeft + el.clientWidth >= el.scrollWidth - 1)).toBe(true)
      const atEnd = await edges()
      expect(atEnd.left, 'the left edge is shaded once the start is out of view').toBeGreaterThan(20)
      expect(atEnd.right, 'the right edge is the page’s colour at the end').toBeLessThan(4)
    })

    test(`axe finds nothing serious in the ${scheme} scheme${scheme === 'light' ? '' : ' (its colours; the structure is the light test’s)'}`, async ({ page }) => {
      // All 107 slides on one page: axe takes a while on a busy machine.
      test.setTimeout(120_000)
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
      await openReader(page, '/7?view=reader')
      await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/)
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
      await page.locator('#slide-7 details summary').click()
      expect(await seriousViolations(page, { structure: scheme === 'light' })).toEqual([])
    })
  }
})
