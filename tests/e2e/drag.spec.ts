// Slidev's v-drag in the browser: in the dev server a double-click opens the frame, a drag writes the place into the
// slide's frontmatter dragPos (only that entry's bytes change) and the hot update that follows neither moves the element
// nor closes the frame; arrow keys move it; the built deck shows every element at its place, with no frame to open.
import { test, expect, type Locator, type Page } from '@playwright/test'
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { deckHost, specPort } from './servers'
import { startDevServer, type DevServer } from './dev-server'
import { problemsOf } from './page-problems'

const root = resolve(fileURLToPath(import.meta.url), '../../..')
// A copy of the fixture deck in a folder of its own: the frame writes this file, never the fixture.
const dir = resolve(root, `${process.env.E2E_DIR || '.e2e'}-drag`)
const deck = resolve(dir, 'deck.md')
const base = `http://127.0.0.1:${specPort('dragDev')}`
const original = readFileSync(resolve(root, 'tests/fixtures/drag.md'), 'utf8')

/** Where an element stands in slide pixels: its box on screen against the slide's, divided by the slide's scale. */
async function placeOf(element: Locator) {
  return element.evaluate((el: HTMLElement) => {
    const page = el.closest('.slidev-page') as HTMLElement
    const slide = page.getBoundingClientRect()
    const scale = slide.width / page.offsetWidth
    // The layout box, before rotation: what `left`, `top`, `width` and `height` set.
    return { x: Math.round(el.offsetLeft), y: Math.round(el.offsetTop), w: el.offsetWidth, h: el.offsetHeight, scale, screen: el.getBoundingClientRect().toJSON() as DOMRect, left: slide.left }
  })
}

const dragPosLine = (name: string) => new RegExp(`^ {2}${name}: (-?\\d+),(-?\\d+),(\\d+),(\\d+|_)(.*)$`, 'm')
const fileNow = () => readFileSync(deck, 'utf8')

test.describe('in the dev server', () => {
  test.describe.configure({ mode: 'serial' })
  let server: DevServer | undefined

  test.beforeAll(async () => {
    // The dev server's first start optimizes its dependencies.
    test.setTimeout(120_000)
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    copyFileSync(resolve(root, 'tests/fixtures/drag.md'), deck)
    server = await startDevServer(deck, specPort('dragDev'))
  })

  test.afterAll(() => server?.stop())

  async function open(page: Page, path: string) {
    await page.goto(base + path)
    await expect(page.locator('.slidev-page[data-loaded="true"]').first()).toBeVisible({ timeout: 30_000 })
    await page.waitForLoadState('networkidle')
    // A full reload would wipe this.
    await page.evaluate(() => ((window as unknown as { deckMarker: string }).deckMarker = 'kept'))
  }

  test('a drag writes the place into frontmatter dragPos; the hot update keeps the element and the frame where they are', async ({ page }) => {
    const hotUpdates: string[] = []
    page.on('console', (message) => {
      if (message.text().includes('hot updated') && message.text().includes('virtual:deck/slides')) hotUpdates.push(message.text())
    })
    await open(page, '/2')
    const square = page.locator('[data-drag-id="square"]')
    expect(await placeOf(square)).toMatchObject({ x: 600, y: 120, w: 200, h: 150 })

    // A property on the element's node: gone if the frame or the hot update mounted the element anew.
    await square.evaluate((el) => ((el as unknown as { kept: boolean }).kept = true))
    const sameNode = () => square.evaluate((el) => (el as unknown as { kept?: boolean }).kept === true)
    await square.dblclick()
    await expect(square).toHaveAttribute('data-drag-editing', '')
    expect(await sameNode()).toBe(true)
    const frame = page.getByTestId('drag-frame')
    await expect(frame).toBeFocused()
    await expect(frame).toHaveAccessibleName(/Place of "square".*arrow keys/)
    await expect(frame.locator('[data-handle]')).toHaveCount(9)

    const box = (await frame.boundingBox())!
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await page.mouse.down()
    await page.mouse.move(box.x + box.width / 2 - 130, box.y + box.height / 2 + 65, { steps: 6 })
    await page.mouse.up()
    const dropped = await placeOf(square)
    expect(dropped.x).toBeCloseTo(600 - 130 / dropped.scale, -0.5)
    expect(dropped.y).toBeCloseTo(120 + 65 / dropped.scale, -0.5)

    // The file gets that place; every other byte of it is as it was (the comment on the entry included).
    await expect.poll(fileNow).toContain(`  square: ${dropped.x},${dropped.y},200,150 # the blue one\n`)
    expect(fileNow()).toBe(original.replace('square: 600,120,200,150', `square: ${dropped.x},${dropped.y},200,150`))
    await expect(frame.getByRole('status')).toHaveText('Saved dragPos square.')

    // The hot update arrives; the element has not moved, the frame is still open, the page was not reloaded.
    await expect.poll(() => hotUpdates.length).toBeGreaterThan(0)
    await expect(page.locator('.slidev-page-2')).toHaveCount(1)
    expect(await placeOf(square)).toMatchObject({ x: dropped.x, y: dropped.y, screen: dropped.screen })
    await expect(frame).toBeVisible()
    expect(await sameNode()).toBe(true)
    expect(await page.evaluate(() => (window as unknown as { deckMarker?: string }).deckMarker)).toBe('kept')

    // Arrow keys move it while the frame has focus (the deck does not change slide), then one write.
    await frame.focus()
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight')
    await page.keyboard.press('Shift+ArrowDown')
    await expect(page).toHaveURL(/\/2$/)
    expect(await placeOf(square)).toMatchObject({ x: dropped.x + 3, y: dropped.y + 10 })
    await expect.poll(fileNow).toContain(`  square: ${dropped.x + 3},${dropped.y + 10},200,150 # the blue one\n`)

    // Escape ends the editing and gives the element the keyboard: Enter opens the frame again (no pointer needed).
    await page.keyboard.press('Escape')
    await expect(frame).toHaveCount(0)
    await expect(square).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(frame).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(frame).toHaveCount(0)
    // The arrow keys are the deck's again.
    await page.keyboard.press('ArrowLeft')
    await expect(page).toHaveURL(/\/1$/)
  })

  test('an element without a place starts where the slide put it; its first drag adds its dragPos entry', async ({ page }) => {
    await open(page, '/2')
    const loose = page.locator('[data-drag-id="loose"]')
    const before = await placeOf(loose)
    await loose.dblclick()
    const frame = page.getByTestId('drag-frame')
    await expect(frame).toBeVisible()
    // The frame opens on the element as the slide placed it: it has not moved.
    expect(await placeOf(loose)).toMatchObject({ x: before.x, y: before.y, w: 180, h: 90 })

    // The corner handle resizes it, the opposite corner staying put.
    const corner = (await frame.locator('[data-handle="bottom-right"]').boundingBox())!
    await page.mouse.move(corner.x + corner.width / 2, corner.y + corner.height / 2)
    await page.mouse.down()
    await page.mouse.move(corner.x + corner.width / 2 + 40 * before.scale, corner.y + corner.height / 2 + 20 * before.scale, { steps: 4 })
    await page.mouse.up()
    const resized = await placeOf(loose)
    expect(resized).toMatchObject({ x: before.x, y: before.y, w: 220, h: 110 })
    await expect.poll(fileNow).toMatch(dragPosLine('loose'))
    const text = fileNow()
    expect(text).toContain(`  square: `)
    expect(text.match(dragPosLine('loose'))!.slice(1, 5)).toEqual([String(before.x), String(before.y), '220', '110'])
    // Only the new entry's line was added: the rest of the slide (its body and note) is as it was.
    expect(text.replace(/^ {2}loose: .*\n/m, '').replace(/square: [^ ]+/, 'square: 600,120,200,150')).toBe(original)
    await page.keyboard.press('Escape')
    await expect(frame).toHaveCount(0)
  })

  test('the presenter’s slides and an element placed inline open no frame', async ({ page }) => {
    // A double-click's state change is rendered before dblclick() returns (React renders a discrete event's update at
    // once): the square in the play view is marked editing by then (first test), these are not.
    await open(page, '/2')
    const inline = page.locator('.drag-inline')
    await inline.dblclick()
    await expect(inline).not.toHaveAttribute('data-drag-editing')
    await open(page, '/presenter/2')
    const squares = page.locator('.slidev-page-2 [data-drag-id="square"]')
    await expect(squares.first()).toBeVisible()
    await squares.first().dblclick()
    await expect(page.locator('[data-drag-editing]')).toHaveCount(0)
    await expect(page.getByTestId('drag-frame')).toHaveCount(0)
  })
})

test('the built deck shows each element at its place, rotated where it says, with no frame to open', async ({ page }) => {
  const problems = problemsOf(page)
  await page.goto(`${deckHost('drag')}/2`)
  await expect(page.locator('.slidev-page[data-loaded="true"]').first()).toBeVisible()
  const square = page.locator('[data-drag-id="square"]')
  expect(await placeOf(square)).toMatchObject({ x: 600, y: 120, w: 200, h: 150 })
  const inline = page.locator('.drag-inline')
  expect(await placeOf(inline)).toMatchObject({ x: 100, y: 400, w: 220, h: 60 })
  expect(await inline.evaluate((el) => el.style.transform)).toBe('rotate(15deg)')
  // <v-drag> is Slidev's VDrag: a div with p-1 (0.25rem of padding) around the content.
  expect(await square.evaluate((el) => getComputedStyle(el).padding)).toBe('4px')
  await square.dblclick()
  await expect(square).not.toHaveAttribute('data-drag-editing')
  await expect(page.getByTestId('drag-frame')).toHaveCount(0)
  // The prerendered page (no script) already has the places.
  const html = await (await page.request.get(`${deckHost('drag')}/2`)).text()
  expect(html.match(/<div[^>]*data-drag-id="square"[^>]*>/)?.[0]).toContain('position:absolute;z-index:100;left:600px;top:120px;width:200px;height:150px')
  // The app took the prerendered page over without a mismatch.
  expect(problems).toEqual([])
})

for (const view of ['/print', '/reader/', '/1 overview']) {
  test(`the built deck's ${view} shows the elements at their places, with no frame to open`, async ({ page }) => {
    await page.goto(`${deckHost('drag')}${view.split(' ')[0]}`)
    if (view.endsWith('overview')) {
      await expect(page.locator('.slidev-page[data-loaded="true"]').first()).toBeVisible()
      await page.keyboard.press('o')
      await expect(page.locator('.slidev-overview')).toBeVisible()
    }
    const scope = view.endsWith('overview') ? '.slidev-overview ' : ''
    const square = page.locator(`${scope}.slidev-page-2 [data-drag-id="square"]`).first()
    await expect(square).toBeVisible()
    expect(await placeOf(square)).toMatchObject({ x: 600, y: 120, w: 200, h: 150 })
    await square.dblclick()
    await expect(page.locator('[data-drag-editing]')).toHaveCount(0)
  })
}
