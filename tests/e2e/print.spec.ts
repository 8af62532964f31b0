// The print views on the built fixture deck: pages, ids, click steps, sizes, nothing moving, readiness.
import { test, expect, type Page } from '@playwright/test'
import { richURL } from './servers'

const pages = (page: Page) => page.locator('.print-slide-container')
const ids = (page: Page) => pages(page).evaluateAll((els) => els.map((el) => el.id))

async function openPrint(page: Page, path: string) {
  await page.goto(path)
  await expect(page.locator('html')).toHaveAttribute('data-print-ready', 'true', { timeout: 15_000 })
}

test.describe('/print', () => {
  test('every slide is its own 980 × 552 page with id NNN-00, every click revealed, no controls', async ({ page }) => {
    await openPrint(page, '/print')
    expect(await ids(page)).toEqual(['001-00', '002-00', '003-00', '004-00', '005-00', '006-00'])
    for (const box of await pages(page).evaluateAll((els) => els.map((el) => el.getBoundingClientRect()))) {
      expect([box.width, box.height]).toEqual([980, 552])
    }
    // Slide 2's three list items all show; slide 5 at 99999: A and C show, B's range is over, D is hidden.
    await expect(page.locator('[id="002-00"] li')).toHaveCount(3)
    await expect(page.locator('[id="002-00"] .slidev-vclick-hidden')).toHaveCount(0)
    await expect(page.locator('[id="005-00"] .slidev-vclick-target:not(.slidev-vclick-hidden)')).toHaveText(['A 出现', 'C 与 A 同时'])
    await expect(page.locator('.print-slide-container .slidev-page[data-loaded="true"]')).toHaveCount(6)
    await expect(page.locator('.slidev-nav, .slidev-progress, [aria-label="幻灯片导航"]')).toHaveCount(0)
    await expect(page.locator('[id="003-00"] .col-left')).toHaveText('左侧内容')
  })

  test('the paper is the slide: @page 980px × 552px with no margin, one page break after each slide', async ({ page }) => {
    await openPrint(page, '/print')
    const rule = await page.evaluate(() => {
      for (const sheet of document.styleSheets) {
        for (const r of sheet.cssRules) if (r instanceof CSSPageRule) return { size: r.style.getPropertyValue('size'), margin: r.style.getPropertyValue('margin') }
      }
      return null
    })
    expect(rule).toEqual({ size: '980px 552px', margin: '0px' })
    await page.emulateMedia({ media: 'print' })
    const breaks = await pages(page).evaluateAll((els) => els.map((el) => getComputedStyle(el).breakAfter))
    expect(breaks).toEqual(['page', 'page', 'page', 'page', 'page', 'auto'])
  })

  test('nothing moves: no transition classes, animations and transitions off', async ({ page }) => {
    await openPrint(page, '/print')
    await expect(page.locator('.deck-enter, .deck-leave, .slidev-stage, [class*="transition-"]')).toHaveCount(0)
    const moving = await page.evaluate(() =>
      [...document.querySelectorAll('.print-root *')].filter((el) => {
        const style = getComputedStyle(el)
        return style.animationName !== 'none' || !['0s', ''].includes(style.transitionDuration.split(',')[0]!.trim())
      }).length,
    )
    expect(moving).toBe(0)
  })

  test.describe('?range', () => {
    for (const [range, expected] of [
      ['2-3', ['002-00', '003-00']],
      ['6;1', ['001-00', '006-00']],
      ['4-', ['004-00', '005-00', '006-00']],
      ['3,3,99', ['003-00']],
      ['all', ['001-00', '002-00', '003-00', '004-00', '005-00', '006-00']],
    ] as const) {
      test(`range=${range}`, async ({ page }) => {
        await openPrint(page, `/print?range=${encodeURIComponent(range)}`)
        expect(await ids(page)).toEqual(expected)
      })
    }

    test('a range selecting nothing prints nothing, and still says it is ready', async ({ page }) => {
      await openPrint(page, '/print?range=40-50')
      await expect(pages(page)).toHaveCount(0)
    })
  })

  test.describe('?print=clicks', () => {
    test('one page per click step: 12 pages for the fixture deck', async ({ page }) => {
      await openPrint(page, '/print?print=clicks')
      expect(await ids(page)).toEqual(['001-00', '002-00', '002-01', '002-02', '002-03', '003-00', '004-00', '005-00', '005-01', '005-02', '005-03', '006-00'])
    })

    test('each step shows what the viewer shows at that step', async ({ page }) => {
      await openPrint(page, '/print?print=clicks&range=2,5')
      expect(await ids(page)).toEqual(['002-00', '002-01', '002-02', '002-03', '005-00', '005-01', '005-02', '005-03'])
      const shown = (id: string) => page.locator(`[id="${id}"] .slidev-vclick-target:not(.slidev-vclick-hidden)`)
      await expect(shown('002-00')).toHaveCount(0)
      await expect(shown('002-01')).toHaveText(['第一步'])
      await expect(shown('002-03')).toHaveText(['第一步', '第二步', '第三步'])
      await expect(shown('005-00')).toHaveText(['D 在第 2 步隐藏'])
      await expect(shown('005-01')).toHaveText(['A 出现', 'B 在 1-2 步可见', 'C 与 A 同时', 'D 在第 2 步隐藏'])
      await expect(shown('005-03')).toHaveText(['A 出现', 'C 与 A 同时'])
    })
  })

  test('ready waits for anything marked data-deck-pending inside the pages (a diagram still drawing)', async ({ page }) => {
    // A stand-in for a diagram: pending from the moment the pages appear until the test lets it finish.
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        const first = document.querySelector('.print-slide-container .slidev-page')
        if (!first) return
        observer.disconnect()
        const diagram = document.createElement('div')
        diagram.className = 'fake-diagram'
        diagram.setAttribute('data-deck-pending', '')
        first.append(diagram)
        ;(window as unknown as { finishDiagram: () => void }).finishDiagram = () => diagram.removeAttribute('data-deck-pending')
      })
      observer.observe(document, { subtree: true, childList: true })
    })
    await page.goto('/print')
    await expect(page.locator('.fake-diagram')).toHaveCount(1)
    // Everything else is drawn: the pages rendered (the view's own mark), the fonts and images in. Without the pending
    // diagram the page would be marked ready two frames later (src/features/print/readiness.ts); give it four.
    await page.waitForFunction(() => performance.getEntriesByName('deck-print:rendered').length > 0 && document.fonts.status === 'loaded' && [...document.images].every((img) => img.complete))
    await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(() => done()))))))
    await expect(page.locator('html')).not.toHaveAttribute('data-print-ready', 'true')
    await page.evaluate(() => (window as unknown as { finishDiagram: () => void }).finishDiagram())
    await expect(page.locator('html')).toHaveAttribute('data-print-ready', 'true')
  })

  test('in-deck links stay plain links to /N (the export turns them into page jumps)', async ({ page }) => {
    await openPrint(page, '/print?range=4')
    await expect(page.locator('[id="004-00"] a[href="/2"]')).toHaveText('回到第二张')
    await expect(page.locator('[id="004-00"] a[href="/4"]')).toHaveText('第四张')
  })

  test('looks like the deck (screenshot of the first pages)', async ({ page }, info) => {
    await page.setViewportSize({ width: 1040, height: 1300 })
    await openPrint(page, '/print?range=1-2')
    await page.screenshot({ path: info.outputPath('print.png') })
  })
})

test('on the rich deck, ready means every diagram drawn and every image settled', async ({ page }, info) => {
  await page.setViewportSize({ width: 1040, height: 1300 })
  await page.goto(`${richURL}/print`)
  await expect(page.locator('html')).toHaveAttribute('data-print-ready', 'true', { timeout: 30_000 })
  await expect(pages(page)).toHaveCount(12)
  expect(await page.locator('.deck-mermaid').count()).toBeGreaterThan(0)
  await expect(page.locator('.print-root [aria-busy="true"], .print-root [data-deck-pending], .deck-mermaid[data-state="loading"]')).toHaveCount(0)
  await expect(page.locator('[id="002-00"] .deck-mermaid svg').first()).toBeVisible()
  const images = await page.locator('.print-root img').evaluateAll((imgs) => (imgs as HTMLImageElement[]).map((img) => ({ src: img.getAttribute('src'), complete: img.complete, width: img.naturalWidth })))
  expect(images.length).toBeGreaterThan(0)
  expect(images.every((img) => img.complete)).toBe(true)
  // Every image that exists has pixels (the missing one is the fixture's deliberate broken link).
  expect(images.filter((img) => !img.width).map((img) => img.src)).toEqual(images.filter((img) => img.src?.includes('does-not-exist')).map((img) => img.src))
  await page.locator('[id="002-00"]').screenshot({ path: info.outputPath('rich-diagram.png') })
})

test.describe('/presenter/print', () => {
  test('a handout: each slide with its notes, one A4 sheet each', async ({ page }) => {
    await openPrint(page, '/presenter/print')
    const handout = page.locator('.print-handout-page')
    await expect(handout).toHaveCount(6)
    expect(await handout.evaluateAll((els) => els.map((el) => el.id))).toEqual(['001-00', '002-00', '003-00', '004-00', '005-00', '006-00'])
    await expect(page.locator('[id="002-00"] .print-handout-title')).toHaveText('第二张：点击')
    await expect(page.locator('[id="002-00"] .print-handout-notes')).toContainText('第一步的说明')
    await expect(page.locator('[id="002-00"] .slidev-page li')).toHaveCount(3)
    await expect(page.locator('[id="002-00"] .slidev-vclick-hidden')).toHaveCount(0)
    await expect(page.locator('[id="001-00"] .print-handout-notes')).toHaveClass(/is-empty/)
    const rule = await page.evaluate(() => {
      for (const sheet of document.styleSheets) for (const r of sheet.cssRules) if (r instanceof CSSPageRule) return r.style.getPropertyValue('size')
      return null
    })
    expect(rule?.toLowerCase()).toMatch(/^a4( portrait)?$/)
  })

  test('?range picks the slides of the handout', async ({ page }) => {
    await openPrint(page, '/presenter/print?range=2;6')
    expect(await page.locator('.print-handout-page').evaluateAll((els) => els.map((el) => el.id))).toEqual(['002-00', '006-00'])
  })
})

test('the viewer shows no download button when the deck does not allow download', async ({ page }) => {
  await page.goto('/1')
  await expect(page.locator('.slidev-page[data-loaded="true"]').first()).toBeVisible()
  await expect(page.locator('.slidev-nav a[download]')).toHaveCount(0)
})
