// The engine as a visitor uses it: routes, keys, clicks, links, layouts, on the built fixture deck.
import { test, expect, type Page } from '@playwright/test'

const slide = (page: Page) => page.locator('.slidev-stage-slide:not(.deck-leave) .slidev-page')

/** Opens a path and waits until its slide is rendered (keys pressed before that would go nowhere). */
async function open(page: Page, path: string) {
  await page.goto(path)
  await expect(page.locator('.slidev-page[data-loaded="true"]').first()).toBeVisible()
}

async function settle(page: Page) {
  await expect(page.locator('.deck-leave')).toHaveCount(0)
}

/**
 * Records every class list the stage takes, from the page's start: a transition's classes last as long as its
 * animation, which a loaded machine can run through before a locator's next poll.
 */
async function recordStageClasses(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { stageClasses: string[] }).stageClasses = [])
    new MutationObserver((records) => {
      for (const record of records) {
        const stages = record.type === 'attributes' ? [record.target as Element] : [...record.addedNodes].flatMap((n) => (n instanceof Element ? [n, ...n.querySelectorAll('.slidev-stage')] : []))
        for (const el of stages) if (el.classList.contains('slidev-stage')) seen.push(el.className)
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['class'], childList: true })
  })
}

/** Waits until the stage has had every class of `classes` at once since the page opened (or since `from`). */
async function stageHad(page: Page, classes: string[], from = 0) {
  await expect
    .poll(() => page.evaluate(([wanted, start]) => (window as unknown as { stageClasses: string[] }).stageClasses.slice(start as number).some((c) => (wanted as string[]).every((w) => c.split(' ').includes(w))), [classes, from] as const))
    .toBe(true)
}

/** How many class lists the stage has had so far. */
const stageChanges = (page: Page) => page.evaluate(() => (window as unknown as { stageClasses: string[] }).stageClasses.length)

test.describe('routes', () => {
  test('empty and unknown paths go to /1', async ({ page }) => {
    for (const path of ['/', '/999', '/abc', '/1/2/3', '/0', '/-2']) {
      await page.goto(path)
      await expect(page).toHaveURL(/\/1$/)
    }
  })

  test('/N shows slide N with the DOM hooks and page title', async ({ page }) => {
    await open(page, '/3')
    await expect(slide(page)).toHaveAttribute('data-slidev-no', '3')
    await expect(slide(page)).toHaveClass(/slidev-page-3/)
    await expect(page.locator('.slidev-page-3 .slidev-layout.two-cols-header')).toBeVisible()
    await expect(page.locator('.slidev-page-3 .col-left')).toHaveText('左侧内容')
    await expect(page.locator('.slidev-page-3 .col-right')).toHaveText('右侧内容')
    await expect(page).toHaveTitle(/两栏 · Fixture deck - Tests/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
  })

  test('?clicks restores a click step; an odd value is clamped', async ({ page }) => {
    await open(page, '/2?clicks=2')
    await expect(page.locator('.slidev-page-2 li').nth(1)).not.toHaveClass(/slidev-vclick-hidden/)
    await expect(page.locator('.slidev-page-2 li').nth(2)).toHaveClass(/slidev-vclick-hidden/)
    await open(page, '/2?clicks=abc')
    await expect(page.locator('.slidev-page-2 li').first()).toHaveClass(/slidev-vclick-hidden/)
  })

  test('/presenter goes to /presenter/1', async ({ page }) => {
    await page.goto('/presenter')
    await expect(page).toHaveURL(/\/presenter\/1$/)
  })
})

test.describe('walking the deck', () => {
  test('forward through every slide and click, then back, with the URLs of spec section 4', async ({ page }) => {
    await open(page, '/1')
    await expect(slide(page)).toContainText('测试封面')
    const forward = ['/2', '/2?clicks=1', '/2?clicks=2', '/2?clicks=3', '/3', '/4', '/5', '/5?clicks=1', '/5?clicks=2', '/5?clicks=3', '/6']
    for (const url of forward) {
      await page.keyboard.press('ArrowRight')
      await expect(page).toHaveURL(new RegExp(`${url.replace('?', '\\?')}$`))
    }
    await page.keyboard.press('ArrowRight')
    await expect(page).toHaveURL(/\/6$/)
    await settle(page)
    await expect(slide(page)).toContainText('最后一张')
    // Back into slide 5 lands on its last click.
    await page.keyboard.press('ArrowLeft')
    await expect(page).toHaveURL(/\/5\?clicks=3$/)
    await page.keyboard.press('Shift+Space')
    await expect(page).toHaveURL(/\/5\?clicks=2$/)
  })

  test('click steps reveal in order with Slidev classes, ranges and hides', async ({ page }) => {
    await open(page, '/5')
    const el = (text: string) => page.locator('.slidev-page-5 div', { hasText: text }).last()
    await expect(el('A 出现')).toHaveClass(/slidev-vclick-hidden/)
    await expect(el('D 在第 2 步隐藏')).not.toHaveClass(/slidev-vclick-hidden/)
    await page.keyboard.press('Space')
    await expect(el('A 出现')).not.toHaveClass(/slidev-vclick-hidden/)
    await expect(el('A 出现')).toHaveClass(/slidev-vclick-current/)
    await expect(el('B 在 1-2 步可见')).not.toHaveClass(/slidev-vclick-hidden/)
    await expect(el('C 与 A 同时')).not.toHaveClass(/slidev-vclick-hidden/)
    await page.keyboard.press('PageDown')
    await expect(el('D 在第 2 步隐藏')).toHaveClass(/slidev-vclick-hidden/)
    await expect(el('A 出现')).toHaveClass(/slidev-vclick-prior/)
    await page.keyboard.press('ArrowRight')
    await expect(el('B 在 1-2 步可见')).toHaveClass(/slidev-vclick-hidden/)
  })

  test('slide changes push history, click steps replace it', async ({ page }) => {
    await open(page, '/1')
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('ArrowRight')
    await expect(page).toHaveURL(/\/2\?clicks=2$/)
    await page.goBack()
    await expect(page).toHaveURL(/\/1$/)
  })

  test('shift+space and Page Up go back; keys are ignored in inputs and on buttons', async ({ page }) => {
    await open(page, '/3')
    await page.keyboard.press('Shift+Space')
    await expect(page).toHaveURL(/\/2\?clicks=3$/)
    await page.keyboard.press('PageUp')
    await expect(page).toHaveURL(/\/2\?clicks=2$/)
    await page.evaluate(() => {
      const input = document.createElement('input')
      input.id = 'probe'
      document.body.appendChild(input)
      input.focus()
    })
    await page.keyboard.press('ArrowRight')
    await expect(page).toHaveURL(/\/2\?clicks=2$/)
  })

  test('clicking the right of the slide goes forward, the left goes back', async ({ page }) => {
    await open(page, '/3')
    const box = (await page.locator('.slidev-play-stage').boundingBox())!
    await page.mouse.click(box.x + box.width * 0.9, box.y + box.height / 2)
    await expect(page).toHaveURL(/\/4$/)
    await settle(page)
    await page.mouse.click(box.x + box.width * 0.2, box.y + box.height / 2)
    await expect(page).toHaveURL(/\/3$/)
  })

  test('in-deck links move without reloading; script links become about:blank', async ({ page }) => {
    await open(page, '/4')
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42))
    await page.locator('.slidev-page-4 a', { hasText: '回到第二张' }).click()
    await expect(page).toHaveURL(/\/2$/)
    expect(await page.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(42)
    await open(page, '/4')
    await expect(page.locator('.slidev-page-4 a', { hasText: '坏链接' })).toHaveAttribute('href', 'about:blank')
  })

  test('the cover button links to slide 2', async ({ page }) => {
    await open(page, '/1')
    await page.locator('.cover-button').click()
    await expect(page).toHaveURL(/\/2$/)
  })

  test('slide changes are announced to screen readers', async ({ page }) => {
    await open(page, '/3')
    await expect(page.getByTestId('slide-announcer')).toHaveText('第 3 张，共 6 张：两栏')
  })

  test('transitions run forward and reversed, and not with reduced motion', async ({ page }) => {
    await recordStageClasses(page)
    await open(page, '/2?clicks=3')
    await page.keyboard.press('ArrowRight')
    await stageHad(page, ['transition-slide-left', 'forward'])
    await settle(page)
    const before = await stageChanges(page)
    await page.keyboard.press('ArrowLeft')
    await stageHad(page, ['backward'], before)
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await settle(page)
    await page.keyboard.press('ArrowRight')
    await expect(page).toHaveURL(/\/3$/)
    await expect(page.locator('.deck-leave')).toHaveCount(0)
  })

  test('slides held ahead leave no trace on screen, in either scheme: the page is the same, pixel for pixel, without them', async ({ page }) => {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      await open(page, '/2?clicks=3')
      await expect(page.locator('.slidev-stage > .deck-ahead')).toHaveCount(2)
      // Painted at opacity 0.001 (so their tiles are rasterised before a key): that must blend to nothing.
      const withThem = await page.screenshot()
      await page.addStyleTag({ content: '.slidev-stage > .deck-ahead { display: none !important; }' })
      await expect(page.locator('.slidev-stage > .deck-ahead').first()).toBeHidden()
      expect(withThem.equals(await page.screenshot()), `${scheme}: the slides ahead show through`).toBe(true)
    }
  })

  test('every slide of the stage is opaque, in the canvas\'s own background (a theme\'s too), in either scheme', async ({ page }) => {
    // Opaque, the shown slide hides what lies under it from the compositor, which then does not draw it in each frame.
    const backgrounds = () => page.locator('.slidev-stage > [data-stage-no]').evaluateAll((els) => els.map((el) => getComputedStyle(el).backgroundColor))
    const canvas = () => page.locator('.slidev-slide-content').first().evaluate((el) => getComputedStyle(el).backgroundColor)
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      await open(page, '/2?clicks=3')
      await expect(page.locator('.slidev-stage > .deck-ahead')).toHaveCount(2)
      const colour = await canvas()
      expect(colour, `${scheme}: the canvas is opaque`).toMatch(/^rgb\(/)
      expect(await backgrounds()).toEqual([colour, colour, colour])
    }
    await page.addStyleTag({ content: '.slidev-slide-content { background: rgb(250, 240, 220) }' })
    await expect.poll(backgrounds).toEqual(['rgb(250, 240, 220)', 'rgb(250, 240, 220)', 'rgb(250, 240, 220)'])
  })

  test('the neighbouring slides are rendered ahead, hidden and not running; moving either way shows those same elements', async ({ page }) => {
    type Marked = HTMLElement & { rehearsed?: boolean }
    const ahead = (no: number) => page.locator(`.slidev-stage > .deck-ahead:has(.slidev-page-${no})`)
    const mark = (no: number) => ahead(no).locator('.slidev-page').evaluate((el) => ((el as Marked).rehearsed = true))
    const shownIsMarked = () => slide(page).evaluate((el) => (el as Marked).rehearsed === true)
    await open(page, '/2?clicks=3')
    await expect(ahead(3)).toHaveCount(1)
    await expect(ahead(1)).toHaveCount(1)
    await expect(ahead(3)).toHaveCSS('opacity', '0.001')
    await expect(ahead(3).locator('.slidev-page')).toHaveAttribute('data-loaded', 'false')
    // Out of the accessibility tree and of the tab order while hidden.
    await expect(page.getByRole('heading', { name: '两栏' })).toHaveCount(0)
    await mark(3)
    await page.keyboard.press('ArrowRight')
    await expect(page).toHaveURL(/\/3$/)
    await expect(slide(page)).toHaveAttribute('data-loaded', 'true')
    await expect(page.getByRole('heading', { name: '两栏' })).toBeVisible()
    expect(await shownIsMarked()).toBe(true)
    await expect(ahead(4)).toHaveCount(1)
    // The slide left is now the previous one, hidden; going back shows it at its last step, its elements kept.
    await settle(page)
    await expect(ahead(2)).toHaveCSS('opacity', '0.001')
    await mark(2)
    await page.keyboard.press('ArrowLeft')
    await expect(page).toHaveURL(/\/2\?clicks=3$/)
    await expect(slide(page)).toHaveAttribute('data-loaded', 'true')
    expect(await shownIsMarked()).toBe(true)
    await expect(slide(page).locator('.slidev-vclick-target').first()).not.toHaveClass(/slidev-vclick-hidden/)
    await settle(page)
    await expect(ahead(3).locator('.slidev-page')).toHaveAttribute('data-loaded', 'false')
    await expect(ahead(3)).toHaveCSS('opacity', '0.001')
  })

  test('a slide held ahead is on screen in the first frame after the key; the address, counter and announcer follow', async ({ page }) => {
    await open(page, '/2')
    await expect(page.locator('.slidev-stage > .deck-ahead:has(.slidev-page-3)')).toHaveCount(1)
    // What the first frame after the key shows, read in that frame (before React has rendered the move).
    await page.evaluate(() =>
      addEventListener(
        'keydown',
        () =>
          requestAnimationFrame(() => {
            const shown = (el: Element) => {
              for (let at: Element | null = el; at; at = at.parentElement) if (Number(getComputedStyle(at).opacity) < 0.01 || getComputedStyle(at).visibility === 'hidden') return false
              return true
            }
            const visible = [...document.querySelectorAll<HTMLElement>('.slidev-stage .slidev-page')].filter(shown).map((el) => el.dataset.slidevNo ?? '')
            ;(window as unknown as { firstFrame: string[] }).firstFrame = visible
          }),
        { once: true },
      ),
    )
    await page.keyboard.press('ArrowDown')
    const frame = { visible: await expect.poll(() => page.evaluate(() => (window as unknown as { firstFrame?: string[] }).firstFrame)).toBeDefined().then(() => page.evaluate(() => (window as unknown as { firstFrame: string[] }).firstFrame)) }
    expect(frame.visible).toContain('3')
    await expect(page).toHaveURL(/\/3$/)
    await expect(page.getByTestId('slide-announcer')).toContainText('第 3 张')
    await expect(page.getByTestId('slide-counter')).toContainText(/^3\b/)
    await settle(page)
    await expect(slide(page)).toHaveAttribute('data-slidev-no', '3')
    await expect(slide(page)).toHaveAttribute('data-loaded', 'true')
    // Only the shown slide is in the accessibility tree once the move is rendered.
    await expect(page.locator('.slidev-stage > [data-stage-no]:not([aria-hidden])')).toHaveCount(1)
  })

  test('while a change animates, the slide left is the one readers and keys reach; the new slide once it has run', async ({ page }) => {
    await open(page, '/2')
    await expect(page.locator('.slidev-stage > .deck-ahead:has(.slidev-page-3)')).toHaveCount(1)
    // Every frame from the key until after the transition: is a slide animating, and which slides are reachable.
    await page.evaluate(() => {
      const seen: { animating: boolean; reachable: string; exposed: string }[] = []
      ;(window as unknown as { seen: typeof seen }).seen = seen
      const ids = (selector: string) => [...document.querySelectorAll<HTMLElement>(`.slidev-stage > ${selector}`)].map((el) => el.dataset.stageNo).join(',')
      const frame = () => {
        const animating = document.getAnimations().some((a) => a.playState === 'running' && a.effect instanceof KeyframeEffect && !!a.effect.target?.matches('.slidev-stage-slide'))
        seen.push({ animating, reachable: ids('[data-stage-no]:not([inert])'), exposed: ids('[data-stage-no]:not([aria-hidden])') })
        if (seen.length < 90) requestAnimationFrame(frame)
      }
      addEventListener('keydown', () => requestAnimationFrame(frame), { once: true })
    })
    await page.keyboard.press('ArrowDown')
    await expect(page).toHaveURL(/\/3$/)
    await expect.poll(() => page.evaluate(() => (window as unknown as { seen: unknown[] }).seen.length), { timeout: 10_000 }).toBe(90)
    const seen = await page.evaluate(() => (window as unknown as { seen: { animating: boolean; reachable: string; exposed: string }[] }).seen)
    const animating = seen.filter((f) => f.animating)
    expect(animating.length, 'the change animates').toBeGreaterThan(0)
    // inert restyles a whole slide: never flipped in the animation's frames.
    expect(new Set(animating.map((f) => `${f.reachable} | ${f.exposed}`))).toEqual(new Set(['2 | 2']))
    await settle(page)
    await expect(page.locator('.slidev-stage > [data-stage-no]:not([inert])')).toHaveAttribute('data-stage-no', '3')
    await expect(page.locator('.slidev-stage > [data-stage-no]:not([aria-hidden])')).toHaveAttribute('data-stage-no', '3')
    await expect(page.getByRole('heading', { name: '两栏' })).toBeVisible()
  })

  test('keys pressed faster than frames land where they add up to, with a history entry each', async ({ page }) => {
    await open(page, '/2')
    await expect(page.locator('.slidev-stage > .deck-ahead:has(.slidev-page-3)')).toHaveCount(1)
    // Three presses in one task: the first is shown at once, the others start from it.
    await page.evaluate(() => {
      for (let i = 0; i < 3; i++) dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, cancelable: true }))
    })
    await expect(page).toHaveURL(/\/5$/)
    await settle(page)
    await expect(slide(page)).toHaveAttribute('data-slidev-no', '5')
    await expect(page.locator('.slidev-stage > [data-stage-no]:not(.deck-ahead)')).toHaveCount(1)
    await page.goBack()
    await expect(page).toHaveURL(/\/4$/)
    await page.goBack()
    await expect(page).toHaveURL(/\/3$/)
    await settle(page)
    await expect(slide(page)).toHaveAttribute('data-slidev-no', '3')
    await expect(page.locator('.slidev-stage > [data-stage-no]:not(.deck-ahead)')).toHaveCount(1)
  })

  test('a slide asking for a view transition gets one where the browser has it, else the ordinary one and a warning', async ({ browser }) => {
    const withApi = await browser.newPage()
    await withApi.addInitScript(() => {
      const proto = Document.prototype as Document & { startViewTransition?: (cb: () => void) => unknown }
      const original = proto.startViewTransition!
      const w = window as unknown as { viewTransitions: number }
      w.viewTransitions = 0
      proto.startViewTransition = function (this: Document, cb: () => void) {
        w.viewTransitions += 1
        return original.call(this, cb)
      } as typeof original
    })
    await open(withApi, '/3')
    await withApi.keyboard.press('ArrowRight')
    await expect(withApi).toHaveURL(/\/4$/)
    await expect(withApi.locator('.slidev-stage-slide:not(.deck-leave) .slidev-page-4')).toBeVisible()
    expect(await withApi.evaluate(() => (window as unknown as { viewTransitions: number }).viewTransitions)).toBe(1)
    await expect(withApi.locator('.deck-leave')).toHaveCount(0)
    await withApi.close()

    const without = await browser.newPage()
    await recordStageClasses(without)
    const warnings: string[] = []
    without.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()))
    await without.addInitScript(() => {
      delete (Document.prototype as { startViewTransition?: unknown }).startViewTransition
    })
    await open(without, '/3')
    await without.keyboard.press('ArrowRight')
    await expect(without).toHaveURL(/\/4$/)
    await stageHad(without, ['transition-slide-left', 'forward'])
    expect(warnings).toContain('View transition is not supported in the browser, falling back to normal transition')
    await without.close()
  })

  test('the canvas keeps 980 × 552 slide pixels scaled to the window', async ({ page }) => {
    await open(page, '/1')
    const content = page.locator('.slidev-slide-content')
    await expect(content).toHaveCSS('width', '980px')
    await expect(content).toHaveCSS('height', '552px')
    const box = (await page.locator('.slidev-slide-container').boundingBox())!
    expect(Math.abs(box.width / box.height - 980 / 552)).toBeLessThan(0.01)
    await page.setViewportSize({ width: 600, height: 700 })
    // The canvas follows the window once its resize observer has run.
    await expect.poll(async () => Math.round((await page.locator('.slidev-slide-container').boundingBox())!.width)).toBeLessThanOrEqual(600)
  })
})
