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

  test('print, reader and presenter show the filled slots', async ({ page }) => {
    const no = slideNo('Named slots')
    await openPrint(page, `/print?range=${no}`)
    await expect(printPage(page, no).locator('#slots-loose .fixture-panel-title')).toHaveText('Panel title')
    await expect(printPage(page, no).locator('#panel-footer')).toBeVisible()
    await page.goto(`${origin}/1?view=reader`)
    await expect(page.locator(`#slide-${no} #slots-default .fixture-panel-title`)).toHaveText('Second panel')
    await open(page, `/presenter/${no}`)
    await expect(page.locator(`[data-testid="presenter-main"] .slidev-page #slots-loose .fixture-panel-title`)).toHaveText('Panel title')
  })
})
