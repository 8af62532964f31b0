// Prerendered pages (plugin/prerender.ts, src/main.tsx): every slide is HTML before any script, the app hydrates it
// without a visible change or a warning (every slide of the deck: the walk in deck.spec.ts), keys pressed before then are carried out, and without JavaScript the
// slides still show and their links still move.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { test, expect, type Page, type Route } from '@playwright/test'
import { deckDist, deckURL } from './servers'
import { problemsOf } from './page-problems'

/** Holds back the app's entry script until the returned function is called: the page is its HTML alone meanwhile. */
async function holdApp(page: Page): Promise<() => void> {
  let release!: () => void
  const released = new Promise<void>((done) => (release = done))
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route: Route) => {
    await released
    await route.continue()
  })
  return release
}

// A cold load of a slide hydrated after more than the default 5 s once, on two cores shared with other test runs
// (load average 19): the condition is the app's own ready mark, so a longer bound costs a passing run nothing.
const ready = (page: Page) => expect(page.locator('html[data-deck-ready="true"]')).toHaveCount(1, { timeout: 15_000 })

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('slides 1, 12 and 107 show their title and text, scaled to the window, and their links move', async ({ page }) => {
    const { slides } = (await (await page.request.get(`${deckURL}/deck-manifest.json`)).json()) as { slides: { title: string }[] }
    for (const no of [1, 12, 107]) {
      const text = slides[no - 1]!.title
      await page.goto(`${deckURL}/${no}`)
      const slide = page.locator(`.slidev-page-${no}[data-slidev-no="${no}"]`)
      await expect(slide).toBeVisible()
      await expect(slide).toContainText(text)
      // The canvas fits the window by CSS alone: 980 × 552 letterboxed into 1280 × 720.
      const box = (await page.locator('.slidev-slide-container').boundingBox())!
      expect(Math.round(box.width)).toBe(1278)
    }
    await page.goto(`${deckURL}/1`)
    await page.locator('.slidev-page-1 [data-slide-link="2"]').first().click()
    await expect(page).toHaveURL(/\/2$/)
    await expect(page.locator('.slidev-page-2')).toBeVisible()
  })

  test('a slide shows its first click step: later steps are hidden in the HTML', async ({ page }) => {
    await page.goto('/2')
    await expect(page.locator('.slidev-page-2 li').nth(0)).toBeVisible()
    await expect(page.locator('.slidev-page-2 li').nth(1)).toHaveClass(/slidev-vclick-hidden/)
    await expect(page.locator('.slidev-page-2 li').nth(1)).toHaveAttribute('aria-hidden', 'true')
  })
})

test('the page drawn from its HTML is the page after hydration, pixel for pixel', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  const release = await holdApp(page)
  await page.goto(`${deckURL}/5`, { waitUntil: 'commit' })
  await expect(page.locator('.slidev-page-5')).toBeVisible()
  // Every face its text is set in is loaded, and a frame has drawn it (`document.fonts.ready` may resolve before layout
  // asks for a face, and the theme's Latin face swaps in rather than blocking).
  await page.evaluate(async () => {
    const texts = [...document.querySelectorAll('.slidev-page-5 *')].filter((el) => [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim()))
    await Promise.all(
      texts.map((el) => {
        const style = getComputedStyle(el)
        return document.fonts.load(`${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`, el.textContent!)
      }),
    )
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
  })
  const before = await page.screenshot()
  release()
  await ready(page)
  await expect(page).toHaveURL(/\/5$/)
  const after = await page.screenshot()
  // On a difference, both pictures are kept beside the test's results to be looked at.
  if (!after.equals(before)) for (const [name, shot] of Object.entries({ before, after })) writeFileSync(test.info().outputPath(`${name}.png`), shot)
  expect(after.equals(before), 'the page changed when the app took over (see before.png and after.png)').toBe(true)
})

test('keys pressed before the app has hydrated are carried out once it has', async ({ page }) => {
  const release = await holdApp(page)
  await page.goto('/1', { waitUntil: 'commit' })
  await expect(page.locator('.slidev-page-1')).toBeVisible()
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await expect(page).toHaveURL(/\/1$/)
  release()
  await expect(page).toHaveURL(/\/2\?clicks=1$/)
  await expect(page.locator('.slidev-page-2[data-loaded="true"]')).toBeVisible()
})

test('a button clicked before the app has hydrated is carried out once it has, in order with the keys', async ({ page }) => {
  const release = await holdApp(page)
  await page.goto('/1', { waitUntil: 'commit' })
  // The navigation bar is in the HTML: its buttons can be clicked before the app is even fetched.
  await page.getByTestId('nav-overview').click({ force: true })
  await page.keyboard.press('Escape')
  await page.getByTestId('nav-goto').click({ force: true })
  await expect(page.locator('[role="dialog"]')).toHaveCount(0)
  release()
  await ready(page)
  // The overview opened and closed again (Escape came after it); goto is open.
  await expect(page.locator('#slidev-goto-dialog')).toBeVisible()
  await expect(page.locator('.slidev-overview-grid')).toHaveCount(0)
})

test('the root is slide 1, and other pages (presenter, print, a query, unknown) are rendered by the app', async ({ page }) => {
  const problems = problemsOf(page)
  await page.goto('/')
  await ready(page)
  await expect(page).toHaveURL(/\/1$/)
  await expect(page.locator('.slidev-page-1')).toHaveCount(1)
  for (const [path, selector] of [
    ['/presenter/2', '[data-testid="presenter-view"]'],
    ['/print', '.print-slide-container'],
    ['/3?clicks=1', '.slidev-page-3'],
    ['/999', '.slidev-page-1'],
  ] as const) {
    await page.goto(path)
    await ready(page)
    await expect(page.locator(selector).first()).toBeVisible()
  }
  expect(problems).toEqual([])
})

test.describe('the Chinese font, cut to the page', () => {
  /** The faces the page's HTML preloads. */
  const preloadedFonts = (page: Page) => page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="font"]')].map((link) => link.href))

  /** The fonts Chromium drew an element's text with (CDP), as "family (web)" or "family (system)". */
  async function fontsOf(page: Page, selector: string): Promise<string[]> {
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('DOM.enable')
    await cdp.send('CSS.enable')
    const { root } = await cdp.send('DOM.getDocument')
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector })
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId })
    await cdp.detach()
    return fonts.map((f) => `${f.familyName} (${f.isCustomFont ? 'web' : 'system'})`)
  }

  test('slide 1 carries its first frame’s faces in the page: it fetches no font before it paints, draws its Chinese in the deck’s serif, and the app starts after', async ({ page }) => {
    const release = await holdApp(page)
    await page.goto(`${deckURL}/1`, { waitUntil: 'commit' })
    await expect(page.locator('.slidev-page-1')).toBeVisible()
    expect(await preloadedFonts(page)).toEqual([])
    // The faces are in the page, cut to its glyphs: the deck's serif (regular, bold) and the theme's Latin faces. Each
    // loads from its data: address in a task of its own; on a busy machine `document.fonts.ready` can settle before
    // the last has been asked for, so their state is polled until all four are in.
    const carried = () =>
      page.evaluate(() => [...document.fonts].filter((f) => f.status === 'loaded' && f.unicodeRange !== 'U+0-10FFFF').map((f) => `${f.family} ${f.weight} ${f.display}`))
    await expect.poll(carried).toEqual(expect.arrayContaining(['Deck Serif SC 400 block', 'Deck Serif SC 700 block', 'Noto Serif 400 block', 'Noto Serif 700 block']))
    await page.evaluate(() => document.fonts.ready)
    const rules = await page.evaluate(() => [...document.querySelectorAll('head style')].map((s) => s.textContent ?? '').join('').match(/src:url\(data:font\/(woff2|ttf);base64,/g)?.length ?? 0)
    expect(rules).toBe(4)
    // The title (bold) and the subtitle (regular) are drawn in the web font's faces alone, with no font fetched.
    for (const selector of ['.slidev-page-1 h1', '.slidev-page-1 h2']) expect(await fontsOf(page, selector)).toEqual([expect.stringMatching(/Noto Serif SC.*\(web\)/)])
    expect(await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => /\.(woff2?|ttf)$/.test(e.name)).map((e) => e.name))).toEqual([])
    release()
    await ready(page)
    // The app's script was asked for only after the slide's first contentful paint (src/boot/paint-first.ts).
    const order = await page.evaluate(() => ({
      painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
      scripts: performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.js')).map((e) => e.startTime),
    }))
    expect(order.scripts.length).toBeGreaterThan(3)
    expect(Math.min(...order.scripts)).toBeGreaterThanOrEqual(order.painted)
    // Nothing the first paint does not need was fetched before it (the deck's faces sheet comes with the app): the
    // slide's own picture alone.
    const beforePaint = await page.evaluate((painted) => performance.getEntriesByType('resource').filter((e) => e.startTime < painted).map((e) => new URL(e.name).pathname), order.painted)
    expect(beforePaint).toEqual(['/images/bank-logo.svg'])
    // Moving on, the next slide is drawn in the deck's faces, fetched with the app. The key comes the moment the app is
    // ready, so on a busy machine those faces may still be on their way: laid out meanwhile in a fallback (invisible,
    // `font-display: block`), the text must end up drawn in them. (That they are in before a key pressed after a
    // moment on the slide is the test below.)
    await page.keyboard.press('ArrowDown')
    await expect(page.locator('.slidev-page-2[data-loaded="true"]')).toBeVisible()
    await expect.poll(() => fontsOf(page, '.slidev-page-2 h1')).toEqual([expect.stringMatching(/Noto Serif SC.*\(web\)/)])
  })

  test('another slide preloads its own slices and the faces its lines are measured in (under 320 KB), fetches no other, and draws its Chinese in them, the faces waiting instead of a fallback', async ({ page }) => {
    const release = await holdApp(page)
    await page.goto(`${deckURL}/2`, { waitUntil: 'commit' })
    await expect(page.locator('.slidev-page-2')).toBeVisible()
    await page.evaluate(() => document.fonts.ready)
    const preloaded = await preloadedFonts(page)
    // Its own Chinese slices, and the theme's Latin faces its lines are measured in (regular and bold).
    const named = preloaded.map((href) => href.replace(/.*deck-serif-sc-(\d+)-(.+)-[0-9a-f]{8}\.woff2$/, '$1:$2').replace(/.*noto-serif-(latin)-(\d+)-normal-[\w-]+\.woff2$/, 'theme $1 $2'))
    expect(named).toEqual(expect.arrayContaining(['400:common', 'theme latin 400', 'theme latin 700']))
    expect(named.every((name) => /^(400|700):(common|slide-1|slides-\d+-\d+)$|^theme latin (400|700)$/.test(name))).toBe(true)
    // Before any script: the title (bold) is drawn in the web font's faces alone.
    expect(await fontsOf(page, '.slidev-page-2 h1')).toEqual([expect.stringMatching(/Noto Serif SC.*\(web\)/)])
    // Each face once (with a route in place Chromium keeps no cache: the faces sheet, turned on before the app starts,
    // asks again for the faces the page already has, which a real load takes from the memory cache).
    const fetched = await page.evaluate(() => [
      ...new Map(
        performance
          .getEntriesByType('resource')
          .filter((e) => e.name.endsWith('.woff2') && (e.name.includes('deck-serif-sc') || e.name.includes('noto-serif-')))
          .map((e) => [e.name, { href: e.name, bytes: (e as PerformanceResourceTiming).encodedBodySize }]),
      ).values(),
    ])
    expect(fetched.map((f) => f.href).sort()).toEqual(preloaded.sort())
    expect(fetched.reduce((sum, f) => sum + f.bytes, 0)).toBeGreaterThan(0)
    // The common slice and the range slices holding its glyphs, shared with its neighbours (212 KB on slide 2).
    expect(fetched.reduce((sum, f) => sum + f.bytes, 0)).toBeLessThan(320 * 1024)
    expect(await page.evaluate(() => [...new Set([...document.fonts].filter((f) => f.family.includes('Deck Serif SC')).map((f) => f.display))])).toEqual(['block'])
    release()
    await ready(page)
    // The app's script was asked for only once every face the slide preloads was in (src/boot/paint-first.ts).
    const order = await page.evaluate((faces) => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
      // Each preloaded face's first arrival (later entries are the faces sheet's copies and the app's own loads).
      const arrivals = faces.map((href) => Math.min(...entries.filter((e) => e.name === href).map((e) => e.responseEnd)))
      return { facesIn: Math.max(...arrivals), scripts: entries.filter((e) => e.name.endsWith('.js')).map((e) => e.startTime) }
    }, preloaded)
    expect(order.scripts.length).toBeGreaterThan(3)
    expect(Math.min(...order.scripts)).toBeGreaterThanOrEqual(order.facesIn)
  })

  test('the next slide’s faces are in before its key: its text draws in them at once', async ({ page }) => {
    await page.goto(`${deckURL}/11`)
    await ready(page)
    const key = (no: number) => page.evaluate((n) => (JSON.parse(document.getElementById('deck-font-keys')!.textContent!) as Record<string, string[]>)['400']![n - 1]!, no)
    expect((await key(12)).length).toBeGreaterThan(1)
    // Preloaded with the neighbour's module, without moving.
    await expect.poll(async () => page.evaluate((text) => document.fonts.check('400 16px "Deck Serif SC"', text), await key(12))).toBe(true)
    await page.keyboard.press('ArrowDown')
    await expect(page.locator('.slidev-page-12[data-loaded="true"]')).toBeVisible()
    const shown = await page.locator('.slidev-page-12').innerText()
    expect(await page.evaluate((text) => document.fonts.check('400 16px "Deck Serif SC"', text), shown)).toBe(true)
    expect(await fontsOf(page, '.slidev-page-12 h1')).toEqual([expect.stringMatching(/Noto Serif SC.*\(web\)/)])
  })
})

test.describe('the build\'s font rules', () => {
  test('point at files of their own face: each source is its format\'s file, of the rule\'s weight (theme) or family (KaTeX)', async () => {
    const css = readdirSync(join(deckDist('deck'), 'assets')).filter((name) => name.endsWith('.css')).map((name) => readFileSync(join(deckDist('deck'), 'assets', name), 'utf8')).join('\n')
    const rules = css.match(/@font-face\{[^}]*\}/g) ?? []
    const wrong: string[] = []
    const extension: Record<string, string> = { woff2: '.woff2', woff: '.woff', truetype: '.ttf' }
    let checked = 0
    for (const rule of rules) {
      const family = /font-family:\s*['"]?([^;'"]+)/.exec(rule)?.[1]
      const weight = /font-weight:\s*(\d+)/.exec(rule)?.[1] ?? '400'
      for (const [, url, format] of rule.matchAll(/url\(([^)]+)\)\s*format\(["']?(\w+)["']?\)/g)) {
        if (url!.startsWith('data:')) continue
        const file = url!.split('/').pop()!
        checked++
        if (!file.endsWith(extension[format!] ?? `.${format}`)) wrong.push(`${family} ${weight}: ${file} as ${format}`)
        if (family === 'Noto Serif' && !file.startsWith('noto-serif-') || (file.startsWith('noto-serif-') && !file.includes(`-${weight}-`))) wrong.push(`${family} ${weight}: ${file}`)
        if (family?.startsWith('KaTeX_') && !file.startsWith(`${family}-`)) wrong.push(`${family} ${weight}: ${file}`)
      }
    }
    // The theme's Noto Serif (7 subsets × 2 weights × 2 formats) and KaTeX's 20 faces × 3 formats at least.
    expect(checked).toBeGreaterThan(80)
    expect(wrong).toEqual([])
  })

  test('bold Latin within Chinese is drawn in the theme\'s bold serif (slide 11: 钱庄 A)', async ({ page }) => {
    await page.goto(`${deckURL}/11`)
    await ready(page)
    await page.evaluate(() => document.fonts.ready)
    const strong = page.locator('.slidev-page-11 strong').first()
    await expect(strong).toContainText('钱庄 A')
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('DOM.enable')
    await cdp.send('CSS.enable')
    const { root } = await cdp.send('DOM.getDocument')
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '.slidev-page-11 strong' })
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId })
    await cdp.detach()
    // A build whose rules pointed at other files drew this "A" in KaTeX's Fraktur (𝔄).
    expect(fonts.map((f) => f.familyName)).toEqual(expect.arrayContaining(['Noto Serif']))
    expect(fonts.filter((f) => !/^Noto Serif/.test(f.familyName)).map((f) => f.familyName)).toEqual([])
  })
})

test('a page carries its stylesheets: slide 13 (KaTeX) asks for none, before or after the app takes over and moves', async ({ page }) => {
  const sheets: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet' || request.url().endsWith('.css')) sheets.push(new URL(request.url()).pathname)
  })
  await page.goto(`${deckURL}/13`)
  await ready(page)
  // The formula is drawn in KaTeX's own face: its CSS is in the page.
  await expect(page.locator('.slidev-page-13 .katex').first()).toBeVisible()
  expect(await page.locator('.slidev-page-13 .katex').first().evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/KaTeX_Main/)
  // Away and back: the app loads slide 13's chunk again, and the sheets in the page are not fetched a second time.
  await page.keyboard.press('ArrowDown')
  await expect(page).toHaveURL(/\/14$/)
  await page.keyboard.press('ArrowUp')
  await expect(page.locator('.slidev-page-13[data-loaded="true"]')).toBeVisible()
  await expect(page.locator('style[data-from*="katex"]')).toHaveCount(1)
  expect(sheets.filter((path) => /\/(index|katex|drawing|DrawingSnapshot)-[\w-]+\.css$/.test(path))).toEqual([])
})
