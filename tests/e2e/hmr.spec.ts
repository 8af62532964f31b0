// The author's loop: editing the deck file updates the open browser in place, and a broken edit loses nothing.
import { test, expect, type Page } from '@playwright/test'
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { specPort } from './decks'
import { startDevServer, type DevServer } from './dev-server'

const root = resolve(fileURLToPath(import.meta.url), '../../..')
const dir = resolve(root, `${process.env.E2E_DIR || '.e2e'}-hmr`)
const deck = resolve(dir, 'deck.md')
const base = `http://127.0.0.1:${specPort('hmrDev')}`
let server: DevServer | undefined
let original = ''

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  // The dev server's first start optimizes its dependencies.
  test.setTimeout(120_000)
  mkdirSync(dir, { recursive: true })
  copyFileSync(resolve(root, 'tests/fixtures/basic.md'), deck)
  original = readFileSync(deck, 'utf8')
  server = await startDevServer(deck, specPort('hmrDev'))
})

test.afterAll(() => server?.stop())

test.afterEach(() => writeFileSync(deck, original))

/** Opens a slide and leaves a marker on window that a full reload would wipe. */
async function openWithMarker(page: Page, path: string) {
  await page.goto(base + path)
  await expect(page.locator('.slidev-page[data-loaded="true"]').first()).toBeVisible({ timeout: 30_000 })
  // Give the dev server a moment to finish its first-load work before editing.
  await page.waitForLoadState('networkidle')
  await page.evaluate(() => ((window as unknown as { deckMarker: string }).deckMarker = 'kept'))
}

const marker = (page: Page) => page.evaluate(() => (window as unknown as { deckMarker?: string }).deckMarker)

test('editing a slide updates it in place, keeping the slide and the click step', async ({ page }) => {
  await openWithMarker(page, '/2?clicks=2')
  writeFileSync(deck, original.replace('- 第二步', '- 第二步（已修改）'))
  await expect(page.locator('.slidev-page-2')).toContainText('第二步（已修改）')
  await expect(page).toHaveURL(/\/2\?clicks=2$/)
  await expect(page.locator('.slidev-page-2 li').nth(1)).not.toHaveClass(/slidev-vclick-hidden/)
  await expect(page.locator('.slidev-page-2 li').nth(2)).toHaveClass(/slidev-vclick-hidden/)
  expect(await marker(page)).toBe('kept')
})

test('an edit that adds a click step gives the slide that step, in place (the slide list follows its analysis)', async ({ page }) => {
  await openWithMarker(page, '/2?clicks=3')
  await expect(page.locator('.slidev-page-2 li').nth(2)).not.toHaveClass(/slidev-vclick-hidden/)
  const listServed = page.waitForResponse((response) => response.url().includes('virtual:deck/slides'))
  // The update is sent before the edited slide is analysed; its click count (3 → 4) reaches the list after it.
  writeFileSync(deck, original.replace('- 第三步\n', '- 第三步\n- 第四步\n'))
  await expect(page.locator('.slidev-page-2 li').nth(3)).toContainText('第四步')
  await expect(page.locator('.slidev-page-2 li').nth(3)).toHaveClass(/slidev-vclick-hidden/)
  await listServed
  await page.keyboard.press('ArrowRight')
  await expect(page).toHaveURL(/\/2\?clicks=4$/)
  await expect(page.locator('.slidev-page-2 li').nth(3)).not.toHaveClass(/slidev-vclick-hidden/)
  expect(await marker(page)).toBe('kept')
})

test('editing a snippet file updates the slide that shows it, in place', async ({ page }) => {
  const snippet = resolve(dir, 'snippets', 'rate.ts')
  mkdirSync(resolve(dir, 'snippets'), { recursive: true })
  writeFileSync(snippet, 'export const reserveRatio = 0.015\n')
  try {
    writeFileSync(deck, original.replace('# 第二张：点击\n', '# 第二张：点击\n\n<<< @/snippets/rate.ts\n'))
    await openWithMarker(page, '/2')
    await expect(page.locator('.slidev-page-2 pre')).toContainText('0.015')
    // The deck file is untouched: only the snippet changes, emptied and then written as an editor saves (the watcher
    // may report only the first of the two).
    writeFileSync(snippet, '')
    writeFileSync(snippet, 'export const reserveRatio = 0.025\n')
    await expect(page.locator('.slidev-page-2 pre')).toContainText('0.025')
    await expect(page.locator('.slidev-page-2 pre')).not.toContainText('0.015')
    expect(await marker(page)).toBe('kept')
  } finally {
    rmSync(resolve(dir, 'snippets'), { recursive: true, force: true })
  }
})

test("an edit that adds lines runs the edited slide's module again and nothing else; goto then finds its words", async ({ page }) => {
  // Slide 1 uses the engine's <Link>: its module imports src/components/SlideLink.tsx, through which Vite would fetch
  // the runtime's state again (second copies) if the edit marked the modules above the slide list as updated.
  await openWithMarker(page, '/1')
  // The search text is loaded before the edit (the page does so when idle, or here by opening goto).
  await page.keyboard.press('g')
  await expect(page.locator('#slidev-goto-input')).toBeFocused()
  await page.keyboard.press('Escape')
  const fetched: string[] = []
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname + new URL(request.url()).search))
  // Lines added to slide 1 move every later slide's lines: the list must not change for that.
  writeFileSync(deck, original.replace('一个小型演示文稿\n', '一个小型演示文稿\n\n新加的第一行\n\n紫藤萝瀑布\n'))
  await expect(page.locator('.slidev-page-1')).toContainText('紫藤萝瀑布')
  // The search text follows a moment after the slide (its module is requested again then).
  await expect.poll(() => fetched.some((path) => path.includes('virtual:deck/search')), { timeout: 10_000 }).toBe(true)
  expect(fetched.filter((path) => path.includes('virtual:deck/slide/')).map((path) => path.replace(/\?.*/, ''))).toEqual(['/@id/__x00__virtual:deck/slide/1'])
  expect(fetched.filter((path) => path.startsWith('/src/') || path.includes('virtual:deck/slides')), 'modules fetched again after the edit').toEqual([])
  // The slide's module is code the plugin writes: served without a source map of itself (most of its bytes, made again
  // on every edit).
  const served = await (await page.request.get(`${base}/@id/__x00__virtual:deck/slide/1`)).text()
  expect(served).toContain('紫藤萝瀑布')
  expect(served).not.toContain('sourceMappingURL')
  await page.keyboard.press('g')
  await page.locator('#slidev-goto-input').fill('紫藤萝')
  await expect(page.locator('#slidev-goto-results [role="option"]').first()).toHaveAttribute('data-slide-no', '1')
  expect(await marker(page)).toBe('kept')
})

test('a utility class first used in an edit is styled, in the slide body and in its frontmatter, without a reload', async ({ page }) => {
  await openWithMarker(page, '/2')
  // Neither class is anywhere in the deck before the edit: UnoCSS only learns of them from it.
  expect(original).not.toContain('tracking-[0.31em]')
  expect(original).not.toContain('skew-x-[7deg]')
  writeFileSync(deck, original.replace('# 第二张：点击', '# 第二张：点击\n\n<p class="tracking-[0.31em]" data-edit-probe>新的字距</p>').replace('transition: slide-up\n', 'transition: slide-up\nclass: skew-x-[7deg]\n'))
  const probe = page.locator('.slidev-page-2 [data-edit-probe]')
  await expect(probe).toHaveText('新的字距')
  await expect.poll(() => probe.evaluate((el) => getComputedStyle(el).letterSpacing)).not.toBe('normal')
  await expect.poll(() => page.locator('.slidev-page-2 .slidev-layout').evaluate((el) => getComputedStyle(el).transform)).not.toBe('none')
  expect(await marker(page)).toBe('kept')
})

test('adding a slide updates the slide list without a reload', async ({ page }) => {
  await openWithMarker(page, '/1')
  const before = await page.locator('.slidev-nav-counter').textContent()
  const fetched: string[] = []
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname))
  writeFileSync(deck, `${original.trimEnd()}\n\n---\n\n# 新加的一张\n`)
  await expect(page.locator('.slidev-nav-counter')).not.toHaveText(before ?? '', { timeout: 10_000 })
  // The new list reaches the page; the runtime's own modules are not run a second time for it.
  expect(fetched.filter((path) => path.startsWith('/src/'))).toEqual([])
  await page.goto(base + '/7')
  await expect(page.locator('.slidev-page-7')).toContainText('新加的一张')
})

test('a broken headmatter shows an overlay naming the line, and the last good deck stays on screen', async ({ page }) => {
  await openWithMarker(page, '/2')
  writeFileSync(deck, original.replace('title: Fixture deck', 'title: [unclosed'))
  const overlay = page.getByTestId('deck-error-overlay')
  await expect(overlay).toContainText(/deck\.md:\d+/)
  await expect(page.locator('.slidev-page-2')).toContainText('第二张')
  writeFileSync(deck, original)
  await expect(overlay).toHaveCount(0, { timeout: 10_000 })
  expect(await marker(page)).toBe('kept')
})

test('a headmatter change re-applies the configuration without a reload', async ({ page }) => {
  await openWithMarker(page, '/3')
  await expect(page).toHaveTitle('两栏 · Fixture deck - Tests')
  writeFileSync(deck, original.replace('title: Fixture deck', 'title: 新的标题').replace("titleTemplate: '%s - Tests'", "titleTemplate: '%s | 测试'"))
  await expect(page).toHaveTitle('两栏 · 新的标题 | 测试', { timeout: 10_000 })
  await expect(page.locator('.slidev-page-3 .col-left')).toHaveText('左侧内容')
  expect(await marker(page)).toBe('kept')
})

test.describe("the deck's own components", () => {
  const components = resolve(dir, 'components')
  const badge = (text: string) =>
    `// A component of the HMR test's deck.\nexport default function HmrBadge() {\n  return <strong className="hmr-badge">${text}</strong>\n}\n`
  const withTag = (tag: string) => original.replace('</v-clicks>\n', `</v-clicks>\n\n<${tag} />\n`)

  test.beforeAll(() => {
    rmSync(components, { recursive: true, force: true })
    mkdirSync(components, { recursive: true })
    writeFileSync(resolve(components, 'HmrBadge.tsx'), badge('徽章一'))
  })
  test.afterAll(() => rmSync(components, { recursive: true, force: true }))

  test('editing a file in components/ updates the slide in place', async ({ page }) => {
    writeFileSync(deck, withTag('HmrBadge'))
    await openWithMarker(page, '/2?clicks=1')
    await expect(page.locator('.slidev-page-2 .hmr-badge')).toHaveText('徽章一')
    writeFileSync(resolve(components, 'HmrBadge.tsx'), badge('徽章二'))
    await expect(page.locator('.slidev-page-2 .hmr-badge')).toHaveText('徽章二', { timeout: 10_000 })
    await expect(page).toHaveURL(/\/2\?clicks=1$/)
    expect(await marker(page)).toBe('kept')
  })

  test('a component file added after the slide named it is picked up without a reload', async ({ page }) => {
    writeFileSync(deck, withTag('LateWidget'))
    await openWithMarker(page, '/2')
    // Until the file exists the tag is an unknown element (and a warning in the terminal).
    await expect(page.locator('.slidev-page-2 deck-late-widget')).toHaveCount(1)
    writeFileSync(resolve(components, 'LateWidget.tsx'), `export default function LateWidget() {\n  return <em className="late-widget">来了</em>\n}\n`)
    await expect(page.locator('.slidev-page-2 .late-widget')).toHaveText('来了', { timeout: 10_000 })
    await expect(page.locator('.slidev-page-2 deck-late-widget')).toHaveCount(0)
    expect(await marker(page)).toBe('kept')
  })
})

test('the reader view follows an edit of a slide, in place', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(base + '/2?view=reader')
  // Every slide is in (the reader drops aria-busy then); the marker as openWithMarker leaves it.
  await expect(page.locator('.deck-reader-root:not([aria-busy])')).toBeVisible({ timeout: 30_000 })
  await page.waitForLoadState('networkidle')
  await page.evaluate(() => ((window as unknown as { deckMarker: string }).deckMarker = 'kept'))
  writeFileSync(deck, original.replace('- 第二步', '- 第二步（在阅读视图里改）'))
  await expect(page.locator('.deck-reader .slidev-page-2')).toContainText('第二步（在阅读视图里改）')
  expect(await marker(page)).toBe('kept')
})
