// The parity fixture deck (tests/fixtures/parity.md): Slidev features beyond the basics, as a viewer sees them at
// each click, and in the static forms (prerendered page, print, reader, presenter, overview).
import { test, expect, type Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseDeck } from '../../plugin/parser'
import { startServer, type RunningServer } from '../../server/index'
import { buildDeck, root } from './decks'

const dir = process.env.E2E_DIR || '.e2e'
const port = Number(process.env.E2E_PORT || 4180) + 70
const origin = `http://127.0.0.1:${port}`
let server: RunningServer

test.beforeAll(async () => {
  test.setTimeout(300_000)
  const out = buildDeck('tests/fixtures/parity.md', `${dir}/parity-dist`)
  server = await startServer({ dir: resolve(root, out), port, host: '127.0.0.1', log: () => {} })
})

test.afterAll(async () => {
  await server?.close()
})

const urlOf = (page: Page) => {
  const url = new URL(page.url())
  return url.pathname + url.search
}

async function open(page: Page, path: string) {
  await page.goto(origin + path)
  await expect(page.locator('.slidev-page[data-loaded="true"]').first()).toBeVisible()
}

async function openPrint(page: Page, path: string) {
  await page.goto(origin + path)
  await expect(page.locator('html')).toHaveAttribute('data-print-ready', 'true', { timeout: 20_000 })
}

/** The slide on screen. */
const shown = (page: Page) => page.locator('.slidev-stage-slide:not(.deck-leave) .slidev-page[data-loaded="true"]')

async function press(page: Page, key: string, to: string) {
  await page.keyboard.press(key)
  await expect.poll(() => urlOf(page)).toBe(to)
}

/** The number of the fixture's slide titled `title` (the fixture grows; numbers are looked up, not written in). */
function slideNo(title: string): number {
  const entry = resolve(root, 'tests/fixtures/parity.md')
  const found = parseDeck(readFileSync(entry, 'utf8'), { filepath: entry }).slides.find((s) => s.title === title)
  if (!found) throw new Error(`no slide titled ${title} in the fixture`)
  return found.no
}

/** A print page of slide `no` at click `click`. */
const printPage = (page: Page, no: number, click = 0) => page.locator(`[id="${String(no).padStart(3, '0')}-${String(click).padStart(2, '0')}"]`)

test.describe('named slots', () => {
  test('<template #name> fills the component prop, prerendered and live; a click inside one counts', async ({ page }) => {
    const no = slideNo('Named slots')
    const html = await (await page.request.get(`${origin}/${no}`)).text()
    expect(html).toContain('<header class="fixture-panel-title"><p>Panel <strong>title</strong></p></header>')
    await open(page, `/${no}`)
    const loose = shown(page).locator('#slots-loose .fixture-panel')
    await expect(loose.locator('.fixture-panel-title')).toHaveText('Panel title')
    await expect(loose.locator('.fixture-panel-body #panel-body')).toHaveText('Body outside every template')
    await expect(loose.locator('.fixture-panel-footer #panel-footer')).toHaveClass(/slidev-vclick-hidden/)
    await press(page, 'ArrowRight', `/${no}?clicks=1`)
    await expect(loose.locator('#panel-footer')).not.toHaveClass(/slidev-vclick-hidden/)
    const explicit = shown(page).locator('#slots-default .fixture-panel')
    await expect(explicit.locator('.fixture-panel-title')).toHaveText('Second panel')
    await expect(explicit.locator('.fixture-panel-body')).toHaveText('Explicit default')
  })

  test('print and reader show the filled slots', async ({ page }) => {
    const no = slideNo('Named slots')
    await openPrint(page, `/print?range=${no}`)
    await expect(printPage(page, no).locator('#slots-loose .fixture-panel-title')).toHaveText('Panel title')
    await expect(printPage(page, no).locator('#panel-footer')).toBeVisible()
    await page.goto(`${origin}/1?view=reader`)
    await expect(page.locator(`#slide-${no} #slots-default .fixture-panel-title`)).toHaveText('Second panel')
  })
})

test.describe('expressions', () => {
  const textOf = (html: string, id: string) =>
    (html.match(new RegExp(`<p[^>]*id="${id}"[^>]*>([\\s\\S]*?)</p>`))?.[1] ?? '').replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '')

  test('prerendered at click 0, then re-evaluated at each click: text, bound attributes, v-if chain, v-show', async ({ page }) => {
    const no = slideNo('Expressions')
    const total = parseDeck(readFileSync(resolve(root, 'tests/fixtures/parity.md'), 'utf8')).slides.length
    const html = await (await page.request.get(`${origin}/${no}`)).text()
    expect(textOf(html, 'expr-text')).toBe(`Slide ${no} of ${total}, click 0 of 3`)
    expect(html).toMatch(/<p[^>]*id="expr-bound"[^>]*title="Step 0"|<p[^>]*title="Step 0"[^>]*id="expr-bound"/)
    expect(html).toContain('Before any click')
    expect(html).not.toContain('At the first click')

    const errors: string[] = []
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())))
    await open(page, `/${no}`)
    const slide = shown(page)
    await expect(slide.locator('#expr-text')).toHaveText(`Slide ${no} of ${total}, click 0 of 3`)
    await expect(slide.locator('#expr-bound')).toHaveAttribute('title', 'Step 0')
    await expect(slide.locator('#expr-bound')).toHaveClass('is-early')
    await expect(slide.locator('#expr-if')).toBeVisible()
    await expect(slide.locator('#expr-else-if, #expr-else')).toHaveCount(0)
    await expect(slide.locator('#expr-show')).toBeHidden()
    await expect(slide.locator('#expr-config')).toHaveText('Parity fixture: EXPRESSIONS OVER THE SLIDE\'S CONTEXT')
    await expect(slide.locator('#expr-panel .fixture-panel-title')).toHaveText('Panel at click 0')

    await press(page, 'ArrowRight', `/${no}?clicks=1`)
    await expect(slide.locator('#expr-text')).toHaveText(`Slide ${no} of ${total}, click 1 of 3`)
    await expect(slide.locator('#expr-nav')).toHaveText(`${no}.1 slide`)
    await expect(slide.locator('#expr-bound')).toHaveAttribute('title', 'Step 1')
    await expect(slide.locator('#expr-if')).toHaveCount(0)
    await expect(slide.locator('#expr-else-if')).toBeVisible()
    await expect(slide.locator('#expr-show')).toBeVisible()
    await expect(slide.locator('#expr-panel .fixture-panel-title')).toHaveText('Panel at click 1')

    await press(page, 'ArrowRight', `/${no}?clicks=2`)
    await expect(slide.locator('#expr-bound')).toHaveClass('is-late')
    await expect(slide.locator('#expr-else')).toBeVisible()
    await expect(slide.locator('#expr-else-if')).toHaveCount(0)
    // The clicks of the slide still reveal their elements.
    await expect(slide.locator('.slidev-vclick-target:not(.slidev-vclick-hidden)')).toHaveText(['one', 'two'])
    // Back a step: the first click's state again.
    await press(page, 'ArrowLeft', `/${no}?clicks=1`)
    await expect(slide.locator('#expr-else-if')).toBeVisible()
    await expect(slide.locator('code')).toHaveText('{{ $page }}')
    // The overview's thumbnails know where they are drawn.
    await page.keyboard.press('o')
    await expect(page.getByTestId('overview').locator(`.slidev-page-${no} #expr-nav`)).toHaveText(`${no}.1 overview`)
    // Hydrating the prerendered page found what it rendered.
    expect(errors).toEqual([])
  })

  test('print shows each printed step, or the final state; the reader the final state', async ({ page }) => {
    const no = slideNo('Expressions')
    await openPrint(page, `/print?print=clicks&range=${no}`)
    for (const click of [0, 1, 2, 3]) await expect(printPage(page, no, click).locator('#expr-text')).toContainText(`click ${click} of 3`)
    await expect(printPage(page, no, 0).locator('#expr-if')).toBeVisible()
    await expect(printPage(page, no, 1).locator('#expr-else-if')).toBeVisible()
    await expect(printPage(page, no, 2).locator('#expr-nav')).toHaveText(`${no}.2 print`)
    await expect(printPage(page, no, 3).locator('#expr-else')).toBeVisible()
    await openPrint(page, `/print?range=${no}`)
    await expect(printPage(page, no).locator('#expr-text')).toContainText('click 3 of 3')
    await expect(printPage(page, no).locator('#expr-else')).toBeVisible()
    await expect(printPage(page, no).locator('#expr-bound')).toHaveClass('is-late')
    await page.goto(`${origin}/1?view=reader`)
    const read = page.locator(`#slide-${no}`)
    await expect(read.locator('#expr-text')).toContainText('click 3 of 3')
    await expect(read.locator('#expr-else')).toBeVisible()
    await expect(read.locator('#expr-show')).toBeVisible()
  })
})

// Last: a presenter's view moves every viewer of this server (they follow the presenter, and a new presenter page
// takes up where the last one was), so one presenter walks the deck with the keys, and no viewer test comes after.
test('the presenter view: named slots filled, expressions at the main click and at the preview’s own', async ({ page }) => {
  const slots = slideNo('Named slots')
  const expressions = slideNo('Expressions')
  await open(page, `/presenter/${slots}`)
  await expect(page.locator('[data-testid="presenter-main"] .slidev-page #slots-loose .fixture-panel-title')).toHaveText('Panel title')
  // Slots' one click, then the expressions slide and its first click.
  await press(page, 'ArrowRight', `/presenter/${slots}?clicks=1`)
  await press(page, 'ArrowRight', `/presenter/${expressions}`)
  await press(page, 'ArrowRight', `/presenter/${expressions}?clicks=1`)
  const main = page.locator('[data-testid="presenter-main"] .slidev-page')
  await expect(main.locator('#expr-else-if')).toBeVisible()
  await expect(main.locator('#expr-nav')).toHaveText(`${expressions}.1 presenter`)
  const preview = page.getByTestId('presenter-preview')
  await expect(preview.locator('#expr-else')).toBeVisible()
  await expect(preview.locator('#expr-bound')).toHaveAttribute('title', 'Step 2')
  // $nav is where the talk is, also in the preview of the next step.
  await expect(preview.locator('#expr-nav')).toHaveText(`${expressions}.1 previewNext`)
})
