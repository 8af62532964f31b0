// Presenter mode and sync as people use them: windows that follow the presenter, the presenter view, the password,
// `npm run serve` across devices (separate browser contexts), and the phone clicker.
import { test, expect, type Page, type BrowserContext } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { NOTES_PATH, SERVER_FILES, serverFilesDir } from '../../shared/server-files'
import { startServer } from '../../server/index'
import { DECKS } from './decks'
import { startDevServer } from './dev-server'
import { deckDist, deckHost, specPort } from './servers'
import { flushChannel, heardPatch, recordSentFrames, recordSync, sentPatches } from './sync-probe'

const e2eDir = process.env.E2E_DIR || '.e2e'
// The password fixture deck (`remote: secret`): built and served statically by the global setup; `npm run serve`
// (the relay and the password check under test) is started here.
const passwordDist = deckDist('password')
const staticURL = deckHost('password')
const serveURL = `http://127.0.0.1:${specPort('presenterServe')}`

const mainSlide = (page: Page) => page.locator('[data-testid="presenter-main"] .slidev-stage-slide .slidev-page')
const shown = (page: Page) => page.locator('.slidev-play-stage .slidev-stage-slide:not(.deck-leave) .slidev-page')

/** Opens a path and waits until its slide is rendered (keys pressed before that would go nowhere). */
async function open(page: Page, url: string) {
  await page.goto(url)
  await expect(page.locator('.slidev-page[data-loaded="true"]').first()).toBeVisible()
}

/** Two windows of one browser: BroadcastChannel and storage events connect them. */
async function pair(context: BrowserContext, presenterPath = '/presenter/1', viewerPath = '/1') {
  const viewer = await context.newPage()
  await open(viewer, viewerPath)
  const presenter = await context.newPage()
  await open(presenter, presenterPath)
  await expect(presenter.getByTestId('presenter-view')).toBeVisible()
  return { presenter, viewer }
}

// ---------------------------------------------------------------------------------------------------------------

// One worker runs this file's tests in order: they share the relay's port and restart it between tests.
test.describe.configure({ mode: 'default' })

const startServe = () => startServer({ dir: passwordDist, port: specPort('presenterServe'), host: '127.0.0.1', log: (line) => serveLog.push(line) })

let serve: Awaited<ReturnType<typeof startServer>> | undefined
const serveLog: string[] = []

test.beforeAll(async () => {
  serve = await startServe()
})

test.afterAll(async () => {
  await serve?.close()
})

// ---------------------------------------------------------------------------------------------------------------

test.describe('same-browser sync', () => {
  test('the presenter moves: the audience window follows, URL and clicks', async ({ context }) => {
    const { presenter, viewer } = await pair(context)
    await presenter.keyboard.press('ArrowRight')
    await expect(presenter).toHaveURL(/\/presenter\/2$/)
    await expect(viewer).toHaveURL(/\/2$/)
    await expect(shown(viewer)).toHaveAttribute('data-slidev-no', '2')
    await presenter.keyboard.press('ArrowRight')
    await presenter.keyboard.press('ArrowRight')
    await expect(viewer).toHaveURL(/\/2\?clicks=2$/)
    await expect(viewer.locator('.slidev-page-2 li').nth(1)).not.toHaveClass(/slidev-vclick-hidden/)
    await expect(viewer.locator('.slidev-page-2 li').nth(2)).toHaveClass(/slidev-vclick-hidden/)
    // Back a click, then a jump through goto: the audience follows both.
    await presenter.keyboard.press('ArrowLeft')
    await expect(viewer).toHaveURL(/\/2\?clicks=1$/)
    await presenter.getByTestId('presenter-next').click()
    await expect(viewer).toHaveURL(/\/2\?clicks=2$/)
    // Following is a replace: the audience window's history does not fill up with the presenter's steps.
    expect(await viewer.evaluate(() => history.length)).toBeLessThanOrEqual(2)
  })

  test("an audience window's own moves never move the presenter", async ({ context }) => {
    await recordSync(context)
    const { presenter, viewer } = await pair(context, '/presenter/2?clicks=1', '/2?clicks=1')
    await viewer.keyboard.press('ArrowRight')
    await viewer.keyboard.press('ArrowRight')
    await viewer.keyboard.press('ArrowRight')
    await expect(viewer).toHaveURL(/\/3$/)
    // The presenter has heard (and handled) the audience window's last move.
    await heardPatch(presenter, { viewerPage: 3, viewerClicks: 0 })
    await expect(presenter).toHaveURL(/\/presenter\/2\?clicks=1$/)
    await expect(mainSlide(presenter)).toHaveAttribute('data-slidev-no', '2')
  })

  test('the lastUpdate rule: windows follow only the presenter, and again at its next move', async ({ context }) => {
    await recordSync(context)
    const { presenter, viewer } = await pair(context)
    const other = await context.newPage()
    await open(other, '/1')
    // An audience window moves: nobody follows it.
    await viewer.keyboard.press('ArrowRight')
    await expect(viewer).toHaveURL(/\/2$/)
    // The presenter starts the timer and points: not a move, so the window that wandered off stays where it is.
    await presenter.getByTestId('timer-toggle').click()
    for (const audience of [other, viewer]) await flushChannel(presenter, audience)
    await expect(other).toHaveURL(/\/1$/)
    await expect(presenter).toHaveURL(/\/presenter\/1$/)
    await expect(viewer).toHaveURL(/\/2$/)
    // The presenter's move brings everyone back.
    await presenter.keyboard.press('ArrowRight')
    await expect(other).toHaveURL(/\/2$/)
    await expect(viewer).toHaveURL(/\/2$/)
    await presenter.keyboard.press('ArrowRight')
    await expect(other).toHaveURL(/\/2\?clicks=1$/)
    await expect(viewer).toHaveURL(/\/2\?clicks=1$/)
    // A second presenter window follows the first (and the first the second): two screens, one talk.
    const second = await context.newPage()
    await open(second, '/presenter/2?clicks=1')
    await second.keyboard.press('ArrowRight')
    await expect(presenter).toHaveURL(/\/presenter\/2\?clicks=2$/)
    await expect(viewer).toHaveURL(/\/2\?clicks=2$/)
  })

  test('without BroadcastChannel, storage events carry the page state', async ({ context }) => {
    await recordSync(context)
    await context.addInitScript(() => {
      // @ts-expect-error: a browser without BroadcastChannel
      delete window.BroadcastChannel
    })
    const { presenter, viewer } = await pair(context)
    expect(await viewer.evaluate(() => typeof window.BroadcastChannel)).toBe('undefined')
    await presenter.keyboard.press('ArrowRight')
    await presenter.keyboard.press('ArrowRight')
    await expect(viewer).toHaveURL(/\/2\?clicks=1$/)
    await viewer.keyboard.press('ArrowRight')
    await expect(viewer).toHaveURL(/\/2\?clicks=2$/)
    await heardPatch(presenter, { viewerPage: 2, viewerClicks: 2 }, 'storage')
    await expect(presenter).toHaveURL(/\/presenter\/2\?clicks=1$/)
  })

  test('print pages never sync', async ({ context }) => {
    await recordSync(context)
    const { presenter } = await pair(context)
    const print = await context.newPage()
    await print.goto('/print')
    await expect(print.locator('.slidev-page').first()).toBeVisible()
    await presenter.keyboard.press('ArrowRight')
    await expect(presenter).toHaveURL(/\/presenter\/2$/)
    // The move reached the print page too (its storage event), and changed nothing there.
    await heardPatch(print, { page: 2, clicks: 0 }, 'storage')
    await expect(print).toHaveURL(/\/print$/)
  })

  test("the presenter's cursor shows on audience screens while the toggle is on", async ({ context }) => {
    const { presenter, viewer } = await pair(context)
    const box = (await presenter.getByTestId('presenter-main').locator('.slidev-slide-content').boundingBox())!
    await presenter.mouse.move(box.x + box.width / 2, box.y + box.height / 4)
    await presenter.mouse.move(box.x + box.width / 2 + 2, box.y + box.height / 4)
    const dot = viewer.getByTestId('presenter-cursor')
    await expect(dot).toBeVisible()
    const left = await dot.evaluate((el) => parseFloat((el as HTMLElement).style.left))
    expect(Math.abs(left - 490)).toBeLessThan(10) // the middle of a 980-pixel canvas
    await presenter.getByTestId('presenter-cursor-toggle').click()
    await expect(dot).toHaveCount(0)
    await presenter.getByTestId('presenter-cursor-toggle').click()
    await presenter.mouse.move(box.x + 10, box.y + 10)
    await expect(dot).toBeVisible()
    // Leaving the slide hides it.
    await presenter.mouse.move(1, 1)
    await expect(dot).toHaveCount(0)
  })
})

test.describe('presenter view', () => {
  test('shows the slide at its click, the next step, the notes part of this click, and where the talk is', async ({ page }) => {
    await open(page, '/presenter/2?clicks=1')
    await expect(mainSlide(page)).toHaveAttribute('data-slidev-no', '2')
    await expect(mainSlide(page).locator('li').first()).not.toHaveClass(/slidev-vclick-hidden/)
    await expect(mainSlide(page).locator('li').nth(1)).toHaveClass(/slidev-vclick-hidden/)
    // The next step is the next click of this slide…
    const preview = page.getByTestId('presenter-preview')
    await expect(preview.locator('.slidev-page-2')).toBeVisible()
    await expect(preview.locator('.slidev-page-2 li').nth(1)).not.toHaveClass(/slidev-vclick-hidden/)
    // …and the notes highlight the part after the first [click].
    const notes = page.getByTestId('presenter-notes')
    await expect(notes.locator('.note-segment[data-click="1"]')).toHaveClass(/is-current/)
    await expect(notes.locator('.note-segment[data-click="1"]')).toContainText('第一步的说明')
    await expect(notes.locator('.note-segment[data-click="0"]')).toHaveClass(/is-past/)
    await expect(notes.locator('.note-segment[data-click="2"]')).toHaveClass(/is-future/)
    await expect(page.getByTestId('presenter-counter')).toContainText('2 / 6')
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2')
    // Keys move as in the play view; at the last click the preview is the next slide.
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('Space')
    await expect(page).toHaveURL(/\/presenter\/2\?clicks=3$/)
    await expect(preview.locator('.slidev-page-3')).toBeVisible()
    await page.keyboard.press('ArrowRight')
    await expect(page).toHaveURL(/\/presenter\/3$/)
    // ↑ and ↓ move whole slides, as in Slidev: ↑ lands on slide 2's first step, ↓ skips its three clicks.
    await page.keyboard.press('ArrowUp')
    await expect(page).toHaveURL(/\/presenter\/2$/)
    await page.keyboard.press('ArrowDown')
    await expect(page).toHaveURL(/\/presenter\/3$/)
    await expect(notes).toContainText('本页没有备注')
    // The last step of the deck has nothing after it.
    await open(page, '/presenter/6')
    await expect(preview).toContainText('已是最后一步')
  })

  test('timer starts, pauses, resets; the wall clock shows', async ({ page }) => {
    // The page's clock is Playwright's: the seconds the timer counts are moved on by the test, not waited for.
    await page.clock.install()
    await open(page, '/presenter/1')
    const timer = page.getByTestId('presenter-timer')
    await expect(timer).toHaveText('0:00')
    await expect(page.getByTestId('presenter-clock')).toHaveText(/^\d\d:\d\d$/)
    await page.clock.pauseAt(Date.now() + 60_000)
    await page.getByTestId('timer-toggle').click()
    await page.clock.runFor(1500)
    await expect(timer).toHaveText('0:01')
    await page.getByTestId('timer-toggle').click()
    const paused = await timer.textContent()
    // Paused, the timer stands still while the clock runs on.
    await page.clock.runFor(5000)
    await expect(timer).toHaveText(paused!)
    await expect(timer).toHaveClass(/is-paused/)
    await page.getByTestId('timer-reset').click()
    await expect(timer).toHaveText('0:00')
  })

  test('notes font size steps by 0.1, clamps at 0.5 and 2, and is kept', async ({ page }) => {
    await open(page, '/presenter/2')
    const size = page.getByTestId('font-size')
    await expect(size).toContainText('100%')
    await page.getByTestId('font-larger').click()
    await page.getByTestId('font-larger').click()
    await page.getByTestId('font-larger').click()
    await expect(size).toContainText('130%')
    expect(await page.evaluate(() => localStorage.getItem('slidev-presenter-font-size'))).toBe('1.3')
    const notesSize = () => page.getByTestId('presenter-notes').evaluate((el) => (el as HTMLElement).style.fontSize)
    expect(await notesSize()).toBe('1.3em')
    for (let i = 0; i < 12; i++) if (await page.getByTestId('font-larger').isEnabled()) await page.getByTestId('font-larger').click()
    await expect(size).toContainText('200%')
    await expect(page.getByTestId('font-larger')).toBeDisabled()
    await page.reload()
    await expect(page.getByTestId('font-size')).toContainText('200%')
    for (let i = 0; i < 20; i++) if (await page.getByTestId('font-smaller').isEnabled()) await page.getByTestId('font-smaller').click()
    await expect(size).toContainText('50%')
    await expect(page.getByTestId('font-smaller')).toBeDisabled()
    expect(await page.evaluate(() => localStorage.getItem('slidev-presenter-font-size'))).toBe('0.5')
    // A stored value out of range (edited by hand, another version) falls back to the default.
    await page.evaluate(() => localStorage.setItem('slidev-presenter-font-size', '7'))
    await page.reload()
    await expect(page.getByTestId('font-size')).toContainText('100%')
  })

  test('layout cycles 1 → 2 → 3 (notes) and is kept across reloads', async ({ page }) => {
    await open(page, '/presenter/1')
    const view = page.getByTestId('presenter-view')
    await expect(view).toHaveAttribute('data-layout', '1')
    await page.getByTestId('presenter-layout').click()
    await expect(view).toHaveAttribute('data-layout', '2')
    await page.screenshot({ path: `${e2eDir}/presenter-layout-2.png` })
    await page.reload()
    await expect(page.getByTestId('presenter-view')).toHaveAttribute('data-layout', '2')
    await page.getByTestId('presenter-layout').click()
    await expect(view).toHaveAttribute('data-layout', '3')
    await expect(page.getByTestId('notes-split')).toBeVisible()
    await page.getByTestId('presenter-layout').click()
    await expect(view).toHaveAttribute('data-layout', '1')
    await page.screenshot({ path: `${e2eDir}/presenter-layout-1.png` })
  })

  test('overview and goto work in the presenter view and stay in it', async ({ page }) => {
    await open(page, '/presenter/1')
    await page.keyboard.press('g')
    await page.locator('#slidev-goto-input').fill('3')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/presenter\/3$/)
    await page.keyboard.press('o')
    await expect(page.locator('.slidev-overview')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.locator('.slidev-overview')).toHaveCount(0)
  })

  test('every control is labelled and reachable; axe finds nothing in the view or the clicker', async ({ page }) => {
    await open(page, '/presenter/2?clicks=1')
    const check = async (scope: string) => {
      const axe = await new AxeBuilder({ page }).include(scope).exclude('.slidev-slide-content').analyze()
      expect(axe.violations.map((v) => `${scope} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([])
    }
    await check('[data-testid="presenter-view"]')
    for (const button of await page.locator('.presenter-bar button, .presenter-bar a').all()) {
      expect(await button.getAttribute('aria-label')).toBeTruthy()
      expect(await button.getAttribute('title')).toBeTruthy()
    }
    // Tab reaches the timer first, and Enter on it starts the clock.
    await page.keyboard.press('Tab')
    await expect(page.getByTestId('timer-toggle')).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('timer-toggle')).toHaveAttribute('aria-pressed', 'true')
    await page.setViewportSize({ width: 390, height: 800 })
    await expect(page.getByTestId('phone-clicker')).toBeVisible()
    await check('[data-testid="phone-clicker"]')
  })

  test('the play-mode link keeps the slide and click', async ({ page }) => {
    await open(page, '/presenter/2?clicks=1')
    await page.getByTestId('nav-play').click()
    await expect(page).toHaveURL(/\/2\?clicks=1$/)
    await expect(page.getByTestId('presenter-view')).toHaveCount(0)
  })
})

test.describe('phone clicker', () => {
  test('a narrow /presenter is a clicker with notes and timer that drives the deck', async ({ context }) => {
    const viewer = await context.newPage()
    await open(viewer, '/1')
    const phone = await context.newPage()
    await phone.setViewportSize({ width: 390, height: 800 })
    await phone.goto('/presenter')
    await expect(phone.getByTestId('phone-clicker')).toBeVisible()
    await expect(phone.getByTestId('presenter-view')).toHaveCount(0)
    await expect(phone.getByTestId('presenter-timer')).toBeVisible()
    await phone.getByTestId('clicker-next').click()
    await expect(viewer).toHaveURL(/\/2$/)
    await expect(phone.getByTestId('presenter-notes')).toContainText('开始讲解')
    await phone.getByTestId('clicker-next').click()
    await expect(viewer).toHaveURL(/\/2\?clicks=1$/)
    await expect(phone.getByTestId('presenter-notes').locator('.note-segment.is-current')).toContainText('第一步的说明')
    await phone.getByTestId('clicker-prev').click()
    await expect(viewer).toHaveURL(/\/2$/)
    const button = await phone.getByTestId('clicker-next').boundingBox()
    expect(button!.height).toBeGreaterThan(150)
    await phone.screenshot({ path: `${e2eDir}/phone-clicker.png` })
  })
})

// The password fixture's three notes: a deck with a presenter password keeps them out of everything it serves.
const NOTE_SENTENCES = ['封面的备注。', '第二张的备注。', '点击之后的备注。']

/** Every file under a folder, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]))
}

test.describe('the notes of a deck with a presenter password reach only a presenter', () => {
  test('no served file of the build holds a note (compressed copies included); the server-only folder does', () => {
    const served = filesUnder(passwordDist)
    expect(served.some((f) => f.endsWith('.js'))).toBe(true)
    for (const file of served) {
      const raw = readFileSync(file)
      const text = (file.endsWith('.br') ? brotliDecompressSync(raw) : file.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8')
      for (const sentence of NOTE_SENTENCES) expect(text.includes(sentence), `${file} holds "${sentence}"`).toBe(false)
      expect(text.includes('remote":"secret'), `${file} holds the password`).toBe(false)
    }
    const notes = readFileSync(join(serverFilesDir(passwordDist), SERVER_FILES.notes), 'utf8')
    for (const sentence of NOTE_SENTENCES) expect(notes).toContain(sentence)
  })

  test('the notes endpoint refuses without the password or with a wrong one', async () => {
    for (const query of ['', '?password=nope']) {
      const response = await fetch(`${serveURL}${NOTES_PATH}${query}`)
      expect(response.status).toBe(401)
      const body = await response.text()
      for (const sentence of NOTE_SENTENCES) expect(body).not.toContain(sentence)
    }
  })

  test('the presenter view with the password shows every note, the part of each click too', async ({ page }) => {
    await open(page, `${serveURL}/presenter/1?password=secret`)
    const notes = page.getByTestId('presenter-notes')
    await expect(notes).toContainText(NOTE_SENTENCES[0]!)
    await page.keyboard.press('ArrowRight')
    await expect(page).toHaveURL(/\/presenter\/2\?password=secret$/)
    await expect(notes.locator('.note-segment[data-click="0"]')).toContainText(NOTE_SENTENCES[1]!)
    await expect(notes.locator('.note-segment[data-click="1"]')).toContainText(NOTE_SENTENCES[2]!)
    await page.keyboard.press('ArrowRight')
    await expect(notes.locator('.note-segment[data-click="1"]')).toHaveClass(/is-current/)
    // The handout carries them too.
    await page.goto(`${serveURL}/presenter/print?password=secret`)
    await expect(page.locator('.print-handout-notes').first()).toContainText(NOTE_SENTENCES[0]!)
    await expect(page.locator('.print-handout-page').nth(1)).toContainText(NOTE_SENTENCES[2]!)
  })

  test('on a static host (no server to ask) the presenter view says the notes are withheld', async ({ page }) => {
    await open(page, `${staticURL}/presenter/2?password=secret`)
    await expect(page.getByTestId('presenter-notes').locator('[data-notes="withheld"]')).toBeVisible()
    await expect(page.getByTestId('presenter-notes')).not.toContainText(NOTE_SENTENCES[1]!)
  })
})

test.describe('npm run serve: devices follow the presenter', () => {
  // Each test starts with a relay that has not heard of any talk yet.
  test.beforeEach(async () => {
    await serve?.close()
    serve = await startServe()
  })

  test('the server asks for the password itself and turns a wrong one away', async ({ page }) => {
    const response = await page.goto(`${serveURL}/presenter/2`)
    expect(response!.status()).toBe(401)
    await page.locator('input[name="password"]').fill('nope')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(`${serveURL}/2`)
    const again = await page.goto(`${serveURL}/presenter/2`)
    expect(again!.status()).toBe(401)
    await page.locator('input[name="password"]').fill('secret')
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('presenter-view')).toBeVisible()
    await expect(page.getByTestId('sync-status')).toHaveAttribute('data-state', 'connected')
  })

  test('a device in another browser follows over the relay, cannot drive it, and resyncs after the server restarts', async ({ browser }) => {
    const laptop = await browser.newContext()
    const phone = await browser.newContext()
    const presenter = await laptop.newPage()
    await open(presenter, `${serveURL}/presenter/1?password=secret`)
    await expect(presenter.getByTestId('sync-status')).toHaveAttribute('data-state', 'connected')
    const audience = await phone.newPage()
    const audienceFrames = recordSentFrames(audience)
    await open(audience, `${serveURL}/1`)
    await presenter.keyboard.press('ArrowRight')
    await expect(audience).toHaveURL(`${serveURL}/2`)
    await presenter.keyboard.press('ArrowRight')
    await expect(audience).toHaveURL(`${serveURL}/2?clicks=1`)
    // The audience device moves on its own: the presenter stays (its write is not even sent: it has no password).
    await audience.keyboard.press('ArrowRight')
    await expect(audience).toHaveURL(`${serveURL}/3`)
    await expect(shown(audience)).toHaveAttribute('data-slidev-no', '3')
    expect(sentPatches(audienceFrames)).toEqual([])
    // A late joiner, connecting after that move, lands where the talk is: the relay never took the audience's move.
    const late = await phone.newPage()
    await late.goto(`${serveURL}/1`)
    await expect(late).toHaveURL(`${serveURL}/2?clicks=1`)
    await expect(presenter).toHaveURL(`${serveURL}/presenter/2?password=secret&clicks=1`)
    // The server restarts; the presenter moves while it is down; everyone reconnects and ends where the presenter is.
    await serve!.close()
    await expect(presenter.getByTestId('sync-status')).not.toHaveAttribute('data-state', 'connected')
    await presenter.keyboard.press('ArrowLeft')
    await presenter.keyboard.press('ArrowLeft')
    await expect(presenter).toHaveURL(`${serveURL}/presenter/1?password=secret`)
    serve = await startServe()
    await expect(presenter.getByTestId('sync-status')).toHaveAttribute('data-state', 'connected', { timeout: 15_000 })
    await expect(audience).toHaveURL(`${serveURL}/1`, { timeout: 15_000 })
    await expect(late).toHaveURL(`${serveURL}/1`, { timeout: 15_000 })
    await laptop.close()
    await phone.close()
  })

  test('a phone clicker in its own browser drives the projector', async ({ browser }) => {
    const projector = await browser.newContext()
    const phone = await browser.newContext({ viewport: { width: 390, height: 800 }, hasTouch: true })
    const screen = await projector.newPage()
    await open(screen, `${serveURL}/1`)
    const clicker = await phone.newPage()
    await clicker.goto(`${serveURL}/presenter?password=secret`)
    await expect(clicker.getByTestId('phone-clicker')).toBeVisible()
    await expect(clicker.getByTestId('sync-status')).toHaveAttribute('data-state', 'connected')
    await clicker.getByTestId('clicker-next').tap()
    await expect(screen).toHaveURL(new RegExp(`${serveURL}/2$`))
    await clicker.getByTestId('clicker-next').tap()
    await expect(screen).toHaveURL(`${serveURL}/2?clicks=1`)
    await projector.close()
    await phone.close()
  })
})

test.describe('npm run dev: the same relay over Vite\'s own socket', () => {
  test('a device in another browser follows the presenter through the dev server', async ({ browser }) => {
    test.setTimeout(180_000)
    const vite = await startDevServer(DECKS.password.entry, specPort('presenterDev'))
    const devURL = vite.url
    try {
      const laptop = await browser.newContext()
      const phone = await browser.newContext()
      const presenter = await laptop.newPage()
      await presenter.goto(`${devURL}/presenter/1?password=secret`)
      await expect(presenter.getByTestId('sync-status')).toHaveAttribute('data-state', 'connected', { timeout: 60_000 })
      const audience = await phone.newPage()
      await audience.goto(`${devURL}/1`)
      await expect(audience.locator('.slidev-page[data-loaded="true"]').first()).toBeVisible({ timeout: 60_000 })
      await presenter.keyboard.press('ArrowRight')
      await expect(audience).toHaveURL(`${devURL}/2`, { timeout: 10_000 })
      await presenter.keyboard.press('ArrowRight')
      await expect(audience).toHaveURL(`${devURL}/2?clicks=1`)
      // An audience device's window has no password: the dev relay lets it follow but not drive.
      const stranger = await phone.newPage()
      await stranger.goto(`${devURL}/3`)
      await expect(stranger).toHaveURL(`${devURL}/2?clicks=1`, { timeout: 10_000 })
      await laptop.close()
      await phone.close()
    } finally {
      vite.stop()
    }
  })
})
