// The viewer as the audience uses it: keys, controls, overview, goto, info, dark mode, fullscreen, scale,
// preferences, custom shortcuts, embedded mode, UI language and screen-reader support.
// Runs on the fixture deck (baseURL), the real deck, and two decks built here: tests/fixtures/forced-dark.md
// (colorSchema: dark, English UI, info with hostile HTML) and tests/fixtures/viewer/ (23 slides, setup/shortcuts.ts).
import { test, expect, type Page } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'
import { deckHost, deckURL } from './servers'

// The two decks of this file, built and served statically by the global setup.
const forcedDarkURL = deckHost('forcedDark')
const viewerURL = deckHost('viewer')

// ---------------------------------------------------------------- helpers

/** Opens a path and waits until its slide is rendered (keys pressed before that would go nowhere). */
async function open(page: Page, path: string) {
  await page.goto(path)
  await expect(page.locator('.slidev-page[data-loaded="true"]').first()).toBeVisible()
}

const urlOf = (page: Page) => {
  const url = new URL(page.url())
  return url.pathname + url.search
}

const overview = (page: Page) => page.getByTestId('overview')
const goto = (page: Page) => page.locator('#slidev-goto-dialog')
const gotoInput = (page: Page) => page.locator('#slidev-goto-input')

/** Serious and critical axe violations, as "rule: target" lines (empty when clean). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} – ${n.failureSummary?.split('\n')[1] ?? ''}`))
}

// ---------------------------------------------------------------- keys of spec.md section 2

test.describe('the keyboard table', () => {
  // [from, key, to]: the fixture deck's slide 2 and 5 have three clicks each.
  const moves: [string, string, string][] = [
    ['/1', 'Space', '/2'],
    ['/1', 'ArrowRight', '/2'],
    ['/1', 'PageDown', '/2'],
    ['/2?clicks=1', 'ArrowRight', '/2?clicks=2'],
    // ↓ and shift+→ skip the slide's remaining clicks; ↑ and shift+← go to the previous slide at its first step.
    ['/2?clicks=1', 'ArrowDown', '/3'],
    ['/2?clicks=1', 'Shift+ArrowRight', '/3'],
    ['/1', 'ArrowDown', '/2'],
    ['/3', 'Shift+Space', '/2?clicks=3'],
    ['/3', 'ArrowLeft', '/2?clicks=3'],
    ['/3', 'PageUp', '/2?clicks=3'],
    ['/3', 'ArrowUp', '/2'],
    ['/3', 'Shift+ArrowLeft', '/2'],
    ['/2?clicks=2', 'ArrowUp', '/1'],
    ['/2?clicks=2', 'Shift+ArrowLeft', '/1'],
    ['/6', 'ArrowDown', '/6'],
    ['/6', 'ArrowRight', '/6'], // the last step of the last slide stays
    ['/1', 'ArrowLeft', '/1'],
  ]
  // One page for the whole table (each move from a fresh load of its address): a browser page per move cost more
  // than the moves.
  test(`each move of the table: ${moves.length} keys from their address`, async ({ page }) => {
    for (const [from, key, to] of moves) {
      await open(page, from)
      await page.keyboard.press(key)
      await expect.poll(() => urlOf(page), { message: `${key} on ${from} → ${to}` }).toBe(to)
    }
  })

  test('d toggles dark mode, f fullscreen, g goto, o and backtick the overview, Escape closes', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await open(page, '/3')
    const html = page.locator('html')
    await expect(html).not.toHaveClass(/dark/)
    await page.keyboard.press('d')
    await expect(html).toHaveClass(/dark/)
    await page.keyboard.press('d')
    await expect(html).not.toHaveClass(/dark/)

    await page.keyboard.press('f')
    await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true)
    await expect(page.getByTestId('nav-fullscreen')).toHaveAttribute('aria-pressed', 'true')
    await page.keyboard.press('f')
    await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(false)

    await page.keyboard.press('g')
    await expect(goto(page)).toBeVisible()
    await expect(gotoInput(page)).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(goto(page)).toHaveCount(0)

    await page.keyboard.press('o')
    await expect(overview(page)).toBeVisible()
    await page.keyboard.press('o')
    await expect(overview(page)).toHaveCount(0)
    await page.keyboard.press('`')
    await expect(overview(page)).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(overview(page)).toHaveCount(0)
    await expect(page).toHaveURL(/\/3$/)
  })

  test("an open dialog keeps its keys: none reaches the slide, and after Escape ↓ moves again", async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await open(page, '/2?clicks=1')
    const help = page.getByTestId('help-dialog')
    await page.keyboard.press('?')
    await expect(help).toBeVisible()
    // (Not Space or Enter: on the dialog's focused close button they press it, as they should.)
    for (const key of ['ArrowRight', 'ArrowDown', 'PageDown', 'Shift+ArrowLeft', 'd', 'o', 'g', 'b']) await page.keyboard.press(key)
    await expect(help).toBeVisible()
    await expect(overview(page)).toHaveCount(0)
    await expect(goto(page)).toHaveCount(0)
    await expect(page.locator('html')).not.toHaveClass(/dark/)
    await expect(page.getByTestId('blackout')).toHaveCount(0)
    expect(urlOf(page)).toBe('/2?clicks=1')
    await page.keyboard.press('Escape')
    await expect(help).toHaveCount(0)
    // The info dialog (opened from the bar, no key of its own) holds the keys too.
    await page.locator('.slidev-nav-bar').hover()
    await page.getByTestId('nav-info').click()
    await expect(page.getByTestId('info-dialog')).toBeVisible()
    for (const key of ['ArrowRight', 'ArrowUp', 'd']) await page.keyboard.press(key)
    await expect(page.locator('html')).not.toHaveClass(/dark/)
    expect(urlOf(page)).toBe('/2?clicks=1')
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('info-dialog')).toHaveCount(0)
    // The goto box's ↓ moves its selection and the overview's ↓ its own; the slide stays.
    await page.keyboard.press('g')
    await expect(gotoInput(page)).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Escape')
    await expect(goto(page)).toHaveCount(0)
    await page.keyboard.press('o')
    await expect(overview(page)).toBeVisible()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Escape')
    await expect(overview(page)).toHaveCount(0)
    expect(urlOf(page)).toBe('/2?clicks=1')
    await page.keyboard.press('ArrowDown')
    await expect.poll(() => urlOf(page)).toBe('/3')
  })

  test('keys are ignored on a focused control, and work again after a mouse click on it', async ({ page }) => {
    await open(page, '/3')
    await page.keyboard.press('Tab')
    await expect(page.locator('.slidev-nav button').first()).toBeFocused()
    await page.keyboard.press('ArrowRight')
    await expect(page).toHaveURL(/\/3$/)
    await page.keyboard.press('Escape')
    await page.locator('.slidev-nav-bar').hover()
    await page.locator('.slidev-nav').getByRole('button', { name: '下一步' }).click()
    await expect(page).toHaveURL(/\/4$/)
    await page.keyboard.press('ArrowRight')
    await expect(page).toHaveURL(/\/5$/)
  })
})

// ---------------------------------------------------------------- navigation bar

test.describe('navigation controls', () => {
  test('hidden until hovered or focused; every control reachable by Tab, labelled, with a tooltip', async ({ page }) => {
    await open(page, '/2')
    const bar = page.locator('.slidev-nav-bar')
    await expect(bar).toHaveCSS('opacity', '0')
    await bar.hover()
    await expect(bar).toHaveCSS('opacity', '1')
    await page.mouse.move(640, 200)
    await expect(bar).toHaveCSS('opacity', '0')

    const reached: string[] = []
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Tab')
      const label = await page.evaluate(() => (document.activeElement?.closest('.slidev-nav') ? document.activeElement.getAttribute('aria-label') : null))
      if (label) reached.push(label)
    }
    await expect(bar).toHaveCSS('opacity', '1')
    for (const label of ['上一步', '下一步', '全屏', '切换深色模式', '缩放：1:1', '幻灯片总览', '跳转到幻灯片', '关于', '演讲者模式']) expect(reached).toContain(label)
    // Each control has an accessible name and a tooltip; the counter shows the position.
    for (const control of await page.locator('.slidev-nav-bar').locator('button, a').all()) {
      expect(await control.getAttribute('aria-label')).toBeTruthy()
      expect(await control.getAttribute('title')).toBeTruthy()
    }
    await expect(page.getByTestId('slide-counter')).toContainText('2 / 6')
    await expect(page.locator('.slidev-progress')).toHaveAttribute('aria-valuenow', '2')
  })

  test('a visible focus ring on the focused control', async ({ page }) => {
    await open(page, '/2')
    await page.keyboard.press('Tab')
    const focused = page.locator('.slidev-nav button').first()
    await expect(focused).toBeFocused()
    await expect(focused).toHaveCSS('outline-style', 'solid')
    expect(parseFloat(await focused.evaluate((el) => getComputedStyle(el).outlineWidth))).toBeGreaterThanOrEqual(2)
  })

  test('prev is disabled on the first step, next on the last; the buttons move', async ({ page }) => {
    await open(page, '/1')
    await expect(page.getByRole('button', { name: '上一步' })).toBeDisabled()
    await open(page, '/6')
    await expect(page.getByRole('button', { name: '下一步' })).toBeDisabled()
    await page.locator('.slidev-nav-bar').hover()
    await page.getByRole('button', { name: '上一步' }).click()
    await expect(page).toHaveURL(/\/5\?clicks=3$/)
  })

  test('download and presenter controls follow the deck’s permissions', async ({ page }) => {
    await open(page, '/1')
    // The fixture deck keeps the default: download off, presenter on.
    await expect(page.getByTestId('nav-download')).toHaveCount(0)
    await expect(page.getByTestId('nav-presenter')).toHaveAttribute('href', '/presenter/1')
    await open(page, '/1?password=s3cret')
    await expect(page.getByTestId('nav-presenter')).toHaveAttribute('href', '/presenter/1?password=s3cret')
  })

  test('scale: Fit or 1:1, remembered across reloads', async ({ page }) => {
    await open(page, '/2')
    const box = page.locator('.slidev-play-stage .slidev-slide-box')
    await expect(box).not.toHaveClass(/is-one-to-one/)
    await page.locator('.slidev-nav-bar').hover()
    await page.getByTestId('nav-scale').click()
    await expect(box).toHaveClass(/is-one-to-one/)
    await expect(page.locator('.slidev-play-stage .slidev-slide-container')).toHaveCSS('width', '980px')
    await expect(page.getByTestId('nav-scale')).toHaveAttribute('aria-pressed', 'true')
    expect(await page.evaluate(() => localStorage.getItem('slidev-scale'))).toBe('1')
    await page.reload()
    await expect(box).toHaveClass(/is-one-to-one/)
    await page.locator('.slidev-nav-bar').hover()
    await page.getByTestId('nav-scale').click()
    await expect(box).not.toHaveClass(/is-one-to-one/)
    expect(await page.evaluate(() => localStorage.getItem('slidev-scale'))).toBe('0')
  })
})

// ---------------------------------------------------------------- overview

test.describe('overview', () => {
  // [typed keys, slide it lands on (null: stays open), digits shown] on the 23-slide viewer deck, opened from slide 4.
  const digitCases: [string[], number | null, string][] = [
    [['5'], 5, ''], // 50 > 23: nothing longer can start with 5
    [['3'], 3, ''],
    [['1'], null, '1'], // 10-19 could follow
    [['1', '5'], 15, ''],
    [['2', '3'], 23, ''], // the last slide is reachable
    [['2', '4'], null, ''], // above the count: reset
    [['2', '4', '6'], 6, ''], // …and the next digit starts afresh
    [['2', 'Enter'], 2, ''], // Enter jumps to the typed number
    [['0', '7'], 7, ''], // a leading 0 is ignored
    [['0'], null, ''],
    [['1', 'x', '9'], 9, ''], // a non-digit clears
    [['1', 'Backspace', 'Enter'], 1, ''], // cleared; Enter opens the selected card (slide 1, selected by typing 1)
  ]
  test('typed digits: each sequence lands where it says, or leaves the overview open with what it shows', async ({ page }) => {
    // One page for every case: each starts at slide 4 with the overview opened afresh (the typed digits start empty).
    await open(page, `${viewerURL}/4`)
    for (const [keys, lands, shown] of digitCases) {
      const named = `typing ${keys.join(' ')}`
      if (urlOf(page) !== '/4') {
        await page.keyboard.press('g')
        await page.locator('#slidev-goto-input').fill('4')
        await page.keyboard.press('Enter')
        await expect.poll(() => urlOf(page), named).toBe('/4')
      }
      await page.keyboard.press('o')
      await expect(overview(page), named).toBeVisible()
      await expect(page.getByTestId('overview-typed'), named).toHaveText('')
      for (const key of keys) await page.keyboard.press(key)
      if (lands === null) {
        await expect(overview(page), named).toBeVisible()
        await expect(page, named).toHaveURL(/\/4$/)
        await expect(page.getByTestId('overview-typed'), named).toHaveText(shown ? `页码 ${shown}` : '')
        await page.keyboard.press('Escape')
        await expect(overview(page), named).toHaveCount(0)
      } else {
        await expect(overview(page), named).toHaveCount(0)
        await expect.poll(() => urlOf(page), named).toBe(`/${lands}`)
      }
    }
  })

  test('typed digits highlight every slide whose number starts with them, and select the slide', async ({ page }) => {
    await open(page, `${viewerURL}/4`)
    await page.keyboard.press('o')
    await page.keyboard.press('1')
    // Only the rows near the viewport are rendered: among them, exactly those starting with 1 are marked.
    const cards = await page.locator('.slidev-overview-card').evaluateAll((all) => all.map((c) => ({ no: c.getAttribute('data-overview-no')!, match: c.classList.contains('is-match') })))
    expect(cards.length).toBeGreaterThan(12)
    for (const card of cards) expect(card.match, `slide ${card.no}`).toBe(card.no.startsWith('1'))
    await expect(page.locator('.slidev-overview-card.is-match mark').first()).toHaveText('1')
    await expect(page.locator('[data-overview-no="1"]')).toHaveAttribute('aria-selected', 'true')
    await expect(page.locator('[data-overview-no="1"]')).toBeFocused()
  })

  test('arrows move the selection, up and down by a row; Enter goes there', async ({ page }) => {
    await open(page, `${viewerURL}/5`)
    await page.keyboard.press('o')
    const selected = () => page.locator('.slidev-overview-card[aria-selected="true"]').getAttribute('data-overview-no')
    await expect.poll(selected).toBe('5')
    await expect(page.locator('[data-overview-no="5"]')).toBeFocused()
    const columns = await page.locator('.slidev-overview-rows').evaluate((g) => getComputedStyle(g).gridTemplateColumns.split(' ').length)
    expect(columns).toBe(3) // 300 px cards in a 1280 px window
    await page.keyboard.press('ArrowRight')
    await expect.poll(selected).toBe('6')
    await page.keyboard.press('ArrowDown')
    await expect.poll(selected).toBe(String(6 + columns))
    await page.keyboard.press('ArrowUp')
    await page.keyboard.press('ArrowUp')
    await expect.poll(selected).toBe(String(6 - columns))
    await page.keyboard.press('ArrowLeft')
    await expect.poll(selected).toBe(String(5 - columns))
    await page.keyboard.press('Enter')
    await expect(overview(page)).toHaveCount(0)
    await expect.poll(() => urlOf(page)).toBe(`/${5 - columns}`)
  })

  test('the close button (top right) closes; a click on a card goes there', async ({ page }) => {
    await open(page, '/2')
    await page.keyboard.press('o')
    const close = page.locator('.slidev-overview-close')
    const box = (await close.boundingBox())!
    expect(box.x).toBeGreaterThan(1280 - 100)
    expect(box.y).toBeLessThan(60)
    await close.click()
    await expect(overview(page)).toHaveCount(0)
    await page.keyboard.press('o')
    await page.locator('[data-overview-no="4"]').click()
    await expect(page).toHaveURL(/\/4$/)
  })

  test('thumbnails are 300 px, narrower below the sm and xs breakpoints, each slide at its last click', async ({ page }) => {
    await open(page, '/2')
    await page.keyboard.press('o')
    const thumb = page.locator('[data-overview-no="2"] .overview-thumb')
    await expect(thumb).toHaveCSS('width', '300px')
    // Slide 2 has three clicks: the thumbnail shows all of them.
    await expect(thumb.locator('li')).toHaveCount(3)
    for (const item of await thumb.locator('li').all()) await expect(item).not.toHaveClass(/slidev-vclick-hidden/)
    await page.setViewportSize({ width: 600, height: 700 })
    await expect(thumb).toHaveCSS('width', `${Math.floor((600 - 58) / 2)}px`)
    await page.setViewportSize({ width: 400, height: 700 })
    await expect(thumb).toHaveCSS('width', '360px')
  })

  test('thumbnails render only near the viewport', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 420 })
    await open(page, `${viewerURL}/1`)
    await page.keyboard.press('o')
    await expect(page.locator('[data-overview-no="1"] .slidev-page[data-loaded="true"]')).toBeVisible()
    const rendered = await page.locator('.overview-thumb .slidev-page').count()
    expect(rendered).toBeLessThan(23)
    await expect(page.locator('[data-overview-no="23"] .slidev-page')).toHaveCount(0)
    await page.keyboard.press('End')
    await expect(page.locator('[data-overview-no="23"] .slidev-page[data-loaded="true"]')).toBeVisible()
  })

  test('focus is trapped inside and returns to the control that opened it', async ({ page }) => {
    await open(page, '/2')
    // Reach the overview button by keyboard and open it with Enter.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab')
      if (await page.getByTestId('nav-overview').evaluate((el) => el === document.activeElement)) break
    }
    await page.keyboard.press('Enter')
    await expect(overview(page)).toBeVisible()
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.slidev-overview')))).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect(overview(page)).toHaveCount(0)
    await expect(page.getByTestId('nav-overview')).toBeFocused()
  })

  test('on the real deck, the last slide’s number typed in the overview goes there', async ({ page }) => {
    await open(page, `${deckURL}/1`)
    const total = await page.locator('.slidev-progress').getAttribute('aria-valuemax')
    await page.keyboard.press('o')
    await expect(overview(page)).toBeVisible()
    for (const digit of String(total)) await page.keyboard.press(digit)
    await expect.poll(() => urlOf(page)).toBe(`/${total}`)
  })
})

// ---------------------------------------------------------------- goto

test.describe('goto', () => {
  test('a number (leading slash stripped) and Enter go there and close', async ({ page }) => {
    await open(page, '/1')
    await page.keyboard.press('g')
    await expect(gotoInput(page)).toBeFocused()
    await page.keyboard.type('/3')
    await expect(page.locator('#slidev-goto-hit-0')).toHaveAttribute('data-slide-no', '3')
    await page.keyboard.press('Enter')
    await expect(goto(page)).toHaveCount(0)
    await expect(page).toHaveURL(/\/3$/)
  })

  test('Enter pressed while the search is still loading goes there once it has loaded', async ({ page }) => {
    let release!: () => void
    const released = new Promise<void>((done) => (release = done))
    await page.route(/\/assets\/search-[\w-]+\.js$/, async (route) => {
      await released
      await route.continue()
    })
    await open(page, '/1')
    await page.keyboard.press('g')
    await page.keyboard.type('3')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/1$/)
    release()
    await expect(page).toHaveURL(/\/3$/)
    await expect(goto(page)).toHaveCount(0)
  })

  test('titles match fuzzily; up and down wrap around; the first result is the default', async ({ page }) => {
    await open(page, '/1')
    await page.keyboard.press('g')
    await page.keyboard.type('第')
    const options = page.locator('#slidev-goto-results [role="option"]')
    await expect(options.first()).toBeVisible()
    // The titles' results come first; those found in the slides' text join them once it has loaded.
    await expect(page.locator('#slidev-goto-results')).not.toHaveAttribute('aria-busy')
    const count = await options.count()
    expect(count).toBeGreaterThanOrEqual(2)
    const selectedNo = () => page.locator('#slidev-goto-results [aria-selected="true"]').getAttribute('data-slide-no')
    const first = await options.nth(0).getAttribute('data-slide-no')
    const last = await options.nth(count - 1).getAttribute('data-slide-no')
    await expect.poll(selectedNo).toBe(first)
    await page.keyboard.press('ArrowUp')
    await expect.poll(selectedNo).toBe(last)
    await page.keyboard.press('ArrowDown')
    await expect.poll(selectedNo).toBe(first)
    await page.keyboard.press('ArrowDown')
    const second = await options.nth(1).getAttribute('data-slide-no')
    await expect.poll(selectedNo).toBe(second)
    await expect(gotoInput(page)).toHaveAttribute('aria-activedescendant', 'slidev-goto-hit-1')
    await page.keyboard.press('Enter')
    await expect.poll(() => urlOf(page)).toBe(`/${second}`)
  })

  test('body text and notes are found below titles, with the matched words shown', async ({ page }) => {
    await open(page, '/1')
    await page.keyboard.press('g')
    await page.keyboard.type('左侧内容')
    const hit = page.locator('#slidev-goto-hit-0')
    await expect(hit).toHaveAttribute('data-slide-no', '3')
    await expect(hit.locator('.slidev-goto-snippet mark')).toHaveText('左侧内容')
    await expect(hit.locator('.slidev-goto-via')).toHaveText('正文')
    await gotoInput(page).fill('第二步的说明')
    await expect(hit).toHaveAttribute('data-slide-no', '2')
    await expect(hit.locator('.slidev-goto-via')).toHaveText('备注')
    await expect(hit.locator('.slidev-goto-snippet mark')).toHaveText('第二步的说明')
  })

  test('text with no match is shown in red and Enter does nothing', async ({ page }) => {
    await open(page, '/2')
    await page.keyboard.press('g')
    await page.keyboard.type('zzzzqqq')
    await expect(gotoInput(page)).toHaveClass(/has-no-match/)
    await expect(gotoInput(page)).toHaveAttribute('aria-invalid', 'true')
    await expect(gotoInput(page)).toHaveCSS('color', 'rgb(198, 40, 40)')
    await expect(page.locator('.slidev-goto-empty')).toHaveText('没有匹配的幻灯片')
    await page.keyboard.press('Enter')
    await expect(goto(page)).toBeVisible()
    await expect(page).toHaveURL(/\/2$/)
  })

  test('Escape and a click outside close it; opening again starts empty; g in the box types a g', async ({ page }) => {
    await open(page, '/2')
    await page.keyboard.press('g')
    await page.keyboard.type('g两')
    await expect(gotoInput(page)).toHaveValue('g两')
    await page.keyboard.press('Escape')
    await expect(goto(page)).toHaveCount(0)
    await page.keyboard.press('g')
    await expect(gotoInput(page)).toHaveValue('')
    await page.mouse.click(640, 600)
    await expect(goto(page)).toHaveCount(0)
    await expect(page).toHaveURL(/\/2$/) // the click that closed it did not also move the deck
  })

  test('a click on a result goes there', async ({ page }) => {
    await open(page, '/1')
    await page.keyboard.press('g')
    await page.keyboard.type('菜单')
    await page.locator('#slidev-goto-results [data-slide-no="4"]').click()
    await expect(page).toHaveURL(/\/4$/)
  })
})

// ---------------------------------------------------------------- info dialog

test.describe('info dialog', () => {
  test('shows the deck’s info and a credit line; traps focus; Escape returns focus', async ({ page }) => {
    await open(page, '/1')
    await page.locator('.slidev-nav-bar').hover()
    await page.getByTestId('nav-info').focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByTestId('info-dialog')
    await expect(dialog).toBeVisible()
    await expect(dialog).toHaveAttribute('aria-modal', 'true')
    await expect(dialog.locator('.slidev-info-body')).toContainText('A small deck for the engine')
    await expect(dialog.locator('.slidev-info-credit')).toContainText('Deck')
    await expect(dialog.locator('.slidev-info-credit')).toContainText('Slidev')
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid="info-dialog"]')))).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(page.getByTestId('nav-info')).toBeFocused()
  })

  test('hostile HTML in the info is removed; a link to a slide moves inside the deck', async ({ page }) => {
    await open(page, `${forcedDarkURL}/1`)
    await page.locator('.slidev-nav-bar').hover()
    await page.getByTestId('nav-info').click()
    const dialog = page.getByTestId('info-dialog')
    await expect(dialog.locator('strong')).toHaveText('forces')
    expect(await dialog.innerHTML()).not.toMatch(/<script|onerror/)
    expect(await page.evaluate(() => (window as unknown as { __infoScriptRan?: boolean }).__infoScriptRan)).toBeUndefined()
    await expect(dialog.locator('.slidev-info-credit')).toContainText('Played by Deck')
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1))
    await dialog.getByRole('link', { name: 'the second slide' }).click()
    await expect(page).toHaveURL(/\/2$/)
    await expect(dialog).toHaveCount(0)
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1)
  })

  test('no info, no button', async ({ page }) => {
    await open(page, `${viewerURL}/1`)
    await expect(page.getByTestId('nav-info')).toHaveCount(0)
  })
})

// ---------------------------------------------------------------- dark mode and preferences

test.describe('dark mode', () => {
  test('the choice survives a reload; choosing the system’s value goes back to auto', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await open(page, '/2')
    await page.keyboard.press('d')
    await expect(page.locator('html')).toHaveClass(/dark/)
    expect(await page.evaluate(() => localStorage.getItem('slidev-color-schema'))).toBe('dark')
    await page.reload()
    await expect(page.locator('html')).toHaveClass(/dark/)
    await expect(page.getByTestId('nav-dark')).toHaveAttribute('aria-pressed', 'true')
    await page.locator('.slidev-page[data-loaded="true"]').first().waitFor()
    await page.keyboard.press('d')
    await expect(page.locator('html')).not.toHaveClass(/dark/)
    expect(await page.evaluate(() => localStorage.getItem('slidev-color-schema'))).toBe('auto')
  })

  test('auto follows the system', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' })
    await open(page, '/2')
    await expect(page.locator('html')).toHaveClass(/dark/)
    await page.emulateMedia({ colorScheme: 'light' })
    await expect(page.locator('html')).not.toHaveClass(/dark/)
  })

  test('no flash: the stored scheme is on <html> before any of the app’s script runs', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await page.addInitScript(() => localStorage.setItem('slidev-color-schema', 'dark'))
    // With the app's JavaScript blocked, only the inline boot script in index.html can have set the scheme.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort())
    await page.goto('/2')
    await expect(page.locator('html')).toHaveClass(/dark/)
    expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toBe('dark')
  })

  test('a scheme forced by the deck cannot be changed', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await page.addInitScript(() => localStorage.setItem('slidev-color-schema', 'light'))
    await open(page, `${forcedDarkURL}/1`)
    await expect(page.locator('html')).toHaveClass(/dark/)
    await page.keyboard.press('d')
    await expect(page.locator('html')).toHaveClass(/dark/)
    expect(await page.evaluate(() => localStorage.getItem('slidev-color-schema'))).toBe('light')
    const button = page.getByTestId('nav-dark')
    await expect(button).toBeDisabled()
    await expect(button).toHaveAttribute('aria-label', 'Colour scheme fixed by the deck')
  })

  test('corrupt or foreign preferences fall back to the defaults without an error', async ({ page }) => {
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.emulateMedia({ colorScheme: 'light' })
    await page.addInitScript(() => {
      const junk: Record<string, string> = {
        'slidev-scale': '{broken',
        'slidev-color-schema': 'purple',
        'slidev-show-overview': 'yes please',
        'slidev-presenter-layout': '"3"',
        'slidev-presenter-font-size': '1e400',
        'slidev-drawing-brush': '{"color": 5, "size": "huge"}',
        'slidev-drawing-enabled': '[]',
      }
      for (const [key, value] of Object.entries(junk)) localStorage.setItem(key, value)
    })
    await open(page, '/2')
    await expect(overview(page)).toHaveCount(0)
    await expect(page.locator('html')).not.toHaveClass(/dark/)
    await expect(page.locator('.slidev-play-stage .slidev-slide-box')).not.toHaveClass(/is-one-to-one/)
    await page.keyboard.press('ArrowRight')
    await expect(page).toHaveURL(/\/2\?clicks=1$/)
    expect(errors).toEqual([])
  })

  test('the overview preference is remembered like Slidev’s', async ({ page }) => {
    await open(page, '/2')
    await page.keyboard.press('o')
    expect(await page.evaluate(() => localStorage.getItem('slidev-show-overview'))).toBe('true')
    await page.reload()
    await expect(overview(page)).toBeVisible()
    await page.keyboard.press('Escape')
    expect(await page.evaluate(() => localStorage.getItem('slidev-show-overview'))).toBe('false')
  })
})

// ---------------------------------------------------------------- custom shortcuts, embedded, language, screen readers

test.describe('custom shortcuts (setup/shortcuts.ts)', () => {
  test('added keys work beside the base ones, without an alert', async ({ page }) => {
    const alerts: string[] = []
    page.on('dialog', (d) => {
      alerts.push(d.message())
      void d.dismiss()
    })
    await open(page, `${viewerURL}/1`)
    await page.keyboard.press('b')
    await expect(page.locator('body')).toHaveClass(/blackout/)
    await page.keyboard.press('b')
    await expect(page.locator('body')).not.toHaveClass(/blackout/)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/2$/)
    await page.keyboard.press('ArrowRight')
    await expect(page).toHaveURL(/\/3$/)
    await page.keyboard.press('Control+e')
    await expect(page).toHaveURL(/\/23$/)
    expect(alerts).toEqual([])
  })

  test('a setup returning none of the base shortcuts alerts (spec.md section 8), and only its keys work', async ({ page }) => {
    const alerts: string[] = []
    page.on('dialog', (d) => {
      alerts.push(d.message())
      void d.dismiss()
    })
    await open(page, `${viewerURL}/1?only-custom`)
    await expect.poll(() => alerts.length).toBe(1)
    expect(alerts[0]).toContain('setup/shortcuts.ts')
    expect(alerts[0]).toContain('README')
    await page.keyboard.press('ArrowRight')
    await expect(page).toHaveURL(/\/1\?only-custom$/)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/2\?only-custom$/)
    await page.keyboard.press('o')
    await page.keyboard.press('Enter')
    expect(alerts).toHaveLength(1) // once per page, not on every re-render
  })

  test('a deck without setup/shortcuts.ts has only the base keys', async ({ page }) => {
    await open(page, '/1')
    await page.keyboard.press('b')
    await expect(page.locator('body')).not.toHaveClass(/blackout/)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/1$/)
  })
})

test.describe('embedded, language, announcements', () => {
  test('?embedded shows no controls; keys still move and the flag stays', async ({ page }) => {
    await open(page, '/2?embedded')
    await expect(page.locator('.slidev-nav')).toHaveCount(0)
    await expect(page.locator('.slidev-progress')).toHaveCount(0)
    await page.keyboard.press('ArrowRight')
    await expect(page).toHaveURL(/\/2\?embedded&clicks=1$/)
    await page.keyboard.press('o')
    await expect(overview(page)).toHaveCount(0) // no panels either, and nothing remembered for later
    await page.keyboard.press('g')
    await expect(goto(page)).toHaveCount(0)
    expect(await page.evaluate(() => localStorage.getItem('slidev-show-overview'))).toBeNull()
  })

  test('labels follow htmlAttrs.lang: Chinese for zh-CN, English otherwise', async ({ page }) => {
    await open(page, '/1')
    await expect(page.locator('.slidev-nav')).toHaveAttribute('aria-label', '幻灯片导航')
    await expect(page.getByTestId('nav-overview')).toHaveAttribute('title', '幻灯片总览 (o)')
    await open(page, `${forcedDarkURL}/1`)
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.locator('.slidev-nav')).toHaveAttribute('aria-label', 'Slide navigation')
    await expect(page.getByTestId('nav-overview')).toHaveAttribute('title', 'Slides overview (o)')
    await page.keyboard.press('g')
    await expect(gotoInput(page)).toHaveAttribute('placeholder', 'Slide number, title or words…')
  })

  test('a live region announces every slide change', async ({ page }) => {
    await open(page, '/1')
    const live = page.getByTestId('slide-announcer')
    await expect(live).toHaveAttribute('aria-live', 'polite')
    await page.keyboard.press('ArrowRight')
    await expect(live).toHaveText('第 2 张，共 6 张：第二张：点击')
    await open(page, `${forcedDarkURL}/1`)
    await page.keyboard.press('ArrowRight')
    await expect(page.getByTestId('slide-announcer')).toHaveText('Slide 2 of 2: Second slide')
  })
})

// ---------------------------------------------------------------- axe

test.describe('accessibility (axe: no serious or critical violation)', () => {
  test('play view', async ({ page }) => {
    await open(page, '/2')
    expect(await seriousViolations(page)).toEqual([])
  })

  test('play view in dark mode', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' })
    await open(page, '/3')
    expect(await seriousViolations(page)).toEqual([])
  })

  test('overview', async ({ page }) => {
    await open(page, '/4')
    await page.keyboard.press('o')
    await expect(page.locator('[data-overview-no="4"] .slidev-page[data-loaded="true"]')).toBeVisible()
    await page.keyboard.press('1')
    expect(await seriousViolations(page)).toEqual([])
  })

  test('goto with results, and with none', async ({ page }) => {
    await open(page, '/2')
    await page.keyboard.press('g')
    await page.keyboard.type('第')
    await expect(page.locator('#slidev-goto-results [role="option"]').first()).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    await gotoInput(page).fill('zzzz')
    await expect(gotoInput(page)).toHaveClass(/has-no-match/)
    expect(await seriousViolations(page)).toEqual([])
  })

  test('info dialog', async ({ page }) => {
    await open(page, '/1')
    await page.locator('.slidev-nav-bar').hover()
    await page.getByTestId('nav-info').click()
    await expect(page.getByTestId('info-dialog')).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
  })

  test('the real deck’s first slide and its overview', async ({ page }) => {
    await open(page, `${deckURL}/1`)
    expect(await seriousViolations(page)).toEqual([])
    await page.keyboard.press('o')
    await expect(overview(page)).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
  })
})
