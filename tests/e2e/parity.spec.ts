// The parity fixture deck (tests/fixtures/parity.md): Slidev features beyond the basics, as a viewer sees them at
// each click, and in the static forms (prerendered page, print, reader, presenter, overview).
import { test, expect, type Locator, type Page } from '@playwright/test'
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { openAt, press, shown, slideNumbers, slidesIn, urlOf } from './fixture-walk'
import { startServer, type RunningServer } from '../../server/index'
import { deckDist, root, specPort } from './decks'
import type { SlidevWalks } from '../../scripts/record-slidev-walk'
import { monacoWorkerFiles } from '../../plugin/monaco-workers'

// The parity deck, built by the global setup, served by `reslide serve`'s server: its presenter test moves viewers.
const port = specPort('parityServe')
const origin = `http://127.0.0.1:${port}`
let server: RunningServer

// One worker, in order: the server above takes one port (a second worker's would collide), and the presenter's test,
// which moves every viewer, comes last.
test.describe.configure({ mode: 'default' })

test.beforeAll(async () => {
  server = await startServer({ dir: deckDist('parity'), port, host: '127.0.0.1', log: () => {} })
})

test.afterAll(async () => {
  await server?.close()
})

const open = (page: Page, path: string) => openAt(page, origin, path)

async function openPrint(page: Page, path: string) {
  await page.goto(origin + path)
  await expect(page.locator('html')).toHaveAttribute('data-print-ready', 'true', { timeout: 20_000 })
}

/** The number of the fixture's slide titled `title`. */
const slideNo = slideNumbers('tests/fixtures/parity.md')

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
    const total = slidesIn('tests/fixtures/parity.md').length
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

test.describe('built-ins', () => {
  test('LightOrDark follows the colour scheme; RenderWhen shows what the place asks for; AutoFitText fits its box', async ({ page }) => {
    const no = slideNo('Built-ins')
    const html = await (await page.request.get(`${origin}/${no}`)).text()
    expect(html).toContain('id="lod-light"')
    expect(html).toContain('id="rw-fallback"')
    await open(page, `/${no}`)
    const slide = shown(page)
    await expect(slide.locator('#lod-light')).toBeVisible()
    await expect(slide.locator('#lod-dark')).toHaveCount(0)
    await page.keyboard.press('d')
    await expect(slide.locator('#lod-dark')).toBeVisible()
    await expect(slide.locator('#lod-light')).toHaveCount(0)
    await page.keyboard.press('d')
    await expect(slide.locator('#rw-fallback')).toBeVisible()
    await expect(slide.locator('#rw-main')).toBeVisible()
    await expect(slide.locator('#rw-presenter, #rw-print')).toHaveCount(0)
    // One line as wide as the 300 px box, at most 200 px high.
    const fit = slide.locator('.slidev-auto-fit-text')
    await expect.poll(async () => fit.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeLessThan(200)
    const widths = await fit.evaluate((el) => [(el.firstElementChild as HTMLElement).offsetWidth, el.clientWidth])
    expect(widths[0]).toBeLessThanOrEqual(widths[1]!)
    expect(widths[0]).toBeGreaterThan(widths[1]! * 0.9)
    await expect(fit).toHaveText('Fit me')
  })

  test('Tweet is a local card with a link, and asks X for nothing until asked', async ({ page }) => {
    const asked: string[] = []
    page.on('request', (request) => {
      if (/twitter|x\.com|twimg/.test(new URL(request.url()).hostname)) asked.push(request.url())
    })
    await page.route(/platform\.twitter\.com/, (route) => route.fulfill({ contentType: 'text/javascript', body: 'window.twttr = { widgets: { createTweet: (id, el) => { el.innerHTML = `<p class="fake-tweet">post ${id}</p>`; return Promise.resolve(el) } } }' }))
    const no = slideNo('Built-ins')
    await open(page, `/${no}`)
    const tweet = shown(page).locator('.slidev-tweet')
    await expect(tweet.getByRole('link', { name: /Open the post on X/ })).toHaveAttribute('href', 'https://x.com/i/status/1390115482657726468')
    await page.waitForLoadState('networkidle')
    expect(asked).toEqual([])
    await tweet.getByRole('button', { name: /Show the post here/ }).click()
    await expect(tweet.locator('.fake-tweet')).toHaveText('post 1390115482657726468')
    expect(asked).toEqual(['https://platform.twitter.com/widgets.js'])
    expect(urlOf(page)).toBe(`/${no}`)
  })

  test('print: RenderWhen print content, the tweet card without a button; the reader reads the slide', async ({ page }) => {
    const no = slideNo('Built-ins')
    await openPrint(page, `/print?range=${no}`)
    const printed = printPage(page, no)
    await expect(printed.locator('#rw-print')).toBeVisible()
    await expect(printed.locator('#rw-main')).toHaveCount(0)
    await expect(printed.locator('.slidev-tweet-link')).toBeVisible()
    await expect(printed.locator('.slidev-tweet button')).toHaveCount(0)
    await expect(printed.locator('.slidev-auto-fit-text')).toHaveText('Fit me')
    await page.goto(`${origin}/1?view=reader`)
    await expect(page.locator(`#slide-${no} #lod-light`)).toBeVisible()
    await expect(page.locator(`#slide-${no} .slidev-tweet-link`)).toBeVisible()
  })
})

test.describe('v-switch', () => {
  test('one step at a time over its clicks, a hidden step taking no room; the click after it comes after its run', async ({ page }) => {
    const no = slideNo('Switch')
    await open(page, `/${no}`)
    const slide = shown(page)
    const visible = async () => slide.locator('#sw-one, #sw-two, #sw-five').evaluateAll((els) => els.filter((el) => el.getBoundingClientRect().height > 0 && getComputedStyle(el.parentElement!).opacity === '1').map((el) => el.id))
    const expected: [number, string[]][] = [[0, []], [1, []], [2, ['sw-one']], [3, ['sw-two']], [4, ['sw-two']], [5, ['sw-two']], [6, ['sw-five']], [7, ['sw-five']], [8, []]]
    for (const [click, ids] of expected) {
      if (click > 0) await press(page, 'ArrowRight', `/${no}?clicks=${click}`)
      await expect.poll(visible).toEqual(ids)
    }
    await expect(slide.locator('#sw-after')).not.toHaveClass(/slidev-vclick-hidden/)
    // The unmounting switch at click 9 only: its step is not in the page before.
    await expect(slide.locator('#sw-mounted')).toHaveCount(0)
    await press(page, 'ArrowRight', `/${no}?clicks=9`)
    await expect(slide.locator('#sw-mounted')).toBeVisible()
  })

  test('print shows each step at its click, and the final state (no step) on a page of its own', async ({ page }) => {
    const no = slideNo('Switch')
    await openPrint(page, `/print?print=clicks&range=${no}`)
    await expect(printPage(page, no, 3).locator('#sw-two')).toBeVisible()
    await expect(printPage(page, no, 3).locator('#sw-one')).toBeHidden()
    await expect(printPage(page, no, 6).locator('#sw-five')).toBeVisible()
  })
})

test.describe('SlidevVideo', () => {
  test('plays when its slide is shown, or at its click; pauses when hidden; its local file ships with the deck; never plays on paper', async ({ page }) => {
    await page.addInitScript(() => {
      const log: string[] = ((window as unknown as { mediaLog: string[] }).mediaLog = [])
      HTMLMediaElement.prototype.play = function () {
        log.push(`play ${this.id}`)
        return Promise.resolve()
      }
      HTMLMediaElement.prototype.pause = function () {
        log.push(`pause ${this.id}`)
      }
    })
    const log = () => page.evaluate(() => (window as unknown as { mediaLog: string[] }).mediaLog)
    const no = slideNo('Video')
    await open(page, `/${no}`)
    const slide = shown(page)
    await expect(slide.locator('#vid-auto')).toHaveAttribute('controls', '')
    // Bundled by Vite: a file of its own, or (this small one) inlined.
    await expect(slide.locator('#vid-auto source')).toHaveAttribute('src', /^(\/assets\/parity-clip-[\w-]+\.webm|data:video\/webm;base64,GkXfo3Bhcml0eS1maXh0dXJl)/)
    await expect.poll(log).toContain('play vid-auto')
    expect(await log()).not.toContain('play vid-click')
    await press(page, 'ArrowRight', `/${no}?clicks=1`)
    await expect.poll(log).toContain('play vid-click')
    await press(page, 'ArrowLeft', `/${no}`)
    await expect.poll(log).toContain('pause vid-click')

    await openPrint(page, `/print?range=${no}`)
    await expect(printPage(page, no).locator('video')).toHaveCount(2)
    expect((await log()).filter((entry) => entry.startsWith('play'))).toEqual([])
  })
})

test.describe('v-mark', () => {
  test('each mark draws at its click and is gone before it; Rough Notation loads only on a slide with marks', async ({ page }) => {
    const asked: string[] = []
    page.on('request', (request) => void asked.push(request.url()))
    await open(page, '/1')
    await page.waitForLoadState('networkidle')
    expect(asked.filter((url) => /rough/i.test(url))).toEqual([])
    const no = slideNo('Marks')
    await open(page, `/${no}`)
    const slide = shown(page)
    const marks = slide.locator('#mark-line svg.rough-annotation')
    await expect(slide.locator('#mark-circle')).not.toHaveAttribute('data-mark-drawn')
    await press(page, 'ArrowRight', `/${no}?clicks=1`)
    await expect(marks).toHaveCount(0)
    await press(page, 'ArrowRight', `/${no}?clicks=2`)
    await expect(slide.locator('#mark-circle')).toHaveAttribute('data-mark-drawn', '')
    await expect(marks).toHaveCount(1)
    await expect(marks.locator('path').first()).toHaveAttribute('stroke', 'red')
    await press(page, 'ArrowRight', `/${no}?clicks=3`)
    await expect(marks).toHaveCount(2)
    await press(page, 'ArrowLeft', `/${no}?clicks=2`)
    await expect(marks).toHaveCount(1)
    await press(page, 'ArrowLeft', `/${no}?clicks=1`)
    await expect(marks).toHaveCount(0)
    expect(asked.some((url) => /rough/i.test(url))).toBe(true)
  })

  test('print and the reader show every mark drawn', async ({ page }) => {
    const no = slideNo('Marks')
    await openPrint(page, `/print?range=${no}`)
    await expect(printPage(page, no).locator('#mark-line svg.rough-annotation')).toHaveCount(2)
    await page.goto(`${origin}/1?view=reader`)
    await expect(page.locator(`#slide-${no} #mark-line svg.rough-annotation`)).toHaveCount(2)
  })
})

test('snippets: a region of a file beside the deck, titled, its lines stepped by clicks; the whole file; printed', async ({ page }) => {
  const no = slideNo('Snippets')
  await open(page, `/${no}`)
  const blocks = shown(page).locator('pre.shiki')
  await expect(blocks).toHaveCount(2)
  await expect(shown(page)).toContainText('multiplier.ts')
  await expect(blocks.first()).toContainText('return 1 / ratio')
  await expect(blocks.first()).not.toContainText('not in the region')
  await expect(blocks.first().locator('.line.highlighted')).toContainText('const ratio')
  await press(page, 'ArrowRight', `/${no}?clicks=1`)
  await expect(blocks.first().locator('.line.highlighted')).toContainText('return 1 / ratio')
  await expect(blocks.nth(1)).toContainText("export const before = 'not in the region'")
  await openPrint(page, `/print?range=${no}`)
  await expect(printPage(page, no).locator('pre.shiki').first()).toContainText('return 1 / ratio')
})

/** The magic-move fixture's steps, as the block's code shows them. */
const MM_STEPS = ['let count = 1\nfunction add() {\n  count++\n}', 'let count = 1\nconst add = () => count += 1', 'const add = (count: number): number => count + 1']

/**
 * The code of a magic-move block's <pre>, in the page: its tokens (without line numbers, without tokens on their way
 * out), its lines ending at a <br> (the morphing renderer) or a newline (the static markup).
 */
function codeOfPre(pre: Element): { code: string; highlighted: number[] } {
  let code = ''
  const highlighted: number[] = []
  let line = 1
  for (const node of pre.childNodes) {
    if (node.nodeType === Node.TEXT_NODE || (node as Element).tagName === 'BR') {
      const breaks = node.nodeType === Node.TEXT_NODE ? (node.textContent ?? '').split('\n').length - 1 : 1
      code += '\n'.repeat(breaks)
      line += breaks
      continue
    }
    const el = node as Element
    if (!el.classList.contains('shiki-magic-move-item') || el.classList.contains('shiki-magic-move-line-number') || el.classList.contains('shiki-magic-move-leave-active')) continue
    code += el.textContent
    if (el.classList.contains('highlighted') && !highlighted.includes(line)) highlighted.push(line)
  }
  return { code: code.replace(/\n$/, ''), highlighted }
}

/** The code a magic-move block shows. */
const magicMoveCode = async (block: Locator) => (await block.locator('pre').evaluate(codeOfPre)).code

/** The 1-based lines whose tokens are highlighted. */
const highlightedLines = async (block: Locator) => (await block.locator('pre').evaluate(codeOfPre)).highlighted

/**
 * The most CSS animations running at once in a magic-move block, sampled each frame until it is visible and shows
 * `expected`, and ten frames more. The block's code element is looked up each frame: the static step a page draws
 * before the app takes over, and the moving one after, are different elements.
 */
const animationsUntil = (block: Locator, expected: string) =>
  block.evaluate(
    (el, [code, source]) =>
      new Promise<number>((done) => {
        // codeOfPre, sent as its source (a frame loop cannot wait for a round trip to the test each frame).
        const codeOf = new Function(`return ${source}`)() as typeof codeOfPre
        let most = 0
        let after = -1
        const sample = () => {
          const pre = el.querySelector('pre')
          most = Math.max(most, pre?.getAnimations({ subtree: true }).length ?? 0)
          if (after < 0 && pre?.checkVisibility() && codeOf(pre).code === code) after = 0
          if (after >= 0 && ++after > 10) return done(most)
          requestAnimationFrame(sample)
        }
        requestAnimationFrame(sample)
      }),
    [expected, codeOfPre.toString()] as const,
  )

/** Until the block's last morph has run out (its leaving tokens gone): what is sampled next is what comes after. */
const morphDone = (block: Locator) => expect.poll(() => block.evaluate((el) => el.getAnimations({ subtree: true }).length)).toBe(0)

test.describe('magic move', () => {
  test('each step and line range is a click in document order; → and ← walk them; the code morphs; slide 1 loads none of it', async ({ page }) => {
    const errors: string[] = []
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())))
    const scripts: string[] = []
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) scripts.push(response.url())
    })
    await open(page, '/1')
    await page.waitForLoadState('networkidle')
    const firstLoad = await Promise.all(scripts.map(async (url) => (await page.request.get(url)).text()))
    expect(firstLoad.some((code) => code.includes('shiki-magic-move-container'))).toBe(false)

    const no = slideNo('Magic move')
    const html = await (await page.request.get(`${origin}/${no}`)).text()
    expect(html).toContain('data-magic-move-step="0"')
    await open(page, `/${no}`)
    const slide = shown(page)
    const block = slide.locator('.slidev-code-magic-move')
    // [click, step, highlighted lines]: `{*|1|2}` then one step, then `{*}`; the block starts after #mm-before.
    const walk: [number, number, number[]][] = [[0, 0, [1, 2, 3, 4]], [1, 0, [1, 2, 3, 4]], [2, 0, [1]], [3, 0, [2]], [4, 1, [1, 2]], [5, 2, [1]], [6, 2, [1]]]
    for (const [click, step, lines] of walk) {
      if (click > 0) await press(page, 'ArrowRight', `/${no}?clicks=${click}`)
      await expect.poll(() => magicMoveCode(block)).toBe(MM_STEPS[step])
      await expect.poll(() => highlightedLines(block)).toEqual(lines)
    }
    await expect(slide.locator('#mm-after')).not.toHaveClass(/slidev-vclick-hidden/)
    await expect(block.locator('.deck-code-title')).toHaveText('counter.js')
    // `{lines: true}` numbers the first two steps; the last says `{lines: false}`.
    await expect(block.locator('.shiki-magic-move-line-number')).toHaveCount(0)
    // The morph into the last step (800 ms) has run out: its animations are not counted as a replay below.
    await morphDone(block)
    await press(page, 'ArrowRight', `/${no + 1}`)
    // Back on the slide (it waited hidden at its last click): its last step is in place, no morph replayed.
    const arriving = animationsUntil(page.locator(`.slidev-page-${no} .slidev-code-magic-move`), MM_STEPS[2]!)
    await press(page, 'ArrowLeft', `/${no}?clicks=6`)
    expect(await arriving).toBe(0)
    for (const [click, step] of [[5, 2], [4, 1], [3, 0]] as const) {
      await press(page, 'ArrowLeft', `/${no}?clicks=${click}`)
      await expect.poll(() => magicMoveCode(shown(page).locator('.slidev-code-magic-move'))).toBe(MM_STEPS[step])
    }
    await expect(shown(page).locator('.slidev-code-magic-move .shiki-magic-move-line-number')).toHaveCount(4)
    // The step change morphs: tokens move and fade (CSS transitions) until the next step's code is in place.
    const sampling = animationsUntil(shown(page).locator('.slidev-code-magic-move'), MM_STEPS[1]!)
    await press(page, 'ArrowRight', `/${no}?clicks=4`)
    expect(await sampling).toBeGreaterThan(0)
    // The copy button (codeCopy, magicMoveCopy on by default) copies the step shown (last: it takes the focus).
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin })
    await shown(page).locator('.slidev-code-magic-move').getByRole('button', { name: 'Copy code' }).click()
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(MM_STEPS[1])
    // Hydrating the prerendered page found what it rendered; no step threw.
    expect(errors).toEqual([])
  })

  test('with reduced motion a step swaps without animating', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    const no = slideNo('Magic move')
    await open(page, `/${no}?clicks=3`)
    const block = shown(page).locator('.slidev-code-magic-move')
    await expect.poll(() => magicMoveCode(block)).toBe(MM_STEPS[0])
    // Sampled every frame from the key until the new step is in, and a few frames more: no transition ran.
    const sampling = animationsUntil(block, MM_STEPS[1]!)
    await page.keyboard.press('ArrowRight')
    expect(await sampling).toBe(0)
    await expect(block.locator('.shiki-magic-move-leave-active')).toHaveCount(0)
  })

  test('static forms show the step of their click: print (final, and each click), the reader, the overview', async ({ page }) => {
    const no = slideNo('Magic move')
    await openPrint(page, `/print?range=${no}`)
    await expect.poll(() => magicMoveCode(printPage(page, no).locator('.slidev-code-magic-move'))).toBe(MM_STEPS[2])
    await openPrint(page, `/print?print=clicks&range=${no}`)
    await expect.poll(() => magicMoveCode(printPage(page, no, 2).locator('.slidev-code-magic-move'))).toBe(MM_STEPS[0])
    expect(await highlightedLines(printPage(page, no, 2).locator('.slidev-code-magic-move'))).toEqual([1])
    await expect.poll(() => magicMoveCode(printPage(page, no, 4).locator('.slidev-code-magic-move'))).toBe(MM_STEPS[1])
    await page.goto(`${origin}/1?view=reader`)
    await expect.poll(() => magicMoveCode(page.locator(`#slide-${no} .slidev-code-magic-move`))).toBe(MM_STEPS[2])
    await open(page, `/${no}`)
    await page.keyboard.press('o')
    await expect.poll(() => magicMoveCode(page.getByTestId('overview').locator(`.slidev-page-${no} .slidev-code-magic-move`))).toBe(MM_STEPS[2])
  })
})

/** An element's own transform and opacity, rounded: x, y (px), scale, opacity. */
const motionOf = (element: Locator) =>
  element.evaluate((el) => {
    const style = getComputedStyle(el)
    const m = new DOMMatrix(style.transform === 'none' ? undefined : style.transform)
    return { x: Math.round(m.e), y: Math.round(m.f), scale: Math.round(m.a * 100) / 100, opacity: Math.round(Number(style.opacity) * 100) / 100 }
  })

/** Samples the computed opacity, y and scale of the element at `selector` every frame until stopSampling. */
const startSampling = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const w = window as unknown as { motionSamples: { opacity: number; y: number; scale: number }[]; motionSampling: boolean }
    w.motionSamples = []
    w.motionSampling = true
    const tick = () => {
      const el = document.querySelector(sel)
      if (el) {
        const style = getComputedStyle(el)
        const m = new DOMMatrix(style.transform === 'none' ? undefined : style.transform)
        w.motionSamples.push({ opacity: Number(style.opacity), y: m.f, scale: m.a })
      }
      if (w.motionSampling) requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  }, selector)

/** The y values sampled so far, rounded, without stopping. */
const sampledYs = (page: Page) =>
  page.evaluate(() => (window as unknown as { motionSamples: { y: number }[] }).motionSamples.map((sample) => Math.round(sample.y)))

const stopSampling = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { motionSamples: { opacity: number; y: number; scale: number }[]; motionSampling: boolean }
    w.motionSampling = false
    return w.motionSamples
  })

test.describe('v-motion', () => {
  test('enters from :initial, moves at :click-N and :click-N-M over the slide\'s clicks (`clicks: 4`, as a Slidev deck sets them)', async ({ page }) => {
    const no = slideNo('Motion')
    const html = await (await page.request.get(`${origin}/${no}`)).text()
    // The prerendered page shows the values of click 0 (no script needed to see the box).
    expect(html).toMatch(/id="motion-box"[^>]*style="[^"]*opacity:1/)
    const errors: string[] = []
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())))
    await open(page, `/${no - 1}?clicks=6`)
    await startSampling(page, `.slidev-page-${no} #motion-box`)
    await press(page, 'ArrowRight', `/${no}`)
    const box = shown(page).locator('#motion-box')
    const walk: [number, { x: number; y: number; scale: number; opacity: number }][] = [
      [0, { x: 0, y: 0, scale: 1, opacity: 1 }],
      [1, { x: 0, y: 30, scale: 1, opacity: 1 }],
      [2, { x: 0, y: 30, scale: 2, opacity: 1 }],
      [3, { x: 0, y: 30, scale: 2, opacity: 1 }],
      [4, { x: 0, y: 30, scale: 1, opacity: 1 }],
    ]
    for (const [click, values] of walk) {
      if (click > 0) await press(page, 'ArrowRight', `/${no}?clicks=${click}`)
      await expect.poll(() => motionOf(box)).toEqual(values)
      // It entered: from :initial's opacity 0 through values in between to :enter's 1.
      if (click === 0) expect((await stopSampling(page)).some((sample) => sample.opacity > 0 && sample.opacity < 1)).toBe(true)
    }
    // `:click-2-4` ends at click 4, the slide's last (its variants add no click, as in Slidev 53); the v-click took the first.
    await expect(shown(page).locator('#motion-next')).not.toHaveClass(/slidev-vclick-hidden/)
    // So → goes on to the next slide, and ← comes back to click 4.
    await press(page, 'ArrowRight', `/${no + 1}`)
    await press(page, 'ArrowLeft', `/${no}?clicks=4`)
    await press(page, 'ArrowLeft', `/${no}?clicks=3`)
    await expect.poll(() => motionOf(box)).toEqual({ x: 0, y: 30, scale: 2, opacity: 1 })
    expect(errors).toEqual([])
  })

  test('with reduced motion the values change at once, without frames in between', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    const no = slideNo('Motion')
    await open(page, `/${no}`)
    const box = shown(page).locator('#motion-box')
    await expect.poll(() => motionOf(box)).toEqual({ x: 0, y: 0, scale: 1, opacity: 1 })
    await startSampling(page, `.slidev-page-${no} #motion-box`)
    await press(page, 'ArrowRight', `/${no}?clicks=1`)
    await expect.poll(() => motionOf(box)).toEqual({ x: 0, y: 30, scale: 1, opacity: 1 })
    // Until a frame has sampled the new value (the poll above may see it before the next frame runs).
    await expect.poll(() => sampledYs(page).then((ys) => ys.includes(30))).toBe(true)
    // Every frame from before the key on: y was 0, then 30, never a value in between.
    const samples = await stopSampling(page)
    expect(samples.filter((sample) => sample.y > 0.5 && sample.y < 29.5)).toEqual([])
  })

  test('static forms show the final values: print, each printed click, the reader, the overview', async ({ page }) => {
    const no = slideNo('Motion')
    await openPrint(page, `/print?range=${no}`)
    await expect.poll(() => motionOf(printPage(page, no).locator('#motion-box'))).toEqual({ x: 0, y: 30, scale: 1, opacity: 1 })
    await openPrint(page, `/print?print=clicks&range=${no}`)
    await expect.poll(() => motionOf(printPage(page, no, 2).locator('#motion-box'))).toEqual({ x: 0, y: 30, scale: 2, opacity: 1 })
    await page.goto(`${origin}/1?view=reader`)
    await expect.poll(() => motionOf(page.locator(`#slide-${no} #motion-box`))).toEqual({ x: 0, y: 30, scale: 1, opacity: 1 })
    await open(page, `/${no}`)
    await page.keyboard.press('o')
    await expect.poll(() => motionOf(page.getByTestId('overview').locator(`.slidev-page-${no} #motion-box`))).toEqual({ x: 0, y: 30, scale: 1, opacity: 1 })
  })
})

/** The computed opacity of a twoslash popup (shown popups are 1, waiting ones 0). */
const opacityOf = (popup: Locator) => popup.evaluate((el) => Number(getComputedStyle(el).opacity))

test.describe('twoslash', () => {
  test('types on hover and on keyboard focus, the `^?` query shown, the expected error inline; line steps still click; prerendered', async ({ page }) => {
    const no = slideNo('Twoslash')
    const html = await (await page.request.get(`${origin}/${no}`)).text()
    // Rendered at build time: the prerendered page has the query's type and the error, and no TypeScript runs in the page.
    expect(html).toContain('twoslash-query-line')
    expect(html).toContain("Type 'string' is not assignable to type 'number'.")
    const errors: string[] = []
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())))
    await open(page, `/${no}`)
    const block = shown(page).locator('pre.twoslash')
    // The query under its line, shown without a pointer.
    const query = block.locator('.twoslash-query-line .twoslash-popup-container')
    await expect(query).toBeVisible()
    await expect(query).toHaveText('const length: number')
    expect(await opacityOf(query)).toBe(1)
    await expect(block.locator('.twoslash-error-line')).toHaveText("Type 'string' is not assignable to type 'number'.")
    await expect(block.locator('.twoslash-error')).toHaveText('title')
    // A hover target's popup waits hidden; the pointer shows it.
    const minutes = block.locator('.twoslash-hover[tabindex="0"]', { hasText: 'minutes' }).first()
    const minutesPopup = minutes.locator('> .twoslash-popup-container')
    await expect(minutesPopup).toHaveAttribute('role', 'tooltip')
    expect(await opacityOf(minutesPopup)).toBe(0)
    // The pointer at the token's middle (Playwright's own hover aims at the popup's place inside it, under the query line).
    const box = (await minutes.boundingBox())!
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await expect.poll(() => opacityOf(minutesPopup)).toBe(1)
    await expect(minutesPopup).toHaveText('Talk.minutes: number')
    await page.mouse.move(0, 0)
    await expect.poll(() => opacityOf(minutesPopup)).toBe(0)
    // The keyboard: the token takes focus and its popup shows.
    const talk = block.locator('.twoslash-hover[tabindex="0"]', { hasText: 'const talk: Talk' }).first()
    await talk.focus()
    await expect.poll(() => opacityOf(talk.locator('> .twoslash-popup-container'))).toBe(1)
    await expect(talk.locator('> .twoslash-popup-container')).toHaveText('const talk: Talk')
    await talk.blur()
    // `{1|2}` steps the shown lines (the cut part and the notation lines are not lines).
    await expect(block.locator('.line.highlighted')).toHaveCount(1)
    await expect(block.locator('.line.highlighted')).toContainText('const length')
    await press(page, 'ArrowRight', `/${no}?clicks=1`)
    await expect(block.locator('.line.highlighted')).toHaveCount(1)
    await expect(block.locator('.line.highlighted')).toContainText('const title')
    expect(errors).toEqual([])
  })

  test('print, the reader and the overview show the query and the error; no hover popup', async ({ page }) => {
    const no = slideNo('Twoslash')
    await openPrint(page, `/print?range=${no}`)
    const printed = printPage(page, no).locator('pre.twoslash')
    await expect(printed.locator('.twoslash-query-line .twoslash-popup-container')).toHaveText('const length: number')
    await expect(printed.locator('.twoslash-error-line')).toBeVisible()
    await expect(printed.locator('.twoslash-hover > .twoslash-popup-container')).not.toHaveCount(0)
    for (const popup of await printed.locator('.twoslash-hover > .twoslash-popup-container').all()) expect(await opacityOf(popup)).toBe(0)
    await page.goto(`${origin}/1?view=reader`)
    await expect(page.locator(`#slide-${no} .twoslash-query-line .twoslash-popup-container`)).toHaveText('const length: number')
    await expect(page.locator(`#slide-${no} .twoslash-error-line`)).toBeVisible()
    await open(page, `/${no}`)
    await page.keyboard.press('o')
    await expect(page.getByTestId('overview').locator(`.slidev-page-${no} .twoslash-query-line .twoslash-popup-container`)).toHaveText('const length: number')
  })
})

/** The text a Monaco editor shows (its rendered lines; Monaco writes spaces as no-break spaces). */
const editorText = (editor: Locator) => editor.locator('.view-lines').evaluate((el) => [...el.querySelectorAll('.view-line')].sort((a, b) => parseFloat((a as HTMLElement).style.top) - parseFloat((b as HTMLElement).style.top)).map((line) => line.textContent!.replace(/\u00a0/g, ' ')).join('\n'))

/** A slide's Monaco blocks once their editors are open (the chunk loads when the slide mounts; the machine may be slow). */
async function openEditors(page: Page, no: number, count: number) {
  await open(page, `/${no}`)
  const ready = shown(page).locator('.deck-monaco [data-monaco-state="ready"]')
  await expect(ready).toHaveCount(count, { timeout: 60_000 })
  return shown(page).locator('.deck-monaco')
}

test.describe('monaco', () => {
  test("slide 1 loads none of it; typing edits the code and never moves the slide; Esc gives the keys back; the scheme follows the deck; TypeScript's service runs in monaco-editor's own built worker", async ({ page }) => {
    const scripts: string[] = []
    page.on('request', (request) => void scripts.push(request.url()))
    // Two of Monaco's loads in one test (the editor, then its TypeScript worker): the time two tests had.
    test.setTimeout(60_000)
    const workers: { url: string; body: Promise<Buffer | null> }[] = []
    page.on('response', (response) => {
      // A body still arriving when the test ends is never read: no error for it.
      if (/\.worker-[\w-]+\.js$/.test(response.url())) workers.push({ url: response.url(), body: response.body().catch(() => null) })
    })
    await open(page, '/1')
    await page.waitForLoadState('networkidle')
    expect(scripts.filter((url) => /monaco|editor\.api|\.worker/i.test(url))).toEqual([])
    const firstLoad = await Promise.all(scripts.filter((url) => url.endsWith('.js')).map(async (url) => (await page.request.get(url)).text()))
    expect(firstLoad.some((code) => code.includes('MonacoEnvironment') || code.includes('deck-monaco-live'))).toBe(false)

    const no = slideNo('Monaco editor')
    const blocks = await openEditors(page, no, 2)
    const editor = blocks.first().locator('.monaco-editor')
    await expect.poll(() => editorText(editor)).toBe("const greeting: string = 'hello'\nconsole.log(greeting)")
    // The snippet's region, as its own editor (`<<< @/snippets/parity.ts#multiplier {monaco}`).
    await expect.poll(() => editorText(blocks.nth(1).locator('.monaco-editor'))).toContain('export function multiplier(reserveRatio: number): number {')
    await editor.locator('.view-lines').click()
    await page.keyboard.press('Control+End')
    await page.keyboard.type(' // edited')
    for (const key of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Space', 'PageDown']) await page.keyboard.press(key)
    await expect.poll(() => editorText(editor)).toContain('console.log(greeting) // edited')
    expect(urlOf(page)).toBe(`/${no}`)
    // Esc leaves the editor: the arrows move the deck again.
    await page.keyboard.press('Escape')
    await expect(editor).not.toHaveClass(/focused/)
    await press(page, 'ArrowRight', `/${no + 1}`)
    await press(page, 'ArrowLeft', `/${no}`)
    // The editor kept the edit while its slide waited off stage, and follows the deck's dark mode.
    await expect.poll(() => editorText(editor)).toContain('// edited')
    const light = await editor.evaluate((el) => getComputedStyle(el.querySelector('.mtk1') ?? el).color)
    await page.keyboard.press('d')
    await expect(page.locator('html')).toHaveClass(/dark/)
    await expect(editor).toHaveClass(/vs-dark/)
    expect(await editor.evaluate((el) => getComputedStyle(el.querySelector('.mtk1') ?? el).color)).not.toBe(light)
    await page.keyboard.press('d')
    await expect(editor).not.toHaveClass(/vs-dark/)

    // A type error typed in is underlined: the squiggle comes from the language service's answer (the worker started,
    // loaded and checked the model).
    await editor.locator('.view-lines').click()
    await page.keyboard.press('Control+End')
    await page.keyboard.type("\nconst count: number = 'three'")
    await expect(editor.locator('.squiggly-error')).not.toHaveCount(0, { timeout: 30_000 })
    // The worker the build copied is monaco-editor's own file, byte for byte (never bundled again).
    const ts = workers.find((w) => /\/ts\.worker-/.test(w.url))
    expect(ts, `requested: ${workers.map((w) => w.url).join(', ')}`).toBeDefined()
    const assets = resolve(root, 'node_modules/monaco-editor/min/vs/assets')
    const own = resolve(assets, monacoWorkerFiles(readdirSync(assets), assets).ts)
    expect(createHash('sha256').update((await ts!.body) ?? '').digest('hex')).toBe(createHash('sha256').update(readFileSync(own)).digest('hex'))
  })

  test('{monaco-run} runs TypeScript in a worker and shows its console; an edit runs again; an endless loop is stopped with a message', async ({ page }) => {
    const no = slideNo('Monaco run')
    const blocks = await openEditors(page, no, 2)
    const [typed, loop] = [blocks.nth(0), blocks.nth(1)]
    await expect(typed.locator('.deck-monaco-output')).toHaveText("total 350{ owner: 'Ann', balance: 100 } Map(1) { 'rate' => 0.1 }", { timeout: 20_000 })
    await expect(typed.locator('.deck-monaco-line')).toHaveCount(2)
    // An edit runs the code again (autorun), once typing pauses.
    await typed.locator('.view-lines').click()
    await page.keyboard.press('Control+End')
    await page.keyboard.press('Enter')
    await page.keyboard.type('console.warn([1, 2].map((n) => n * 21))')
    await expect(typed.locator('.deck-monaco-line.is-warn')).toHaveText('[21, 42]', { timeout: 20_000 })
    await page.keyboard.press('Escape')
    // `{autorun: false}` waits for the button; the loop never ends, so it is stopped at its time limit (1 s here).
    await expect(loop.locator('.deck-monaco-output')).toHaveText('Press Run to run this code')
    await loop.getByRole('button', { name: 'Run the code' }).click()
    await expect(loop.locator('.deck-monaco-output')).toHaveAttribute('data-run-state', 'timeout', { timeout: 20_000 })
    await expect(loop.locator('.deck-monaco-line.is-stopped')).toHaveText('Stopped: the code ran longer than 1 s (an endless loop?)')
    // The deck was never blocked: the keys still move it.
    await press(page, 'ArrowRight', `/${no + 1}`)
  })

  test('{monaco-diff} shows the code before and after its ~~~ line side by side', async ({ page }) => {
    const no = slideNo('Monaco diff')
    const block = (await openEditors(page, no, 1)).first()
    await expect(block.locator('.monaco-diff-editor')).toBeVisible()
    await expect.poll(() => editorText(block.locator('.editor.original .monaco-editor'))).toBe('const rate = 0.1\nconsole.log(rate)')
    await expect.poll(() => editorText(block.locator('.editor.modified .monaco-editor'))).toBe("const rate = 0.2\nconsole.log(rate * 100, '%')")
  })

  test('static forms show the code highlighted at build time, with no editor: prerendered page, print, reader, overview', async ({ page }) => {
    const no = slideNo('Monaco editor')
    const run = slideNo('Monaco run')
    const diff = slideNo('Monaco diff')
    const html = await (await page.request.get(`${origin}/${no}`)).text()
    expect(html).toMatch(/class="deck-monaco is-monaco"[^]*<pre [^>]*class="shiki/)
    expect(html).not.toMatch(/class="[^"]*\bmonaco-editor\b/)
    await openPrint(page, `/print?range=${no}-${diff}`)
    await expect(printPage(page, no).locator('.deck-monaco pre.shiki')).toHaveCount(2)
    await expect(printPage(page, no).locator('.deck-monaco pre.shiki').first()).toHaveText("const greeting: string = 'hello'\nconsole.log(greeting)")
    await expect(printPage(page, run).locator('.deck-monaco pre.shiki')).toHaveCount(2)
    await expect(printPage(page, diff).locator('.deck-monaco pre.shiki')).toHaveCount(2)
    await expect(page.locator('.monaco-editor, .deck-monaco-run, .deck-monaco-output')).toHaveCount(0)
    await page.goto(`${origin}/1?view=reader`)
    await expect(page.locator(`#slide-${run} .deck-monaco pre.shiki`).first()).toContainText('interface Account')
    await expect(page.locator('.monaco-editor')).toHaveCount(0)
    await open(page, `/${diff}`)
    await page.keyboard.press('o')
    const overview = page.getByTestId('overview')
    await expect(overview.locator(`.slidev-page-${no} .deck-monaco pre.shiki`)).toHaveCount(2)
    await expect(overview.locator('.monaco-editor')).toHaveCount(0)
  })
})

// Last: a presenter's view moves every viewer of this server (they follow the presenter, and a new presenter page
// takes up where the last one was), so one presenter walks the deck with the keys, and no viewer test comes after.
test('walked with → ← ↓ ↑, the deck takes the path Slidev 53 takes (recorded with scripts/record-slidev-walk.ts)', async ({ page }) => {
  const recorded = JSON.parse(readFileSync(resolve(root, 'tests/fixtures/parity-slidev-walk.json'), 'utf8')) as SlidevWalks
  const sha = createHash('sha256').update(readFileSync(resolve(root, recorded.deck))).digest('hex')
  expect(sha, `${recorded.deck} changed since Slidev's path was recorded: run npx tsx scripts/record-slidev-walk.ts`).toBe(recorded.deckSha256)
  for (const { key, from, addresses } of recorded.walks) {
    // Each walk starts where the one before ended, or from a fresh page, as it was recorded.
    if (urlOf(page) !== from) await open(page, from)
    for (const address of addresses.slice(1)) await press(page, key, address)
    // Where Slidev's walk by steps ended, ours has no step further either.
    if (key === 'ArrowRight') await expect(page.getByRole('button', { name: /^(Next|下一步)$/ })).toBeDisabled()
    if (key === 'ArrowLeft') await expect(page.getByRole('button', { name: /^(Previous|上一步)$/ })).toBeDisabled()
  }
})

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
  // RenderWhen: the presenter's current slide is "presenter" and "main", its next-slide preview neither.
  const builtins = slideNo('Built-ins')
  await press(page, 'ArrowRight', `/presenter/${expressions}?clicks=2`)
  await press(page, 'ArrowRight', `/presenter/${expressions}?clicks=3`)
  await expect(preview.locator('#rw-fallback')).toBeVisible()
  await expect(preview.locator('#rw-main')).toHaveCount(0)
  await press(page, 'ArrowRight', `/presenter/${builtins}`)
  await expect(main.locator('#rw-presenter')).toBeVisible()
  await expect(main.locator('#rw-main')).toBeVisible()
})

test('the presenter view: magic move and v-motion at the main click, and the preview at the next one', async ({ page }) => {
  const errors: string[] = []
  page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())))
  const mm = slideNo('Magic move')
  const motion = slideNo('Motion')
  await open(page, `/presenter/${mm}`)
  // The presenter may take up where the last presenter page was: ↓ and ↑ bring it to the magic-move slide.
  const slideOf = () => Number(new URL(page.url()).pathname.split('/').pop())
  while (slideOf() !== mm) await press(page, slideOf() < mm ? 'ArrowDown' : 'ArrowUp', `/presenter/${slideOf() < mm ? slideOf() + 1 : slideOf() - 1}`)
  const main = page.locator('[data-testid="presenter-main"] .slidev-page')
  const preview = page.getByTestId('presenter-preview')
  await expect.poll(() => magicMoveCode(main.locator('.slidev-code-magic-move'))).toBe(MM_STEPS[0])
  for (const click of [1, 2, 3]) await press(page, 'ArrowRight', `/presenter/${mm}?clicks=${click}`)
  await expect.poll(() => highlightedLines(main.locator('.slidev-code-magic-move'))).toEqual([2])
  await expect.poll(() => magicMoveCode(preview.locator('.slidev-code-magic-move'))).toBe(MM_STEPS[1])
  await press(page, 'ArrowRight', `/presenter/${mm}?clicks=4`)
  await expect.poll(() => magicMoveCode(main.locator('.slidev-code-magic-move'))).toBe(MM_STEPS[1])
  await press(page, 'ArrowDown', `/presenter/${motion}`)
  await press(page, 'ArrowRight', `/presenter/${motion}?clicks=1`)
  await expect.poll(() => motionOf(main.locator('#motion-box'))).toEqual({ x: 0, y: 30, scale: 1, opacity: 1 })
  await expect.poll(() => motionOf(preview.locator('#motion-box'))).toEqual({ x: 0, y: 30, scale: 2, opacity: 1 })
  expect(errors).toEqual([])
})
