// Loads the Chinese font slices a slide needs before it is shown, so a slide change never waits for a face: the build
// puts per-slide keys in every page (#deck-font-keys, see shared/fonts.ts); dev has none and the stack applies.
import { FONT_KEYS_ID, LATER_FACES_ATTRIBUTE, SUBSET_FAMILY, type SlideFontKeys } from '../../shared/fonts'

let keys: SlideFontKeys | null | undefined

function fontKeys(): SlideFontKeys | null {
  if (keys === undefined) {
    try {
      keys = JSON.parse(document.getElementById(FONT_KEYS_ID)?.textContent ?? 'null') as SlideFontKeys | null
    } catch {
      keys = null
    }
  }
  return keys
}

let declared: Promise<void> | undefined

/**
 * Resolves once every face's rule is in the page. A prerendered page links the deck's faces style sheet (its own
 * slide's faces are inline); its loader has turned it on, and it may still be on its way.
 */
function facesDeclared(): Promise<void> {
  declared ??= new Promise<void>((done) => {
    const link = document.querySelector<HTMLLinkElement>(`link[${LATER_FACES_ATTRIBUTE}]`)
    if (!link || link.sheet) return done()
    link.addEventListener('load', () => done(), { once: true })
    link.addEventListener('error', () => done(), { once: true })
  })
  return declared
}

/** Starts loading the faces slide `no`'s text needs (a face already loaded costs nothing); resolves when they are in. */
export function loadSlideFonts(no: number): Promise<void> {
  const byWeight = fontKeys()
  if (!byWeight || typeof document.fonts?.load !== 'function') return Promise.resolve()
  return facesDeclared().then(() => {
    const loads = Object.entries(byWeight).flatMap(([weight, slides]) => {
      const key = slides[no - 1]
      return key ? [document.fonts.load(`${weight} 16px "${SUBSET_FAMILY}"`, key).catch(() => [])] : []
    })
    return Promise.all(loads).then(() => undefined)
  })
}

/** Loads every slice of the deck's Chinese faces: a print document shows every slide at once. */
export async function loadAllSlideFonts(): Promise<void> {
  if (typeof document.fonts?.forEach !== 'function') return
  await facesDeclared()
  const faces: FontFace[] = []
  document.fonts.forEach((face) => {
    if (face.family.replace(/["']/g, '') === SUBSET_FAMILY) faces.push(face)
  })
  await Promise.all(faces.map((face) => face.load().catch(() => face)))
}
