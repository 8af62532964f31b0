// `--format png`: one image per slide (per click step with --with-clicks), named by the print page id.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { showOnly, type PrintPage } from './session'

/** `007.png`, or `007-02.png` for step 2 of slide 7 when every step is its own image. */
export function pngName(page: PrintPage, withClicks: boolean): string {
  return withClicks ? `${page.id}.png` : `${page.id.split('-')[0]}.png`
}

/**
 * Writes each page of the open print view into `folder`. `deviceScale` says whether the context already draws
 * at the wanted scale (else the images are taken at CSS size, scale 1).
 */
export async function writePngs(
  page: Page,
  pages: PrintPage[],
  folder: string,
  options: { withClicks: boolean; atDeviceScale: boolean; size: { width: number; height: number } },
  report: (done: number, total: number) => void,
): Promise<string[]> {
  mkdirSync(folder, { recursive: true })
  const files: string[] = []
  for (const [i, printPage] of pages.entries()) {
    const at = await showOnly(page, printPage.id)
    const png = await page.screenshot({ type: 'png', clip: { ...at, ...options.size }, scale: options.atDeviceScale ? 'device' : 'css' })
    const file = join(folder, pngName(printPage, options.withClicks))
    writeFileSync(file, png)
    files.push(file)
    report(i + 1, pages.length)
  }
  return files
}
