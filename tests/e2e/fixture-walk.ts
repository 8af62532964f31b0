// What the specs of the Slidev-dialect fixture decks (slidev.md, parity.md) share: a deck opened at an address on its
// host, the slide on screen, a key pressed until the address is the expected one, and slides found by their title.
import { expect, type Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseDeck } from '../../plugin/parser'
import { root } from './decks'

/** The page's address within the deck: path and query. */
export const urlOf = (page: Page) => {
  const url = new URL(page.url())
  return url.pathname + url.search
}

/** The deck at `origin` opened at `path`, once the app runs its slide. */
export async function openAt(page: Page, origin: string, path: string) {
  await page.goto(origin + path)
  await expect(page.locator('.slidev-page[data-loaded="true"]').first()).toBeVisible()
}

/** The slide on screen. */
export const shown = (page: Page) => page.locator('.slidev-stage-slide:not(.deck-leave) .slidev-page[data-loaded="true"]')

/** Presses `key` and waits until the address is `to`. */
export async function press(page: Page, key: string, to: string) {
  await page.keyboard.press(key)
  await expect.poll(() => urlOf(page)).toBe(to)
}

/** The slides of the fixture `entry`, as the parser reads them now. */
export function slidesIn(entry: string) {
  const file = resolve(root, entry)
  return parseDeck(readFileSync(file, 'utf8'), { filepath: file }).slides
}

/** A finder of the slide numbers of the fixture `entry` by title (the fixtures grow; numbers are looked up, not written in). */
export function slideNumbers(entry: string): (title: string) => number {
  return (title) => {
    const found = slidesIn(entry).find((s) => s.title === title)
    if (!found) throw new Error(`no slide titled ${title} in ${entry}`)
    return found.no
  }
}
