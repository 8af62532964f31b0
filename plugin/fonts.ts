// Makes the deck's Chinese serif work offline: the glyphs the deck uses, cut from Noto Serif SC at build time.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import subsetFont from 'subset-font'
import { SUBSET_FAMILY } from '../shared/fonts'

/**
 * Noto Serif SC's Simplified Chinese file per weight, from the npm package @fontsource/noto-serif-sc (a dependency),
 * so every machine cuts the same glyphs from the same font.
 */
export const CJK_SOURCES: Record<string, { file: string }> = Object.fromEntries(
  ['400', '700'].map((weight) => [weight, { file: join(fontsourceDir(), 'files', `noto-serif-sc-chinese-simplified-${weight}-normal.woff2`) }]),
)

function fontsourceDir(): string {
  try {
    return dirname(createRequire(import.meta.url).resolve('@fontsource/noto-serif-sc/package.json'))
  } catch {
    return join(process.cwd(), 'node_modules', '@fontsource', 'noto-serif-sc')
  }
}

/** Every character outside ASCII that the given texts use, sorted, once. */
export function deckGlyphs(...texts: string[]): string {
  const chars = new Set<string>()
  for (const text of texts) for (const ch of text) if (ch.codePointAt(0)! > 0x7f) chars.add(ch)
  return [...chars].sort().join('')
}

export interface SubsetFont {
  weight: string
  woff2: Buffer
}

/**
 * WOFF2 subsets (regular and bold) holding exactly `glyphs`, cached on disk by content so a rebuild with the same
 * text costs nothing. Returns [] with a reason when the source fonts are not installed: the system stack applies.
 */
export async function subsetDeckFonts(glyphs: string, cacheDir: string): Promise<{ fonts: SubsetFont[]; missing?: string }> {
  const fonts: SubsetFont[] = []
  for (const [weight, source] of Object.entries(CJK_SOURCES)) {
    if (!existsSync(source.file)) return { fonts: [], missing: `${source.file} not found (npm install @fontsource/noto-serif-sc); Chinese text uses the system's serif fonts.` }
    const key = createHash('sha256').update(`${source.file}\0${weight}\0${glyphs}`).digest('hex').slice(0, 16)
    const cached = join(cacheDir, `deck-serif-sc-${weight}-${key}.woff2`)
    if (existsSync(cached)) {
      fonts.push({ weight, woff2: readFileSync(cached) })
      continue
    }
    const woff2 = await subsetFont(readFileSync(source.file), glyphs, { targetFormat: 'woff2' })
    mkdirSync(cacheDir, { recursive: true })
    writeFileSync(cached, woff2)
    fonts.push({ weight, woff2 })
  }
  return { fonts }
}

/** The @font-face rules for emitted subset files (`urls[weight]` is each file's public URL). */
export function fontFaceCss(urls: Record<string, string>): string {
  return Object.entries(urls)
    .map(([weight, url]) => `@font-face{font-family:'${SUBSET_FAMILY}';font-style:normal;font-weight:${weight};font-display:swap;src:url(${url}) format('woff2')}`)
    .join('\n')
}
