// Recording the talk as a presenter does it, with Chromium's fake camera, microphone and screen: the camera view
// over the slides (moved, resized, remembered), a recording downloaded as a playable file, refused permission,
// and the places the camera never shows (print) or the controls never exist (a deck with recording off).
import { test, expect, chromium, type Browser, type Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { deckHost, fixtureURL } from './servers'

// tests/fixtures/recording.md (`record: true`), built and served statically by the global setup.
const base = deckHost('recording')
const FAKE_MEDIA = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--auto-select-desktop-capture-source=Entire screen']

// One worker runs this file's tests in order, with one browser of fake devices (recording keeps a core busy).
test.describe.configure({ mode: 'default' })

let media: Browser | undefined

// eslint-disable-next-line no-empty-pattern -- Playwright hooks take their fixtures first; this one needs none
test.beforeAll(async ({}, testInfo) => {
  // The project's own browser (whichever Chromium it found), with fake devices that grant themselves.
  const launch = testInfo.project.use.launchOptions ?? {}
  media = await chromium.launch({ ...launch, args: [...(launch.args ?? []), ...FAKE_MEDIA] })
})

test.afterAll(async () => {
  await media?.close()
})

async function openDeck(path = '/1'): Promise<Page> {
  const context = await media!.newContext({ viewport: { width: 1280, height: 720 }, acceptDownloads: true })
  const page = await context.newPage()
  await page.goto(base + path)
  await expect(page.locator('.slidev-page-1, .slidev-page-2, .slidev-page-3').first()).toBeVisible()
  return page
}

/** How long a recorded file plays, read by the browser itself (MediaRecorder's WebM carries no duration header). */
async function playedSeconds(page: Page, bytes: Buffer, type: string): Promise<number> {
  return page.evaluate(
    async ({ data, type }) => {
      const blob = new Blob([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], { type })
      const video = document.createElement('video')
      video.muted = true
      video.src = URL.createObjectURL(blob)
      await new Promise((done, fail) => {
        video.onloadedmetadata = done
        video.onerror = () => fail(new Error('the recording does not play'))
      })
      if (Number.isFinite(video.duration)) return video.duration
      // Seeking past the end makes the browser read the whole file and learn its real length.
      const known = new Promise<number>((done) => (video.ondurationchange = () => Number.isFinite(video.duration) && done(video.duration)))
      video.currentTime = 1e7
      return known
    },
    { data: bytes.toString('base64'), type },
  )
}

test('the camera view appears over the slide, moves and resizes, and keeps its place across a reload', async () => {
  const page = await openDeck('/1')
  await page.getByTestId('nav-camera').click()
  const view = page.getByTestId('camera-view')
  await expect(view).toBeVisible()
  // The fake camera's picture plays inside the frame.
  await expect.poll(() => view.locator('video').evaluate((v: HTMLVideoElement) => v.readyState >= 2 && v.videoWidth > 0)).toBe(true)
  const before = (await view.boundingBox())!
  // Dragged by its picture …
  await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2)
  await page.mouse.down()
  await page.mouse.move(before.x + before.width / 2 - 300, before.y + before.height / 2 - 200, { steps: 5 })
  await page.mouse.up()
  const moved = (await view.boundingBox())!
  expect(moved.x).toBeLessThan(before.x - 250)
  expect(moved.y).toBeLessThan(before.y - 150)
  // … resized and reshaped by keyboard from its own controls (the slide does not turn meanwhile).
  await page.getByTestId('camera-resize').focus()
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight')
  await expect.poll(async () => (await view.boundingBox())!.width).toBeGreaterThan(before.width + 50)
  await page.getByTestId('camera-shape').click()
  await expect(view).toHaveClass(/is-rect/)
  expect(page.url()).toBe(base + '/1')
  const placed = (await view.boundingBox())!
  await page.reload()
  await page.getByTestId('nav-camera').click()
  await expect(view).toHaveClass(/is-rect/)
  const again = (await view.boundingBox())!
  expect(Math.abs(again.x - placed.x)).toBeLessThan(2)
  expect(Math.abs(again.y - placed.y)).toBeLessThan(2)
  expect(Math.abs(again.width - placed.width)).toBeLessThan(2)
  // Hidden again from the bar; navigation still works.
  await page.getByTestId('nav-camera').click()
  await expect(view).toHaveCount(0)
  await page.keyboard.press('ArrowRight')
  await expect(page).toHaveURL(/\/1\?clicks=1$|\/2/)
  await page.context().close()
})

test('a 3-second recording gives a slides file and a camera file that play for about 3 s', async () => {
  const page = await openDeck('/1')
  await page.getByTestId('nav-record').click()
  const dialog = page.getByTestId('record-dialog')
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('heading')).toHaveText('录制演讲')
  await dialog.getByTestId('record-start').click()
  await expect(dialog.getByTestId('record-status')).toHaveAttribute('data-status', 'recording')
  const started = Date.now()
  // The timer runs, in the dialog and beside the bar's button once the dialog is closed (recording goes on).
  await expect(dialog.getByTestId('record-time')).toHaveText(/00:0[1-9]/)
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(page.getByTestId('record-clock')).toHaveText(/00:0\d/)
  // The talk goes on while recording. Chromium is encoding the whole (fake) screen and the camera meanwhile: on a
  // loaded two-core CI machine the move came after the default 5 s twice; the slide must still move.
  await page.keyboard.press('ArrowRight')
  await expect(page).toHaveURL(/\/2$/, { timeout: 20_000 })
  await expect.poll(() => Date.now() - started, { timeout: 10_000 }).toBeGreaterThanOrEqual(3000)
  await page.getByTestId('nav-record').click()
  await dialog.getByTestId('record-stop').click()
  for (const kind of ['slides', 'camera'] as const) {
    const link = dialog.getByTestId(`record-file-${kind}`)
    await expect(link).toHaveText(new RegExp(`^录制测试-\\d{4}-\\d{2}-\\d{2}-\\d{4}-${kind}\\.webm$`))
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
    const bytes = readFileSync((await download.path())!)
    expect(bytes.length).toBeGreaterThan(1000)
    const seconds = await playedSeconds(page, bytes, 'video/webm')
    expect(seconds).toBeGreaterThan(2.2)
    expect(seconds).toBeLessThan(6)
  }
  await page.context().close()
})

test('a refused permission says so in Chinese and leaves the talk working', async () => {
  const page = await openDeck('/1')
  // The browser answers "not allowed", as when the presenter clicks "Block" on its prompt.
  await page.evaluate(() => {
    const refuse = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))
    navigator.mediaDevices.getUserMedia = refuse
    navigator.mediaDevices.getDisplayMedia = refuse
  })
  await page.getByTestId('nav-record').click()
  const dialog = page.getByTestId('record-dialog')
  await dialog.getByTestId('record-start').click()
  await expect(dialog.getByTestId('record-problem')).toHaveAttribute('data-problem', 'denied')
  await expect(dialog.getByTestId('record-problem')).toContainText('权限')
  await expect(dialog.getByTestId('record-status')).toHaveAttribute('data-status', 'idle')
  await page.keyboard.press('Escape')
  // The camera view shows the same refusal inside its frame, and the slides still turn.
  await page.getByTestId('nav-camera').click()
  await expect(page.getByTestId('camera-view').getByRole('alert')).toContainText('权限')
  await page.keyboard.press('ArrowRight')
  await expect(page).toHaveURL(/\/2$/)
  await page.context().close()
})

test('a browser without MediaRecorder gets a clear message, not a broken recorder', async () => {
  const context = await media!.newContext()
  await context.addInitScript(() => {
    // @ts-expect-error: the browser this test pretends to be has no MediaRecorder
    delete window.MediaRecorder
  })
  const page = await context.newPage()
  await page.goto(base + '/1')
  await page.getByTestId('nav-record').click()
  await page.getByTestId('record-start').click()
  await expect(page.getByTestId('record-problem')).toHaveAttribute('data-problem', 'unsupported')
  await context.close()
})

test('the camera view never shows in print, and a build with recording off has no controls', async ({ page }) => {
  const recorder = await openDeck('/1')
  await recorder.getByTestId('nav-camera').click()
  await expect(recorder.getByTestId('camera-view')).toBeVisible()
  await recorder.emulateMedia({ media: 'print' })
  await expect(recorder.getByTestId('camera-view')).toBeHidden()
  await recorder.goto(base + '/print')
  await expect(recorder.locator('.print-slide-container').first()).toBeVisible()
  await expect(recorder.getByTestId('camera-view')).toHaveCount(0)
  await recorder.context().close()
  // The fixture deck leaves `record` at its default ('dev'): a static build shows neither control.
  await page.goto(fixtureURL + '/1')
  await expect(page.locator('.slidev-nav')).toBeAttached()
  await expect(page.getByTestId('nav-camera')).toHaveCount(0)
  await expect(page.getByTestId('nav-record')).toHaveCount(0)
})

test('the presenter view has the same controls', async () => {
  const page = await openDeck('/presenter/1')
  await expect(page.getByTestId('presenter-view')).toBeVisible()
  await page.getByTestId('nav-camera').click()
  await expect(page.getByTestId('camera-view')).toBeVisible()
  await page.context().close()
})
