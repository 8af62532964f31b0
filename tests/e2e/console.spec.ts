// The presenter's console as a presenter uses it: blackout reaching every screen (same browser and other devices
// through `npm run serve`), the `?` key help, pacing against the planned length (fake clock), the notes layout,
// pairing a phone by QR code, and the widgets' state following the presenter.
// Deck: tests/fixtures/console/ (107 slides, `duration: 10min`, `remote: secret`, widgets, a long note, setup/shortcuts.ts).
import { test, expect, type Page } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startServer } from '../../server/index'
import { deckDist, deckHost, specPort } from './servers'
import { recordSentFrames, sentPatches } from './sync-probe'

const root = resolve(fileURLToPath(import.meta.url), '../../..')
const e2eDir = process.env.E2E_DIR || '.e2e'
// Built and served statically by the global setup; `npm run serve` (the relay under test) is started here.
const consoleDist = deckDist('console')
const serveURL = `http://127.0.0.1:${specPort('consoleServe')}`
const staticURL = deckHost('console')

// One worker runs this file's tests in order: they share the relay's port and restart it between tests.
test.describe.configure({ mode: 'default' })

/** The server's clock: pairing codes expire by it, and a test moves it forward. */
let clockOffset = 0
let serve: Awaited<ReturnType<typeof startServer>> | undefined
const serveLog: string[] = []

const startServe = () => startServer({ dir: consoleDist, port: specPort('consoleServe'), host: '127.0.0.1', log: (line) => serveLog.push(line), now: () => Date.now() + clockOffset })

test.afterAll(async () => {
  await serve?.close()
})

// Each test starts with a relay that has heard of no talk and paired no phone.
test.beforeEach(async () => {
  clockOffset = 0
  await serve?.close()
  serve = await startServe()
})

/** Opens a path and waits until its slide is rendered (keys pressed before that would go nowhere). */
async function open(page: Page, url: string) {
  await page.goto(url)
  await expect(page.locator('.slidev-page[data-loaded="true"]').first()).toBeVisible()
}

async function openPresenter(page: Page, url: string) {
  await open(page, url)
  await expect(page.getByTestId('presenter-view')).toBeVisible()
  await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'connected')
}

const blackout = (page: Page) => page.getByTestId('blackout')

test.describe('blackout', () => {
  test('b, w and . from the presenter reach an audience window and another browser through npm run serve; the same key or a navigation key brings the slide back', async ({ browser }) => {
    const laptop = await browser.newContext()
    const projector = await browser.newContext()
    const presenter = await laptop.newPage()
    await openPresenter(presenter, `${serveURL}/presenter/5?password=secret`)
    const window2 = await laptop.newPage()
    await open(window2, `${serveURL}/5`)
    const screen = await projector.newPage()
    await open(screen, `${serveURL}/1`)
    await expect(screen).toHaveURL(`${serveURL}/5`)
    await presenter.bringToFront()

    await presenter.keyboard.press('b')
    for (const audience of [window2, screen]) await expect(blackout(audience)).toHaveAttribute('data-blackout', 'black')
    await expect(blackout(screen)).toHaveCSS('background-color', 'rgb(0, 0, 0)')
    // The presenter sees that the room sees black, and keeps its own slide.
    await expect(presenter.getByTestId('presenter-blackout')).toHaveText('观众屏幕已黑屏')
    await expect(presenter.getByTestId('blackout-toggle')).toHaveAttribute('aria-pressed', 'true')
    await expect(blackout(presenter)).toHaveCount(0)

    await presenter.keyboard.press('b')
    for (const audience of [window2, screen]) await expect(blackout(audience)).toHaveCount(0)
    await expect(presenter.getByTestId('presenter-blackout')).toHaveCount(0)

    await presenter.keyboard.press('w')
    for (const audience of [window2, screen]) await expect(blackout(audience)).toHaveAttribute('data-blackout', 'white')
    await expect(blackout(screen)).toHaveCSS('background-color', 'rgb(255, 255, 255)')
    await expect(presenter.getByTestId('presenter-blackout')).toHaveText('观众屏幕已白屏')
    // A navigation key brings the slide back without moving on: the room sees the slide it left.
    await presenter.keyboard.press('ArrowRight')
    for (const audience of [window2, screen]) await expect(blackout(audience)).toHaveCount(0)
    await expect(presenter).toHaveURL(`${serveURL}/presenter/5?password=secret`)
    await expect(screen).toHaveURL(`${serveURL}/5`)
    // The next one moves again.
    await presenter.keyboard.press('ArrowRight')
    await expect(screen).toHaveURL(`${serveURL}/6`)

    await presenter.keyboard.press('.')
    await expect(blackout(screen)).toHaveAttribute('data-blackout', 'black')
    // A device that joins now is black too.
    const late = await projector.newPage()
    await open(late, `${serveURL}/1`)
    await expect(blackout(late)).toHaveAttribute('data-blackout', 'black')
    await presenter.getByTestId('blackout-toggle').click()
    await expect(blackout(screen)).toHaveCount(0)
    await expect(blackout(late)).toHaveCount(0)
    await laptop.close()
    await projector.close()
  })
})

test.describe('key help', () => {
  test("? lists the view's keys, the panels' and the deck's own shortcut in Chinese; Escape closes it", async ({ page }) => {
    await open(page, `${serveURL}/3`)
    const dialog = page.getByTestId('help-dialog')
    await page.keyboard.press('?')
    await expect(dialog).toBeVisible()
    await expect(dialog).toHaveAttribute('role', 'dialog')
    await expect(dialog.getByRole('heading', { name: '快捷键', exact: true })).toBeVisible()
    const deck = dialog.locator('[data-section="deck"]')
    await expect(deck.getByRole('heading')).toHaveText('本演示文稿自定义的快捷键')
    await expect(deck.locator('tr')).toContainText(['跳到最后一张（本演示文稿自定义）'])
    await expect(deck.locator('kbd')).toHaveText(['Shift + L'])
    const view = dialog.locator('[data-section="view"]')
    await expect(view.getByRole('heading')).toHaveText('播放')
    await expect(view).toContainText('观众屏幕黑屏')
    await expect(view).toContainText('切换深色模式')
    for (const section of ['overview', 'goto', 'drawing']) await expect(dialog.locator(`[data-section="${section}"] tr`).first()).toBeVisible()
    const axe = await new AxeBuilder({ page }).include('[data-testid="help-dialog"]').analyze()
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
    // Keys belong to the dialog while it is open: → does not turn the slide.
    await page.keyboard.press('ArrowRight')
    await expect(page).toHaveURL(`${serveURL}/3`)
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    // Dark scheme: readable and axe-clean too.
    await page.keyboard.press('d')
    await expect(page.locator('html')).toHaveClass(/dark/)
    await page.keyboard.press('?')
    await expect(dialog).toBeVisible()
    const dark = await new AxeBuilder({ page }).include('[data-testid="help-dialog"]').analyze()
    expect(dark.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    // The deck's key really does what the help says.
    await page.keyboard.press('Shift+L')
    await expect(page).toHaveURL(`${serveURL}/107`)
    // The bar's ? button opens it too (for pointer and keyboard users who do not know the key).
    await page.getByTestId('nav-help').focus()
    await page.keyboard.press('Enter')
    await expect(dialog).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(page.getByTestId('nav-help')).toBeFocused()
  })

  test('the presenter view has its own help, opened by ? or its button', async ({ page }) => {
    await openPresenter(page, `${serveURL}/presenter/1?password=secret`)
    await page.keyboard.press('?')
    const dialog = page.getByTestId('help-dialog')
    await expect(dialog.locator('[data-section="view"] h3')).toHaveText('演讲者视图')
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await page.getByTestId('nav-help').click()
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: '关闭' }).click()
    await expect(dialog).toHaveCount(0)
  })
})

test.describe('pacing', () => {
  test('duration: 10min: at slide 20 of 107 the bar says ahead early on, amber then red as time runs out', async ({ page }) => {
    await page.clock.install({ time: new Date('2026-03-02T09:00:00') })
    await openPresenter(page, `${serveURL}/presenter/20?password=secret`)
    // The page's clock stands still from here: only fastForward moves it.
    await page.clock.pauseAt(new Date('2026-03-02T09:01:00'))
    const pacing = page.getByTestId('pacing')
    await expect(pacing).toHaveText('计划时长 10:00')
    await page.getByTestId('timer-toggle').click()
    // The plan: slide 4 asks for 2 minutes, the other 106 slides share the other 8 (4.5 s each), so slide 20 is
    // planned from 3:21.5 to 3:26. One minute in, the talk is well ahead.
    await page.clock.fastForward('01:00')
    await expect(pacing).toHaveAttribute('data-state', 'ahead')
    await expect(pacing).toHaveAttribute('data-level', 'ok')
    await expect(page.getByTestId('pacing-remaining')).toHaveText('剩余 9:00')
    await expect(page.getByTestId('pacing-where')).toHaveText('提前 2:21')
    // Half a minute past slide 20's share: running late, amber.
    await page.clock.fastForward('02:56')
    await expect(pacing).toHaveAttribute('data-state', 'behind')
    await expect(pacing).toHaveAttribute('data-level', 'late')
    await expect(page.getByTestId('pacing-where')).toHaveText(/^落后 0:(29|30)$/)
    await expect(pacing).toHaveCSS('background-color', 'rgb(255, 179, 71)')
    // Half the time gone and still at slide 20: far behind, red.
    await page.clock.fastForward('01:04')
    await expect(page.getByTestId('pacing-remaining')).toHaveText('剩余 5:00')
    await expect(pacing).toHaveAttribute('data-level', 'very-late')
    await expect(pacing).toHaveCSS('background-color', 'rgb(201, 48, 44)')
    // Moving on to where the plan is at 5 minutes (slide 41) puts the talk back on time.
    await page.getByTestId('nav-goto').click()
    await page.keyboard.type('41')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/presenter\/41/)
    await expect(pacing).toHaveAttribute('data-state', 'on-time')
    await expect(page.getByTestId('pacing-where')).toHaveText('进度正常')
    await page.screenshot({ path: resolve(root, e2eDir, 'console-pacing.png') })
  })

  test('the timer start reaches audience screens (pacing start is shared)', async ({ browser }) => {
    const laptop = await browser.newContext()
    const phone = await browser.newContext({ viewport: { width: 390, height: 800 } })
    const presenter = await laptop.newPage()
    await openPresenter(presenter, `${serveURL}/presenter/1?password=secret`)
    const clicker = await phone.newPage()
    await clicker.goto(`${serveURL}/presenter/1?password=secret`)
    await expect(clicker.getByTestId('phone-clicker')).toBeVisible()
    await presenter.getByTestId('timer-toggle').click()
    await expect(clicker.getByTestId('timer-toggle')).toHaveAttribute('aria-pressed', 'true')
    await expect(clicker.getByTestId('pacing')).toHaveAttribute('data-state', /ahead|on-time/)
    await laptop.close()
    await phone.close()
  })

  test('without duration there is no pacing and the timer works as before', async ({ page }) => {
    await open(page, '/presenter/1')
    await expect(page.getByTestId('presenter-timer')).toBeVisible()
    await expect(page.getByTestId('pacing')).toHaveCount(0)
  })
})

test.describe('notes layout', () => {
  test('a third layout puts the notes large; the split drags, keeps across reloads, and the notes follow the click', async ({ page }) => {
    await openPresenter(page, `${serveURL}/presenter/4?password=secret`)
    const view = page.getByTestId('presenter-view')
    const layout = page.getByTestId('presenter-layout')
    for (const expected of ['2', '3']) {
      await layout.click()
      await expect(view).toHaveAttribute('data-layout', expected)
    }
    const notes = page.locator('.presenter-notes')
    const main = page.locator('.presenter-main')
    const notesBox = (await notes.boundingBox())!
    const mainBox = (await main.boundingBox())!
    expect(notesBox.width).toBeGreaterThan(mainBox.width * 1.5)
    // Drag the split to the middle of the screen: the slides' column grows.
    const split = page.getByTestId('notes-split')
    const splitBox = (await split.boundingBox())!
    await page.mouse.move(splitBox.x + splitBox.width / 2, splitBox.y + splitBox.height / 2)
    await page.mouse.down()
    await page.mouse.move(640, splitBox.y + 100, { steps: 5 })
    await page.mouse.up()
    const wider = (await main.boundingBox())!.width
    expect(wider).toBeGreaterThan(mainBox.width + 150)
    const value = Number(await split.getAttribute('aria-valuenow'))
    expect(value).toBeGreaterThan(40)
    // The keyboard moves it too, without turning the slide.
    await split.focus()
    await page.keyboard.press('ArrowLeft')
    await expect(split).toHaveAttribute('aria-valuenow', String(value - 2))
    await expect(page).toHaveURL(`${serveURL}/presenter/4?password=secret`)
    await page.reload()
    await expect(view).toHaveAttribute('data-layout', '3')
    await expect(page.getByTestId('notes-split')).toHaveAttribute('aria-valuenow', String(value - 2))
    // The long note scrolls to the part of the current click.
    const body = page.getByTestId('presenter-notes')
    await page.locator('body').click({ position: { x: 5, y: 700 } })
    for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowRight')
    await expect(page).toHaveURL(/clicks=2/)
    const current = page.locator('.note-segment.is-current')
    await expect(current).toContainText('第二点')
    await expect
      .poll(async () => {
        const [b, c] = [(await body.boundingBox())!, (await current.boundingBox())!]
        return c.y >= b.y - 1 && c.y < b.y + b.height / 3
      })
      .toBe(true)
    await page.screenshot({ path: resolve(root, e2eDir, 'console-notes-layout.png') })
  })
})

test.describe('pairing a phone by QR code (npm run serve)', () => {
  test('the code drives the deck once, is refused a second time and after 10 minutes, and a revoked phone stops driving', async ({ browser }) => {
    const laptop = await browser.newContext()
    const projector = await browser.newContext()
    const presenter = await laptop.newPage()
    await openPresenter(presenter, `${serveURL}/presenter/1?password=secret`)
    const screen = await projector.newPage()
    await open(screen, `${serveURL}/1`)

    await presenter.getByTestId('pair-open').click()
    const dialog = presenter.getByTestId('pair-dialog')
    await expect(dialog).toHaveAttribute('data-mode', 'pair')
    await expect(dialog.getByTestId('pair-qr').locator('svg')).toBeVisible()
    const url = (await dialog.getByTestId('pair-url').textContent())!
    expect(url).toMatch(new RegExp(`^${serveURL}/presenter\\?pair=[\\w-]+$`))
    await expect(dialog.getByTestId('pair-expiry')).toHaveText(/^(10:00|9:5\d) 后失效$/)
    // Bound to 127.0.0.1, phones cannot reach it: the dialog says so.
    await expect(dialog.getByTestId('pair-note')).toContainText('--host 0.0.0.0')
    await presenter.screenshot({ path: resolve(root, e2eDir, 'console-pair.png') })

    // The phone scans: no password typed, it is the clicker and drives the projector.
    const phone = await browser.newContext({ viewport: { width: 390, height: 800 }, hasTouch: true, userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/605.1' })
    const clicker = await phone.newPage()
    const clickerFrames = recordSentFrames(clicker)
    await clicker.goto(url)
    await expect(clicker).toHaveURL(/\/presenter(\/1)?$/)
    await expect(clicker.getByTestId('phone-clicker')).toBeVisible()
    await expect(clicker.getByTestId('presenter-notes')).toContainText('封面的备注')
    await expect(clicker.getByTestId('sync-status')).toHaveAttribute('data-state', 'connected')
    await clicker.getByTestId('clicker-next').tap()
    await expect(screen).toHaveURL(`${serveURL}/2`)
    await expect(dialog.getByTestId('paired-devices').locator('li')).toHaveCount(1)
    await expect(dialog.getByTestId('paired-devices')).toContainText('iPhone · Safari')

    // The same code a second time: refused, and that browser gets neither the notes nor the right to drive.
    const other = await browser.newContext()
    const second = await other.newPage()
    const refused = await second.goto(url)
    expect(refused!.status()).toBe(403)
    await expect(second.locator('[data-reason]')).toHaveAttribute('data-reason', 'used')
    expect(await second.content()).not.toContain('封面的备注')
    const again = await second.goto(`${serveURL}/presenter/1`)
    expect(again!.status()).toBe(401)

    // A new code, left unused for more than 10 minutes (the server's clock moves on): refused as expired.
    await dialog.getByTestId('pair-new').click()
    await expect(dialog.getByTestId('pair-url')).not.toHaveText(url)
    const fresh = (await dialog.getByTestId('pair-url').textContent())!
    clockOffset = 10 * 60_000 + 1000
    const late = await second.goto(fresh)
    expect(late!.status()).toBe(403)
    await expect(second.locator('[data-reason]')).toHaveAttribute('data-reason', 'expired')

    // Revoked: the phone may only follow; its taps move itself, never the projector; a reload asks for the password.
    await dialog.getByTestId('pair-revoke').click()
    await expect(dialog.getByText('还没有配对的设备。')).toBeVisible()
    await expect(clicker.getByTestId('sync-status')).toHaveAttribute('data-state', 'read-only')
    const sentBefore = sentPatches(clickerFrames).length
    expect(sentBefore).toBeGreaterThan(0)
    await clicker.getByTestId('clicker-next').tap()
    await expect(clicker.getByTestId('presenter-counter')).toContainText('3 / 107')
    // The revoked phone did not even send its move (a refused write would not reach the projector either).
    expect(sentPatches(clickerFrames).length).toBe(sentBefore)
    await expect(screen).toHaveURL(`${serveURL}/2`)
    const reload = await clicker.goto(`${serveURL}/presenter/2`)
    expect(reload!.status()).toBe(401)
    expect(serveLog.some((line) => /revoked device d[0-9a-f]+/.test(line))).toBe(true)
    for (const context of [laptop, projector, phone, other]) await context.close()
  })

  test('on a static host the code opens the audience view, and the dialog says why', async ({ page }) => {
    await open(page, `${staticURL}/presenter/3?password=secret`)
    await page.getByTestId('pair-open').click()
    const dialog = page.getByTestId('pair-dialog')
    await expect(dialog).toHaveAttribute('data-mode', 'static')
    await expect(dialog.getByTestId('pair-url')).toHaveText(`${staticURL}/3`)
    await expect(dialog.getByTestId('pair-qr').locator('svg')).toBeVisible()
    await expect(dialog.getByTestId('pair-note')).toContainText('npm run serve')
    const axe = await new AxeBuilder({ page }).include('[data-testid="pair-dialog"]').analyze()
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
  })
})

test.describe('widgets follow the presenter', () => {
  test("the presenter's reserve-ratio slider and multiplier inputs move on audience screens (same browser and another device)", async ({ browser }) => {
    const laptop = await browser.newContext()
    const projector = await browser.newContext()
    const presenter = await laptop.newPage()
    await openPresenter(presenter, `${serveURL}/presenter/2?password=secret`)
    const window2 = await laptop.newPage()
    await open(window2, `${serveURL}/2`)
    const screen = await projector.newPage()
    await open(screen, `${serveURL}/2`)
    const slider = (page: Page) => page.locator('.slidev-stage-slide:not(.deck-leave) .money-widget input[type="range"]').first()
    await presenter.bringToFront()
    await slider(presenter).fill('25')
    await presenter.locator('[data-testid="presenter-main"] .money-widget button', { hasText: '再存贷一轮' }).click()
    for (const audience of [window2, screen]) {
      await expect(slider(audience)).toHaveValue('25')
      await expect(audience.locator('.slidev-stage-slide:not(.deck-leave) .money-widget label').first()).toHaveText('准备金率 25%')
      await expect(audience.locator('.slidev-stage-slide:not(.deck-leave) .money-widget-result')).toContainText('第 1 轮之后')
    }
    // An audience screen's own change stays on that screen.
    await slider(screen).fill('40')
    await expect(slider(presenter)).toHaveValue('25')
    await expect(slider(window2)).toHaveValue('25')

    // Focus is on the widget's button, where keys belong to it: the bar's button moves on.
    await presenter.getByTestId('presenter-next').click()
    await expect(screen).toHaveURL(`${serveURL}/3`)
    const rSlider = (page: Page) => page.locator('.slidev-stage-slide:not(.deck-leave) .money-widget input[type="range"]').nth(1)
    await rSlider(presenter).fill('20')
    for (const audience of [window2, screen]) {
      await expect(rSlider(audience)).toHaveValue('20')
      await expect(audience.locator('.slidev-stage-slide:not(.deck-leave) .money-widget-result')).toContainText('理论上限 1/r = 5')
    }
    // A screen that joins later shows the presenter's values.
    const late = await projector.newPage()
    await open(late, `${serveURL}/3`)
    await expect(rSlider(late)).toHaveValue('20')
    await laptop.close()
    await projector.close()
  })
})
