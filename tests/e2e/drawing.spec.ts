// Drawing on slides as a presenter and an audience use it: tools, keys, undo, sync between windows, the
// presenterOnly and syncAll rules, persistence (static build and dev server), overview thumbnails and print.
import { test, expect, type Page, type BrowserContext } from '@playwright/test'
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { DECKS, deckDist, deckHost, root, specPort } from './decks'
import { startDevServer } from './dev-server'
import { drawingsSent, flushChannel, recordSync } from './sync-probe'

// The fixture decks, built and served statically by the global setup.
const decks = { basic: 'drawingBasic', presenter: 'drawingPresenter', persist: 'drawingPersist' } as const
const url = (deck: keyof typeof decks, path: string) => `${deckHost(decks[deck])}${path}`

const CANVAS = { width: 980, height: 552 }

// ---------- helpers ----------

// The toolbar starts in the top right corner here (unless a test stores its own place), clear of the strokes drawn.
test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => {
    const key = 'slidev-drawing-toolbar-position'
    if (!localStorage.getItem(key)) localStorage.setItem(key, JSON.stringify({ x: 100000, y: 0 }))
  })
})

async function open(page: Page, address: string) {
  await page.goto(address)
  await expect(page.locator('.slidev-page[data-loaded="true"]').first()).toBeVisible()
}

async function reload(page: Page) {
  await page.reload()
  await expect(page.locator('.slidev-page[data-loaded="true"]').first()).toBeVisible()
}

const layer = (page: Page) => page.locator('[data-testid="drawing-layer"]')
const toolbar = (page: Page) => page.locator('[data-testid="drawing-toolbar"]')
const toggle = (page: Page) => page.locator('[data-testid="drawing-toggle"]')

async function startDrawing(page: Page) {
  await toggle(page).click()
  await expect(toggle(page)).toHaveAttribute('aria-pressed', 'true')
  await expect(toolbar(page)).toBeVisible()
  await expect(layer(page)).toHaveClass(/is-drawing/)
}

/** A point of the slide (in slide units) on the screen, through the canvas's current scale. */
async function screenPoint(page: Page, x: number, y: number) {
  const box = (await layer(page).boundingBox())!
  return { x: box.x + (x * box.width) / CANVAS.width, y: box.y + (y * box.height) / CANVAS.height }
}

/** Drags the mouse between two slide points. */
async function drag(page: Page, from: [number, number], to: [number, number], steps = 8) {
  const a = await screenPoint(page, ...from)
  const b = await screenPoint(page, ...to)
  await page.mouse.move(a.x, a.y)
  await page.mouse.down()
  for (let i = 1; i <= steps; i++) await page.mouse.move(a.x + ((b.x - a.x) * i) / steps, a.y + ((b.y - a.y) * i) / steps)
  await page.mouse.up()
}

/** Drags a pen (pointerType 'pen', through the DevTools protocol) between two slide points. */
async function penDrag(page: Page, from: [number, number], to: [number, number], steps = 8) {
  const cdp = await page.context().newCDPSession(page)
  const a = await screenPoint(page, ...from)
  const b = await screenPoint(page, ...to)
  const send = (type: 'mousePressed' | 'mouseMoved' | 'mouseReleased', x: number, y: number, buttons: number) =>
    cdp.send('Input.dispatchMouseEvent', { type, x, y, button: 'left', buttons, clickCount: type === 'mouseMoved' ? 0 : 1, pointerType: 'pen' })
  await send('mouseMoved', a.x, a.y, 0)
  await send('mousePressed', a.x, a.y, 1)
  for (let i = 1; i <= steps; i++) await send('mouseMoved', a.x + ((b.x - a.x) * i) / steps, a.y + ((b.y - a.y) * i) / steps, 1)
  await send('mouseReleased', b.x, b.y, 0)
  await cdp.detach()
}

const num = async (page: Page, selector: string, attribute: string) => Number(await layer(page).locator(selector).first().getAttribute(attribute))

function near(actual: number, expected: number, tolerance = 2) {
  expect(Math.abs(actual - expected), `${actual} ≈ ${expected}`).toBeLessThanOrEqual(tolerance)
}

// ---------- the tests ----------

test.describe('drawing on a slide', () => {
  test('every tool draws in slide coordinates, which stay put when the window is resized', async ({ page }) => {
    await open(page, url('basic', '/1'))
    await startDrawing(page)
    await expect(layer(page)).toHaveAttribute('viewBox', '0 0 980 552')
    await page.keyboard.press('s')
    await drag(page, [100, 100], [200, 150])
    await page.keyboard.press('l')
    await drag(page, [300, 100], [500, 200])
    await page.keyboard.press('a')
    await drag(page, [600, 100], [800, 150])
    await page.keyboard.press('r')
    await drag(page, [100, 300], [250, 400])
    await page.keyboard.press('e')
    await drag(page, [400, 300], [600, 500])

    await expect(layer(page).locator('path')).toHaveCount(2) // the stylus stroke and the arrowhead
    await expect(layer(page).locator(':scope > line')).toHaveCount(1)
    await expect(layer(page).locator(':scope > g > line[marker-end]')).toHaveCount(1)
    await expect(layer(page).locator('g marker path')).toHaveCount(1)
    await expect(layer(page).locator('rect')).toHaveCount(1)
    await expect(layer(page).locator('ellipse')).toHaveCount(1)

    const read = async () => ({
      line: [await num(page, ':scope > line', 'x1'), await num(page, ':scope > line', 'y1'), await num(page, ':scope > line', 'x2'), await num(page, ':scope > line', 'y2')],
      arrow: [await num(page, 'g > line', 'x1'), await num(page, 'g > line', 'y2')],
      rect: [await num(page, 'rect', 'x'), await num(page, 'rect', 'y'), await num(page, 'rect', 'width'), await num(page, 'rect', 'height')],
      ellipse: [await num(page, 'ellipse', 'cx'), await num(page, 'ellipse', 'cy'), await num(page, 'ellipse', 'rx'), await num(page, 'ellipse', 'ry')],
    })
    const before = await read()
    ;[300, 100, 500, 200].forEach((v, i) => near(before.line[i]!, v))
    ;[600, 150].forEach((v, i) => near(before.arrow[i]!, v))
    ;[100, 300, 150, 100].forEach((v, i) => near(before.rect[i]!, v))
    ;[500, 400, 100, 100].forEach((v, i) => near(before.ellipse[i]!, v))

    // A smaller window scales the canvas: the markup does not change, the strokes move with the slide.
    const wide = (await layer(page).boundingBox())!
    await page.setViewportSize({ width: 700, height: 500 })
    await expect.poll(async () => (await layer(page).boundingBox())!.width).toBeLessThan(wide.width - 100)
    expect(await read()).toEqual(before)
    const box = (await layer(page).boundingBox())!
    const rect = (await layer(page).locator('rect').boundingBox())!
    const scale = box.width / CANVAS.width
    near(rect.x, box.x + 100 * scale, 4)
    near(rect.width, 150 * scale, 6)

    // Drawing after the resize maps the pointer through the new scale.
    await page.keyboard.press('l')
    await drag(page, [700, 400], [900, 500])
    const second = layer(page).locator(':scope > line').nth(1)
    near(Number(await second.getAttribute('x1')), 700)
    near(Number(await second.getAttribute('y2')), 500)
    await page.screenshot({ path: test.info().outputPath('shapes.png') })
  })

  test('undo, redo and clear, by key and by button', async ({ page }) => {
    await open(page, url('basic', '/1'))
    await startDrawing(page)
    await page.keyboard.press('l')
    const undo = toolbar(page).locator('[data-action="undo"]')
    const redo = toolbar(page).locator('[data-action="redo"]')
    await expect(undo).toBeDisabled()
    await drag(page, [100, 100], [300, 100])
    await drag(page, [100, 200], [300, 200])
    const lines = layer(page).locator('line')
    await expect(lines).toHaveCount(2)
    await page.keyboard.press('Control+z')
    await expect(lines).toHaveCount(1)
    await page.keyboard.press('Control+Shift+z')
    await expect(lines).toHaveCount(2)
    await page.keyboard.press('Meta+z')
    await expect(lines).toHaveCount(1)
    await expect(redo).toBeEnabled()
    await redo.click()
    await expect(lines).toHaveCount(2)
    await undo.click()
    await undo.click()
    await expect(lines).toHaveCount(0)
    await expect(undo).toBeDisabled()
    await redo.click()
    await expect(lines).toHaveCount(1)
    await page.keyboard.press('c')
    await expect(lines).toHaveCount(0)
    await drag(page, [100, 300], [300, 300])
    await expect(lines).toHaveCount(1)
    await toolbar(page).locator('[data-action="clear"]').click()
    await expect(lines).toHaveCount(0)
    await expect(page).toHaveURL(/\/1$/)
  })

  test('digits pick the seven colours; the brush is remembered', async ({ page }) => {
    await open(page, url('basic', '/1'))
    await startDrawing(page)
    await page.keyboard.press('l')
    const colours = ['#ff595e', '#ffca3a', '#8ac926', '#1982c4', '#6a4c93', '#ffffff', '#000000']
    for (const [i, colour] of colours.entries()) {
      await page.keyboard.press(String(i + 1))
      await drag(page, [100, 140 + i * 55], [400, 140 + i * 55])
      await expect(layer(page).locator('line').nth(i)).toHaveAttribute('stroke', colour)
    }
    await expect(toolbar(page).locator('[data-color="black"]')).toHaveAttribute('aria-pressed', 'true')
    await toolbar(page).locator('[data-color="green"]').click()
    await toolbar(page).getByRole('slider').fill('9')
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('slidev-drawing-brush')))!)
    expect(stored).toEqual({ color: '#8ac926', size: 9, mode: 'line', arrowEnd: false })
    await reload(page)
    await startDrawing(page)
    await expect(toolbar(page).locator('[data-color="green"]')).toHaveAttribute('aria-pressed', 'true')
    await expect(toolbar(page).locator('[data-tool="line"]')).toHaveAttribute('aria-pressed', 'true')
    // 8, 9 and 0 are no colours.
    await page.keyboard.press('8')
    await expect(toolbar(page).locator('[data-color="green"]')).toHaveAttribute('aria-pressed', 'true')
  })

  test('a corrupt stored brush falls back to the default one', async ({ page }) => {
    await open(page, url('basic', '/1'))
    await page.evaluate(() => localStorage.setItem('slidev-drawing-brush', JSON.stringify({ color: 'url(javascript:alert(1))', size: -3, mode: 'laser' })))
    await reload(page)
    await startDrawing(page)
    await expect(toolbar(page).locator('[data-color="red"]')).toHaveAttribute('aria-pressed', 'true')
    await expect(toolbar(page).locator('[data-tool="stylus"]')).toHaveAttribute('aria-pressed', 'true')
    await expect(toolbar(page).getByRole('slider')).toHaveValue('4')
  })

  test('strokes shorter than 5 units are discarded', async ({ page }) => {
    await open(page, url('basic', '/1'))
    await startDrawing(page)
    await page.keyboard.press('l')
    await drag(page, [100, 100], [103, 102], 3)
    await page.keyboard.press('s')
    await drag(page, [200, 200], [202, 201], 3)
    await page.keyboard.press('r')
    await drag(page, [300, 300], [302, 303], 3)
    await page.mouse.click(...Object.values(await screenPoint(page, 500, 300)) as [number, number])
    await expect(layer(page).locator('line, path, rect, ellipse')).toHaveCount(0)
    await page.keyboard.press('l')
    await drag(page, [100, 100], [108, 100], 3)
    // The one stroke long enough, and nothing else (a short stroke kept late would show here).
    await expect(layer(page).locator('line')).toHaveCount(1)
    await expect(layer(page).locator('line, path, rect, ellipse')).toHaveCount(1)
    await expect(toolbar(page).locator('[data-action="undo"]')).toBeEnabled()
    await page.keyboard.press('Control+z')
    // The discarded strokes left nothing to undo or redo.
    await expect(toolbar(page).locator('[data-action="undo"]')).toBeDisabled()
  })

  test('drawing keys do not navigate; Escape leaves drawing mode and clicks navigate again', async ({ page }) => {
    await open(page, url('basic', '/1'))
    await startDrawing(page)
    const right = await screenPoint(page, 900, 300)
    await page.mouse.click(right.x, right.y)
    for (const key of ['l', 'a', 's', 'r', 'e', 'c', '1', '7', 'Control+z', 'Control+Shift+z']) await page.keyboard.press(key)
    await expect(page).toHaveURL(/\/1$/)
    // A link on the slide is under the drawing layer while drawing.
    await drag(page, [60, 200], [400, 200])
    await expect(page).toHaveURL(/\/1$/)
    await page.keyboard.press('Escape')
    await expect(toolbar(page)).toHaveCount(0)
    await expect(toggle(page)).toHaveAttribute('aria-pressed', 'false')
    await expect(layer(page)).not.toHaveClass(/is-drawing/)
    expect(await page.evaluate(() => localStorage.getItem('slidev-drawing-enabled'))).toBe('false')
    await page.keyboard.press('l') // not a drawing key any more: nothing happens
    await page.mouse.click(right.x, right.y)
    await expect(page).toHaveURL(/\/2$/)
    // Arrow keys navigate while drawing too (a stroke takes focus off the toggle button, which keeps its keys).
    await startDrawing(page)
    await drag(page, [300, 300], [500, 400])
    await page.keyboard.press('ArrowLeft')
    await expect(page).toHaveURL(/\/1$/)
  })

  test('a pen draws without drawing mode and does not turn the page; the mouse keeps navigating', async ({ page }) => {
    await open(page, url('basic', '/1'))
    await expect(layer(page)).toHaveCount(1)
    await penDrag(page, [600, 300], [900, 400])
    await expect(layer(page).locator('path')).toHaveCount(1)
    await expect(page).toHaveURL(/\/1$/)
    // The mouse does not draw outside drawing mode; a drag on the right half is a click that goes forward.
    await drag(page, [600, 450], [900, 450])
    await expect(page).toHaveURL(/\/2$/)
    await page.goBack()
    await expect(layer(page).locator('path')).toHaveCount(1)
  })

  test('drawings are kept per slide', async ({ page }) => {
    await open(page, url('basic', '/1'))
    await startDrawing(page)
    await page.keyboard.press('r')
    await drag(page, [100, 100], [300, 300])
    await page.keyboard.press('a')
    await drag(page, [500, 400], [800, 450])
    await page.keyboard.press('ArrowRight')
    await expect(page).toHaveURL(/\/2$/)
    await expect(layer(page)).toHaveAttribute('data-drawing-no', '2')
    await expect(layer(page).locator('rect')).toHaveCount(0)
    await page.keyboard.press('e')
    await drag(page, [500, 100], [700, 300])
    await page.keyboard.press('ArrowLeft')
    await expect(layer(page)).toHaveAttribute('data-drawing-no', '1')
    await expect(layer(page).locator('rect')).toHaveCount(1)
    await expect(layer(page).locator('ellipse')).toHaveCount(0)
    // Loaded back from the shared state, the arrow keeps its head (drauu's ids may start with a digit).
    const arrow = layer(page).locator('g > line[marker-end]')
    await expect(arrow).toHaveCount(1)
    const id = (await arrow.getAttribute('marker-end'))!.slice(5, -1)
    await expect(layer(page).locator(`marker[id="${id}"]`)).toHaveCount(1)
    // The overview's thumbnails show each slide's drawing, read-only.
    await page.keyboard.press('o')
    await expect(page.locator('[data-overview-no="1"] .deck-drawing-snapshot rect')).toHaveCount(1)
    await expect(page.locator('[data-overview-no="2"] .deck-drawing-snapshot ellipse')).toHaveCount(1)
    await expect(page.locator('[data-overview-no="3"] .deck-drawing-snapshot')).toHaveCount(0)
    await page.screenshot({ path: test.info().outputPath('overview.png') })
    // The toolbar steps aside while the overview is open; Escape closes the overview, not drawing mode.
    await expect(toolbar(page)).toHaveCount(0)
    await page.keyboard.press('Escape')
    await expect(page.locator('.slidev-overview')).toHaveCount(0)
    await expect(toolbar(page)).toBeVisible()
    await expect(toggle(page)).toHaveAttribute('aria-pressed', 'true')
  })

  test('the toolbar: labelled, reachable by keyboard, draggable, pinnable, its place remembered', async ({ page }) => {
    await open(page, url('basic', '/1'))
    await startDrawing(page)
    const buttons = toolbar(page).getByRole('button')
    for (const button of await buttons.all()) {
      expect(await button.getAttribute('aria-label')).toBeTruthy()
      expect(await button.getAttribute('title')).toBeTruthy()
    }
    await expect(toolbar(page).getByRole('button', { name: 'Arrow (a)' })).toBeVisible()
    await expect(toolbar(page).getByRole('button', { name: 'Purple (5)' })).toBeVisible()
    // Keyboard: focus a tool and press it.
    await toolbar(page).getByRole('button', { name: 'Ellipse (e)' }).focus()
    await page.keyboard.press('Enter')
    await expect(toolbar(page).locator('[data-tool="ellipse"]')).toHaveAttribute('aria-pressed', 'true')
    await page.keyboard.press('Tab')
    await expect(toolbar(page).locator('[data-tool="eraseLine"]')).toBeFocused()
    // Drag by the handle; the place is stored and restored.
    const handle = toolbar(page).locator('[data-testid="drawing-handle"]')
    const start = (await handle.boundingBox())!
    await page.mouse.move(start.x + 5, start.y + 5)
    await page.mouse.down()
    await page.mouse.move(start.x - 195, start.y + 105, { steps: 5 })
    await page.mouse.up()
    const moved = (await toolbar(page).boundingBox())!
    near(moved.x, start.x - 4 - 200, 8)
    near(moved.y, start.y - 4 + 100, 8)
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('slidev-drawing-toolbar-position')))!)
    near(stored.x, moved.x, 1)
    near(stored.y, moved.y, 1)
    await handle.focus()
    await page.keyboard.press('ArrowRight')
    await expect.poll(async () => (await toolbar(page).boundingBox())!.x).toBeGreaterThan(moved.x + 5)
    await expect(page).toHaveURL(/\/1$/)
    // Pinned, it stays (dimmed) when drawing mode ends; a tool starts drawing again.
    await toolbar(page).locator('[data-action="pin"]').click()
    await page.keyboard.press('Escape')
    await expect(toolbar(page)).toHaveClass(/is-idle/)
    await reload(page)
    await expect(toolbar(page)).toBeVisible()
    near((await toolbar(page).boundingBox())!.x, stored.x + 10, 2)
    await toolbar(page).locator('[data-tool="line"]').click()
    await expect(toggle(page)).toHaveAttribute('aria-pressed', 'true')
    await toolbar(page).locator('[data-action="close"]').click()
    await expect(toggle(page)).toHaveAttribute('aria-pressed', 'false')
    await toolbar(page).locator('[data-action="pin"]').click()
    await expect(toolbar(page)).toHaveCount(0)
  })

  test('a stored toolbar position off screen is brought back into the window', async ({ page }) => {
    await open(page, url('basic', '/1'))
    await page.evaluate(() => localStorage.setItem('slidev-drawing-toolbar-position', JSON.stringify({ x: 5000, y: 4000 })))
    await reload(page)
    await startDrawing(page)
    const box = (await toolbar(page).boundingBox())!
    const viewport = page.viewportSize()!
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 1)
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 1)
  })

  test('drawing mode is remembered across a reload', async ({ page }) => {
    await open(page, url('basic', '/1'))
    await startDrawing(page)
    await reload(page)
    await expect(toggle(page)).toHaveAttribute('aria-pressed', 'true')
    await expect(toolbar(page)).toBeVisible()
  })
})

test.describe('drawing in several windows', () => {
  async function twoWindows(context: BrowserContext, a: string, b: string) {
    const first = await context.newPage()
    await open(first, a)
    const second = await context.newPage()
    await open(second, b)
    return [first, second] as const
  }

  test('with syncAll, a drawing in one window appears in another, and so do undo and clear', async ({ context }) => {
    await recordSync(context)
    const [first, second] = await twoWindows(context, url('basic', '/1'), url('basic', '/1'))
    await startDrawing(first)
    await first.keyboard.press('l')
    await drag(first, [100, 100], [400, 300])
    // The stroke shows there while it grows; the finished one ends where it ended here.
    await expect(layer(second).locator('line')).toHaveAttribute('x2', (await layer(first).locator('line').getAttribute('x2'))!)
    await expect(layer(second).locator('line')).toHaveCount(1)
    // The other window draws back (syncAll: every window shares).
    await penDrag(second, [500, 400], [800, 450])
    await expect(layer(first).locator('line, path')).toHaveCount(2)
    await expect(layer(second).locator('line, path')).toHaveCount(2)
    // The finished stroke (not one of the live frames sent while it grew) has arrived before the other window clears.
    const shapes = (page: Page) => layer(page).locator(':scope > *').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('d') ?? n.getAttribute('x2')))
    await expect.poll(async () => JSON.stringify(await shapes(first)) === JSON.stringify(await shapes(second))).toBe(true)
    // Sync batches a window's drawing updates; a clear made before someone else's last update of a stroke has arrived
    // would lose to it (last writer wins), so the other window's updates are all in first.
    await drawingsSent(second)
    await flushChannel(second, first)
    expect(await shapes(first)).toEqual(await shapes(second))
    await first.keyboard.press('c')
    await expect(layer(first).locator('line, path')).toHaveCount(0)
    await expect(layer(second).locator('line, path')).toHaveCount(0)
    await first.keyboard.press('r')
    await drag(first, [200, 200], [400, 400])
    await expect(layer(second).locator('rect')).toHaveCount(1)
    await first.keyboard.press('Control+z')
    await expect(layer(second).locator('rect')).toHaveCount(0)
    await first.keyboard.press('Control+Shift+z')
    await expect(layer(second).locator('rect')).toHaveCount(1)
  })

  test('presenterOnly hides the controls from the audience, whose mouse keeps navigating', async ({ page }) => {
    await open(page, url('presenter', '/1'))
    await expect(page.locator('.slidev-nav-bar')).toBeAttached()
    await expect(toggle(page)).toHaveCount(0)
    await expect(layer(page)).toHaveCount(1)
    // Drawing mode remembered from an earlier visit does not come back for the audience.
    await page.evaluate(() => localStorage.setItem('slidev-drawing-enabled', 'true'))
    await reload(page)
    await expect(layer(page)).toHaveCount(1)
    await expect(toolbar(page)).toHaveCount(0)
    await page.keyboard.press('l')
    // The audience's mouse draws nothing (a drag over text selects it, as on any page, and so does not turn it)…
    await drag(page, [600, 300], [900, 300])
    await expect(layer(page).locator('line, path')).toHaveCount(0)
    await expect(page).toHaveURL(/\/1$/)
    // …and a click on the slide's right side still goes forward.
    await page.evaluate(() => window.getSelection()?.removeAllRanges())
    const right = await screenPoint(page, 900, 300)
    await page.mouse.click(right.x, right.y)
    await expect(page).toHaveURL(/\/2$/)
  })

  test('presenterOnly: the presenter draws and the audience sees it; without syncAll the audience pen stays local', async ({ context }) => {
    await recordSync(context)
    const [presenter, audience] = await twoWindows(context, url('presenter', '/presenter/1'), url('presenter', '/1'))
    await expect(toggle(presenter)).toHaveCount(1)
    await expect(toggle(presenter)).toHaveAttribute('aria-label', '画笔工具')
    await startDrawing(presenter)
    await expect(toolbar(presenter).getByRole('button', { name: '箭头 (a)' })).toBeVisible()
    await presenter.keyboard.press('r')
    await drag(presenter, [100, 100], [300, 300])
    await expect(layer(audience).locator('rect')).toHaveCount(1)
    // An audience pen draws there, but the drawing does not go out without syncAll.
    const shapes = (page: Page) => layer(page).locator(':scope > *')
    await penDrag(audience, [500, 400], [800, 450])
    await expect(shapes(audience)).toHaveCount(2)
    // Whatever the audience window would have sent has reached the presenter by now.
    await drawingsSent(audience)
    await flushChannel(audience, presenter)
    await expect(shapes(presenter)).toHaveCount(1)
    await expect(layer(presenter).locator('rect')).toHaveCount(1)
  })
})

test.describe('keeping drawings', () => {
  test('drawings.persist off: a reload starts clean', async ({ page }) => {
    await open(page, url('basic', '/1'))
    await startDrawing(page)
    await page.keyboard.press('l')
    await drag(page, [100, 100], [400, 300])
    await reload(page)
    await expect(layer(page)).toHaveCount(1)
    await expect(layer(page).locator('line')).toHaveCount(0)
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('slidev-drawings')))).toEqual([])
  })

  test('drawings.persist in a static build: localStorage keeps them until they are deleted', async ({ page }) => {
    await open(page, url('persist', '/1'))
    await startDrawing(page)
    await page.keyboard.press('l')
    await drag(page, [100, 100], [400, 300])
    await page.keyboard.press('ArrowRight')
    await page.keyboard.press('r')
    await drag(page, [100, 100], [400, 300])
    await expect.poll(() => page.evaluate(() => localStorage.getItem('slidev-drawings:/'))).toContain('rect')
    await reload(page)
    await expect(layer(page).locator('rect')).toHaveCount(1)
    await page.keyboard.press('ArrowLeft')
    await expect(layer(page).locator('line')).toHaveCount(1)
    // Deleting asks twice.
    const wipe = toolbar(page).locator('[data-action="clear-saved"]')
    await expect(wipe).toHaveAttribute('aria-label', 'Delete the saved drawings of every slide')
    await wipe.click()
    await expect(wipe).toHaveAttribute('aria-label', 'Press again to delete all drawings')
    await expect(layer(page).locator('line')).toHaveCount(1)
    await wipe.click()
    await expect(layer(page).locator('line')).toHaveCount(0)
    expect(await page.evaluate(() => localStorage.getItem('slidev-drawings:/'))).toBeNull()
    await reload(page)
    await page.keyboard.press('ArrowRight')
    await expect(layer(page)).toHaveAttribute('data-drawing-no', '2')
    await expect(layer(page).locator('rect')).toHaveCount(0)
  })

  test('stored drawings are cleaned of anything that is not a drawing', async ({ page }) => {
    await open(page, url('persist', '/1'))
    await page.evaluate(() => {
      const evil =
        '<path d="M 10,10 L 300,300" stroke="#ff595e" stroke-width="4" onmouseover="window.__pwned=1"></path>' +
        '<image href="x" onerror="window.__pwned=2"></image>' +
        '<foreignObject width="100" height="100"><img xmlns="http://www.w3.org/1999/xhtml" src="x" onerror="window.__pwned=3"/></foreignObject>' +
        '<script>window.__pwned=4</script><a href="javascript:alert(1)"><rect width="10" height="10"></rect></a>' +
        '<line x1="0" y1="0" x2="50" y2="50" marker-end="url(https://evil.example/m.svg#x)" style="fill:url(https://evil.example/)"></line>'
      localStorage.setItem('slidev-drawings:/', JSON.stringify({ 1: evil, 2: '<<not markup', abc: '<path></path>' }))
    })
    await reload(page)
    await expect(layer(page).locator('path')).toHaveCount(1)
    await expect(layer(page).locator('line')).toHaveCount(1)
    await expect(layer(page).locator('image, foreignObject, script, a, rect')).toHaveCount(0)
    expect(await layer(page).locator('path').getAttribute('onmouseover')).toBeNull()
    expect(await layer(page).locator('line').getAttribute('marker-end')).toBeNull()
    expect(await layer(page).locator('line').getAttribute('style')).toBeNull()
    await layer(page).locator('path').hover({ force: true })
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined()
    await page.keyboard.press('ArrowRight')
    await expect(layer(page)).toHaveAttribute('data-drawing-no', '2')
    await expect(layer(page).locator('*')).toHaveCount(0)
  })

  test('drawings.persist under the dev server: SVG files beside the deck, deleted on request', async ({ page }) => {
    test.setTimeout(180_000)
    const folder = mkdtempSync(join(tmpdir(), 'deck-drawing-e2e-'))
    const deck = join(folder, 'talk.md')
    copyFileSync(resolve(root, DECKS.drawingPersist.entry), deck)
    const server = await startDevServer(deck, specPort('drawingDev'))
    try {
      const files = join(folder, '.deck-drawings', 'talk')
      await open(page, `${server.url}/1`)
      await startDrawing(page)
      await page.keyboard.press('e')
      await drag(page, [200, 100], [400, 300])
      await expect.poll(() => existsSync(join(files, '1.svg')), { timeout: 10_000 }).toBe(true)
      const svg = readFileSync(join(files, '1.svg'), 'utf8')
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 980 552"><ellipse /)
      await reload(page)
      await expect(layer(page).locator('ellipse')).toHaveCount(1)
      // Bad requests are refused with a reason, and nothing is written.
      const bad = await page.evaluate(async () => {
        const res = await fetch('/@deck/drawings/..%2Ftalk.md', { method: 'PUT', headers: { 'x-deck-drawings': '1' }, body: 'x' })
        return `${res.status} ${await res.text()}`
      })
      expect(bad).toMatch(/^400 Not a slide number/)
      const wipe = toolbar(page).locator('[data-action="clear-saved"]')
      await wipe.click()
      await wipe.click()
      await expect(layer(page).locator('ellipse')).toHaveCount(0)
      await expect.poll(() => readdirSync(files)).toEqual([])
      expect(readFileSync(deck, 'utf8')).toContain('# Drawings survive a reload')
      await reload(page)
      await expect(layer(page)).toHaveCount(1)
      await expect(layer(page).locator('ellipse')).toHaveCount(0)
    } finally {
      server.stop()
      rmSync(folder, { recursive: true, force: true })
    }
  })
})

test.describe('drawings where nobody draws', () => {
  test('drauu is not in the first-load bundle', async () => {
    const out = deckDist('drawingBasic')
    const html = readFileSync(resolve(out, 'index.html'), 'utf8')
    const scripts = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]!)
    expect(scripts.length).toBeGreaterThan(0)
    for (const script of scripts) expect(readFileSync(resolve(out, script), 'utf8')).not.toContain('[drauu]')
    const chunks = readdirSync(resolve(out, 'assets')).filter((f) => f.endsWith('.js'))
    expect(chunks.some((f) => readFileSync(resolve(out, 'assets', f), 'utf8').includes('[drauu]'))).toBe(true)
  })

  test('print shows each slide with its saved drawing', async ({ context }) => {
    // A print page takes part in no sync (it neither sends nor follows): its drawings are the saved ones.
    const player = await context.newPage()
    await open(player, url('persist', '/1'))
    await startDrawing(player)
    await player.keyboard.press('r')
    await drag(player, [100, 100], [300, 300])
    await expect.poll(() => player.evaluate(() => localStorage.getItem('slidev-drawings:/'))).toContain('rect')
    const print = await context.newPage()
    await print.goto(url('persist', '/print'))
    const pages = print.locator('.print-slide-container')
    await expect(pages.first()).toBeVisible({ timeout: 15_000 })
    await expect(pages.first().locator('.deck-drawing-snapshot rect')).toHaveCount(1)
    await expect(pages.nth(1).locator('.deck-drawing-snapshot')).toHaveCount(0)
    // In slide coordinates inside the page, like the slide itself.
    await expect(pages.first().locator('.deck-drawing-snapshot')).toHaveAttribute('viewBox', '0 0 980 552')
    const rect = pages.first().locator('.deck-drawing-snapshot rect')
    expect(Math.abs(Number(await rect.getAttribute('x')) - 100)).toBeLessThanOrEqual(2)
    await print.screenshot({ path: test.info().outputPath('print.png') })
  })
})
