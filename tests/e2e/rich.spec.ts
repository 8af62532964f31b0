// Rich content in the browser, on the built rich fixture deck: diagrams, their errors, code, images and embeds.
import { test, expect, type Page } from '@playwright/test'
import { richURL } from './servers'

const current = (page: Page) => page.locator('.slidev-stage-slide:not(.deck-leave) .slidev-page')

async function open(page: Page, no: number) {
  await page.goto(`${richURL}/${no}`)
  await expect(page.locator(`.slidev-page-${no}[data-loaded="true"]`).first()).toBeVisible()
}

async function settle(page: Page) {
  await expect(page.locator('.deck-leave')).toHaveCount(0)
}

/** The slide's box in the page, to check a diagram or image stays inside it. */
async function slideBox(page: Page) {
  const box = await page.locator('.slidev-slide-container').first().boundingBox()
  if (!box) throw new Error('no slide on screen')
  return box
}

test.describe('diagrams', () => {
  const diagrams = [
    { no: 2, type: 'flowchart-v2', scale: 1.25, label: '客户存入 100 两' },
    { no: 3, type: 'pie', scale: 0.8, label: '债券投资' },
  ]
  for (const { no, type, scale, label } of diagrams) {
    test(`slide ${no}: the ${type} renders an SVG, sized ${scale} × its viewBox, in the deck's serif font`, async ({ page }) => {
      await open(page, no)
      const box = current(page).locator('.deck-mermaid')
      await expect(box).toHaveAttribute('data-state', 'rendered', { timeout: 15_000 })
      await expect(box).toHaveAttribute('data-diagram-type', type)
      const svg = box.locator('svg').first()
      await expect(svg).toBeVisible()
      await expect(svg).toContainText(label)
      const size = await svg.evaluate((el) => ({ width: parseFloat((el as SVGSVGElement).style.width), viewBox: (el as SVGSVGElement).viewBox.baseVal.width }))
      expect(size.width).toBeCloseTo(size.viewBox * scale, 1)
      // Chinese labels are drawn in the CJK serif, like the slide's text.
      const font = await svg.evaluate((el) => getComputedStyle(el.querySelector('text, span, p, div') ?? el).fontFamily)
      expect(font).toMatch(/Noto Serif CJK SC|Deck Serif SC/)
      const inner = await svg.boundingBox()
      const outer = await slideBox(page)
      expect(inner!.x + inner!.width).toBeLessThanOrEqual(outer.x + outer.width + 1)
      await expect(current(page)).toContainText(no === 2 ? '流程图下方的说明文字仍然可见' : '饼图旁边的文字')
    })
  }

  const errors = [
    { no: 4, kind: 'too-large', title: '图表文字超过最大长度', detail: 'Maximum text size in diagram exceeded' },
    { no: 5, kind: 'syntax', title: '图表语法错误', detail: 'Syntax error in text' },
    { no: 6, kind: 'front-matter', title: '图表的 front-matter 无效', detail: 'Diagrams beginning with --- are not valid' },
    { no: 7, kind: 'not-found', title: '未找到该图表类型', detail: 'No diagram type detected' },
  ]
  for (const { no, kind, title, detail } of errors) {
    test(`slide ${no}: a ${kind} error shows inside its diagram box, the rest of the slide and deck keep working`, async ({ page }) => {
      const pageErrors: string[] = []
      page.on('pageerror', (e) => pageErrors.push(e.message))
      await open(page, no)
      const box = current(page).locator(`.deck-mermaid[data-error-kind="${kind}"]`).last()
      await expect(box).toHaveAttribute('data-state', 'error', { timeout: 15_000 })
      await expect(box).toContainText(title)
      await expect(box).toContainText(detail)
      await expect(current(page).locator('p', { hasText: '这张幻灯片的其他内容仍然可见' })).toBeVisible()
      await expect(current(page).locator('h1')).toBeVisible()
      // The error stays inside the box, and the box inside the slide.
      const inner = await box.boundingBox()
      const outer = await slideBox(page)
      expect(inner!.y + inner!.height).toBeLessThanOrEqual(outer.y + outer.height + 1)
      expect(inner!.x + inner!.width).toBeLessThanOrEqual(outer.x + outer.width + 1)
      // Mermaid leaves nothing behind in the page.
      await expect(page.locator('body > [id^="ddeck-mermaid"], body > svg[id^="deck-mermaid"]')).toHaveCount(0)
      await page.keyboard.press('ArrowRight')
      await expect(page).toHaveURL(new RegExp(`/${no + 1}$`))
      await settle(page)
      await expect(current(page).locator('h1')).toBeVisible()
      expect(pageErrors).toEqual([])
    })
  }

  test('slide 6 shows both invalid front-matter cases (bad YAML, never closed)', async ({ page }) => {
    await open(page, 6)
    const boxes = current(page).locator('.deck-mermaid[data-error-kind="front-matter"]')
    await expect(boxes).toHaveCount(2, { timeout: 15_000 })
    await expect(boxes.first()).toContainText('unexpected end of the stream')
  })

  test("mermaid's chunk is not requested before slide 1 shows, is fetched while idle, and the next diagram slide needs no wait", async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __slideShownAt?: number }
      new MutationObserver((_, observer) => {
        if (document.querySelector('.slidev-page-1[data-loaded="true"] h1')) {
          w.__slideShownAt = performance.now()
          observer.disconnect()
        }
      }).observe(document, { subtree: true, childList: true, attributes: true })
    })
    await open(page, 1)
    await expect.poll(() => page.evaluate(() => (window as unknown as { __slideShownAt?: number }).__slideShownAt ?? 0)).toBeGreaterThan(0)
    const host = page.locator('#deck-mermaid-host')
    // Both diagrams next to slide 1 (slides 2 and 3) are drawn while idle.
    await expect.poll(async () => Number((await host.getAttribute('data-rendered').catch(() => null)) ?? 0), { timeout: 30_000 }).toBeGreaterThanOrEqual(2)
    const timing = await page.evaluate(() => {
      const shownAt = (window as unknown as { __slideShownAt: number }).__slideShownAt
      const entries = performance.getEntriesByType('resource').map((e) => ({ name: e.name, start: e.startTime }))
      return { shownAt, entries }
    })
    // mermaid's own chunks (the library, its diagram and layout chunks); the small Mermaid component may come
    // earlier with the preloaded slide 2, it does not contain mermaid.
    // The build ships mermaid's own files under assets/vendor/mermaid/ (plugin/vendor.ts).
    const mermaidChunks = timing.entries.filter((e) => /\/assets\/(vendor\/mermaid\/|mermaid\.(core|esm)|\w+Diagram-|chunk-[A-Z0-9]{8}-|cytoscape|katex|dagre)/.test(e.name))
    expect(mermaidChunks.some((e) => /mermaid\.(core|esm)/.test(e.name))).toBe(true)
    expect(mermaidChunks.length).toBeGreaterThan(0)
    for (const chunk of mermaidChunks) expect(chunk.start, `${chunk.name} was requested before slide 1 showed`).toBeGreaterThan(timing.shownAt)
    // Moving to slide 2 now shows its diagram in the slide's first frame: the shown box is never in its loading state
    // (slide 2 may be rendered ahead, hidden, before its diagram was drawn: what counts is what is on screen).
    const sawLoading = await page.evaluate(async () => {
      const shown = '.slidev-stage-slide:not(.deck-leave) .slidev-page-2'
      let loading = false
      const observer = new MutationObserver(() => {
        if (document.querySelector(`${shown} .deck-mermaid[data-state="loading"]`)) loading = true
      })
      observer.observe(document.body, { subtree: true, childList: true, attributes: true })
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', code: 'ArrowRight', bubbles: true }))
      for (let i = 0; i < 30 && !document.querySelector(`${shown} .deck-mermaid svg`); i++) await new Promise(requestAnimationFrame)
      observer.disconnect()
      return loading || !document.querySelector(`${shown} .deck-mermaid[data-state="rendered"] svg`)
    })
    expect(sawLoading).toBe(false)
  })

  test('dark mode (d) re-renders diagrams in the dark variant, and back', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await open(page, 2)
    const box = current(page).locator('.deck-mermaid')
    await expect(box).toHaveAttribute('data-scheme', 'light', { timeout: 15_000 })
    const lightSvg = await box.locator('svg').first().innerHTML()
    await page.keyboard.press('d')
    await expect(page.locator('html')).toHaveClass(/dark/)
    await expect(box).toHaveAttribute('data-scheme', 'dark', { timeout: 15_000 })
    const darkSvg = await box.locator('svg').first().innerHTML()
    expect(darkSvg).not.toBe(lightSvg)
    const fill = await box.locator('svg .node rect, svg .node polygon').first().evaluate((el) => getComputedStyle(el).fill)
    // The dark theme's node fill is dark (each channel well below the neutral theme's light grey).
    const channels = fill.match(/\d+/g)!.slice(0, 3).map(Number)
    expect(Math.max(...channels)).toBeLessThan(120)
    await page.keyboard.press('d')
    await expect(box).toHaveAttribute('data-scheme', 'light', { timeout: 15_000 })
  })

  test('no request leaves this machine while walking the whole deck (mermaid runs offline)', async ({ page }) => {
    const remote: string[] = []
    page.on('request', (r) => {
      const host = new URL(r.url()).hostname
      if (!['127.0.0.1', 'localhost'].includes(host) && !r.url().startsWith('data:')) remote.push(r.url())
    })
    await open(page, 1)
    for (let no = 2; no <= 12; no++) {
      await page.keyboard.press('ArrowRight')
      await expect(page).toHaveURL(new RegExp(`/${no}$`))
    }
    await settle(page)
    expect(remote).toEqual([])
  })
})

test.describe('code blocks', () => {
  test('are highlighted at build time, with line numbers, dark colours from CSS variables, and a copy button', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: richURL })
    await page.emulateMedia({ colorScheme: 'light' })
    await open(page, 8)
    const blocks = current(page).locator('.deck-code pre.shiki')
    await expect(blocks).toHaveCount(3)
    await expect(blocks.first()).toHaveClass(/line-numbers/)
    const counter = await blocks.first().locator('.line').first().evaluate((el) => getComputedStyle(el, '::before').content)
    expect(counter).toMatch(/counter/)
    const keyword = blocks.first().locator('span', { hasText: /^export$/ })
    const light = await keyword.evaluate((el) => getComputedStyle(el).color)
    await page.keyboard.press('d')
    await expect(page.locator('html')).toHaveClass(/dark/)
    const dark = await keyword.evaluate((el) => getComputedStyle(el).color)
    expect(dark).not.toBe(light)
    // No highlighter reached the browser.
    const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((n) => /shiki|oniguruma|onig/i.test(n)))
    expect(scripts).toEqual([])

    const copy = current(page).locator('.deck-code-copy').first()
    await expect(copy).toHaveAttribute('aria-label', '复制代码')
    await copy.focus()
    await expect(copy).toBeVisible()
    await page.keyboard.press('Enter')
    await expect(copy).toHaveAttribute('aria-label', '已复制')
    const text = await page.evaluate(() => navigator.clipboard.readText())
    expect(text).toBe('// 计算货币乘数\nexport function multiplier(reserveRatio: number): number {\n  return 1 / reserveRatio\n}')
    await copy.click()
    await expect(page).toHaveURL(/\/8$/)
  })
})

test.describe('images', () => {
  test('public and beside-the-deck images load, fit the canvas, and a missing one breaks nothing', async ({ page }) => {
    await open(page, 9)
    const images = current(page).locator('img')
    await expect(images).toHaveCount(4)
    for (const alt of ['银行标志', '资产负债表示意图']) {
      const img = current(page).locator(`img[alt="${alt}"]`)
      await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
    }
    const outer = await slideBox(page)
    const logo = await current(page).locator('img[alt="银行标志"]').boundingBox()
    expect(logo!.width).toBeLessThanOrEqual(outer.width)
    expect(logo!.height).toBeLessThanOrEqual(outer.height)
    await expect(current(page).getByText('图片旁边的文字')).toBeVisible()
  })
})

test.describe('embeds', () => {
  test('an unreachable local demo shows the fallback: what it is, why, how to start it, its link', async ({ page }) => {
    await open(page, 10)
    const embed = current(page).locator('.deck-embed')
    await expect(embed).toHaveAttribute('data-state', 'unreachable', { timeout: 10_000 })
    await expect(embed.locator('iframe')).toHaveCount(0)
    const panel = embed.locator('.deck-embed-fallback')
    await expect(panel).toContainText('LLaMA2 本地演示')
    await expect(panel).toContainText('本地演示尚未启动')
    await expect(panel).toContainText('65531')
    await expect(panel).toContainText('python demo.py --port 65531')
    await expect(panel.locator('a')).toHaveAttribute('href', 'http://localhost:65531/')
    await expect(panel.locator('a')).toHaveAttribute('target', '_blank')
    await expect(current(page).getByText('左侧的说明文字')).toBeVisible()
    // Retry probes again and lands on the fallback again; the slide still moves on.
    await panel.getByRole('button', { name: '重试' }).click()
    await expect(embed).toHaveAttribute('data-state', 'unreachable', { timeout: 10_000 })
    await expect(page).toHaveURL(/\/10$/)
  })

  test('a plain <iframe> is sandboxed and lazy when reachable, and falls back when not', async ({ page }) => {
    await open(page, 11)
    const embeds = current(page).locator('.deck-embed')
    await expect(embeds).toHaveCount(2)
    await expect(embeds.first()).toHaveAttribute('data-state', 'unreachable', { timeout: 10_000 })
    await expect(embeds.first()).toContainText('这是一个聊天客户端演示。')
    await expect(embeds.first()).toContainText('聊天演示')
    const live = embeds.nth(1).locator('iframe')
    await expect(live).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms allow-popups')
    await expect(live).toHaveAttribute('loading', 'lazy')
    await expect(live).toHaveAttribute('title', '站点图标')
    const size = await embeds.nth(1).boundingBox()
    const scale = (await slideBox(page)).width / 980
    expect(size!.width / scale).toBeCloseTo(160, 0)
    await expect(current(page).getByText('下方的文字')).toBeVisible()
  })
})
