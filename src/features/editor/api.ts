// Lets the side editor talk to the dev server's editor endpoints (plugin/editor.ts): read a slide, write it back, and
// open the author's editor at it. Every failure comes back as a message to show, never as a lost text.
import type { EditEvent } from '../../logic/slide-edit'
import type { SlideOrigin, SlideSource, SlideText } from '../../../shared/slide-source'

const slideUrl = (no: number) => `${import.meta.env.BASE_URL}__deck/slide/${no}`

async function errorOf(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { error?: string }
    if (body.error) return body.error
  } catch {
    // Not our JSON (a proxy, a build without the endpoints).
  }
  return res.status === 404 ? 'The dev server has no editor endpoint here (the editor works only under npm run dev).' : `${res.status} ${res.statusText}`
}

export async function readSlide(no: number): Promise<SlideSource> {
  let res: Response
  try {
    res = await fetch(slideUrl(no), { cache: 'no-store' })
  } catch (error) {
    throw new Error(`The dev server did not answer (${(error as Error).message}).`, { cause: error })
  }
  if (!res.ok) throw new Error(await errorOf(res))
  return (await res.json()) as SlideSource
}

/** Sends the text with the origin it builds on; the answer as the editor's next event. */
export async function writeSlide(no: number, origin: SlideOrigin, text: SlideText): Promise<EditEvent> {
  let res: Response
  try {
    res = await fetch(slideUrl(no), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ file: origin.file, start: origin.start, revision: origin.revision, ...text }),
    })
  } catch (error) {
    return { type: 'failed', message: `The dev server did not answer (${(error as Error).message}).` }
  }
  const body = (await res.json().catch(() => ({}))) as { error?: string; slide?: SlideSource; current?: SlideSource }
  if (res.ok && body.slide) return { type: 'saved', text, source: body.slide }
  if (res.status === 409 && body.current) return { type: 'conflict', message: body.error ?? 'The file changed on disk.', current: body.current }
  if (res.status === 422) return { type: 'refused', message: body.error ?? 'The dev server would not write this text.', text }
  return { type: 'failed', message: body.error ?? `${res.status} ${res.statusText}` }
}

/** Asks the dev server to open the author's editor at `file:line`; resolves with what it says. */
export async function openInEditor(file: string, line: number): Promise<string> {
  const res = await fetch(`${import.meta.env.BASE_URL}__open-in-editor?file=${encodeURIComponent(`${file}:${line}`)}`)
  if (!res.ok) throw new Error(await errorOf(res))
  return ((await res.json()) as { message: string }).message
}
