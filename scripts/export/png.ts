// `--format png`: one image per slide (per click step with --with-clicks), named by the print page id.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { takePictures, type PrintPage, type PrintSession } from './session'

/** `007.png`, or `007-02.png` for step 2 of slide 7 when every step is its own image. */
export function pngName(page: PrintPage, withClicks: boolean): string {
  return withClicks ? `${page.id}.png` : `${page.id.split('-')[0]}.png`
}

/** Writes each page of the open print view into `folder` at `scale` pixels per slide pixel. */
export async function writePngs(
  session: Pick<PrintSession, 'page' | 'cdp' | 'pages'>,
  folder: string,
  options: { withClicks: boolean; scale: number; size: { width: number; height: number } },
  report: (done: number, total: number) => void,
): Promise<string[]> {
  mkdirSync(folder, { recursive: true })
  const files: string[] = []
  const whole = { x: 0, y: 0, w: options.size.width, h: options.size.height }
  for (const [i, printPage] of session.pages.entries()) {
    const [png] = await takePictures(session, printPage.id, [whole], { scale: options.scale, encoding: 'small' })
    if (!png) throw new Error(`Slide ${printPage.no}: the image could not be taken.`)
    const file = join(folder, pngName(printPage, options.withClicks))
    writeFileSync(file, png)
    files.push(file)
    report(i + 1, session.pages.length)
  }
  return files
}
