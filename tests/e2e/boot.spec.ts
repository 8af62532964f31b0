// The first load in two steps (src/main.tsx): the opened slide is drawn before the app has loaded, then the app
// takes its place without a visible change, and keys pressed in between are not lost. On the built fixture deck,
// with the app's chunk held back so the in-between moment can be looked at.
import { test, expect, type Page, type Route } from '@playwright/test'

/** Holds back the app's chunk (router, controls, keys) until the returned function is called. */
async function holdApp(page: Page): Promise<() => void> {
  let release!: () => void
  const released = new Promise<void>((done) => (release = done))
  await page.route(/\/assets\/app-[\w-]+\.js$/, async (route: Route) => {
    await released
    await route.continue()
  })
  return release
}

const bootSlide = (page: Page, no: number) => page.locator(`.deck-boot-root .slidev-page-${no}[data-boot="loaded"]`)
const appSlide = (page: Page, no: number) => page.locator(`#app .slidev-page-${no}[data-loaded="true"]`)

test('the opened slide shows before the app, at its click step, and the app takes its place unseen', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  const release = await holdApp(page)
  await page.goto('/2?clicks=1')
  await expect(bootSlide(page, 2)).toBeVisible()
  await expect(page.locator('#app')).toBeEmpty()
  // The click step of the address applies already.
  await expect(page.locator('.deck-boot-root .slidev-page-2 li').nth(0)).not.toHaveClass(/slidev-vclick-hidden/)
  await expect(page.locator('.deck-boot-root .slidev-page-2 li').nth(1)).toHaveClass(/slidev-vclick-hidden/)
  const canvas = page.locator('.slidev-slide-container')
  const box = (await canvas.boundingBox())!
  const before = await page.screenshot({ clip: box })

  release()
  await expect(appSlide(page, 2)).toBeVisible()
  await expect(page.locator('.deck-boot-root')).toHaveCount(0)
  await expect(page.locator('.slidev-page-2')).toHaveCount(1)
  await expect(page).toHaveURL(/\/2\?clicks=1$/)
  // Same place, same pixels: the app draws the slide where the first step drew it (its progress line, the one
  // thing it adds over the slide, is hidden for the comparison).
  expect(await canvas.boundingBox()).toEqual(box)
  await page.addStyleTag({ content: '.slidev-progress { visibility: hidden }' })
  expect(await page.screenshot({ clip: box })).toEqual(before)
})

test('keys pressed before the app has loaded are carried out once it has', async ({ page }) => {
  const release = await holdApp(page)
  await page.goto('/1')
  await expect(bootSlide(page, 1)).toBeVisible()
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await expect(page).toHaveURL(/\/1$/)
  release()
  await expect(page).toHaveURL(/\/2\?clicks=1$/)
  await expect(appSlide(page, 2)).toBeVisible()
})

test('a slide link followed before the app has loaded opens its slide as a plain link', async ({ page }) => {
  const release = await holdApp(page)
  await page.goto('/1')
  await expect(bootSlide(page, 1)).toBeVisible()
  await page.locator('.deck-boot-root [data-slide-link="2"]').first().click()
  await expect(page).toHaveURL(/\/2$/)
  await expect(bootSlide(page, 2)).toBeVisible()
  release()
  await expect(appSlide(page, 2)).toBeVisible()
})

test('presenter, print and unknown pages start with the app, never with a first slide of their own', async ({ page }) => {
  const seen: string[] = []
  await page.exposeFunction('bootSeen', (path: string) => seen.push(path))
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.querySelector('.deck-boot-root')) (window as unknown as { bootSeen: (p: string) => void }).bootSeen(location.pathname)
    }).observe(document, { childList: true, subtree: true })
  })
  for (const path of ['/presenter/2', '/print', '/999']) {
    await page.goto(path)
    await expect(page.locator('.slidev-page[data-loaded="true"]').first()).toBeVisible()
  }
  expect(seen).toEqual([])
})
