// Checks that the deck's theme exists, that every slide's layout is one someone provides, and that its images exist.
import { existsSync, readdirSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Deck, DeckError } from '../../shared/parser/parse.ts'
import { layoutImageProblem, layoutImages } from './layout-images.ts'

export interface DeckDirs {
  deckDir: string
  engineDir: string
}

/** The theme's folder: the deck's own themes/<name>, else the engine's built-in one; null when neither has it. */
export function findTheme(dirs: DeckDirs, theme: string): string | null {
  return [dirs.deckDir, dirs.engineDir].map((dir) => resolve(dir, 'themes', theme)).find((dir) => existsSync(dir)) ?? null
}

/** A missing theme is an error at its `theme:` line; a layout no one provides is a warning at its `layout:` line. */
export function checkThemeAndLayouts(deck: Deck, dirs: DeckDirs, entry: string): { errors: DeckError[]; warnings: DeckError[] } {
  const errors: DeckError[] = []
  const warnings: DeckError[] = []
  const theme = deck.config.theme
  const themeDir = findTheme(dirs, theme)
  const root = dirs.deckDir
  const head = deck.parts[0]
  if (!themeDir) {
    const known = [...new Set([dirs.deckDir, dirs.engineDir].flatMap((dir) => (existsSync(resolve(dir, 'themes')) ? readdirSync(resolve(dir, 'themes')) : [])))].join(', ') || 'none'
    errors.push({ line: head ? keyLine(head.raw, head.start, 'theme') : 1, slide: 1, file: entry, message: `Theme "${theme}" not found: expected a folder themes/${theme} beside the deck. Themes here: ${known}.` })
    return { errors, warnings }
  }
  const themeLayouts = existsSync(resolve(themeDir, 'layouts')) ? readdirSync(resolve(themeDir, 'layouts')).filter((f) => f.endsWith('.tsx')).map((f) => f.replace(/\.tsx$/, '')) : []
  for (const slide of deck.slides) {
    for (const image of layoutImages(slide, root, entry)) {
      const problem = layoutImageProblem(image, process.cwd())
      if (problem) warnings.push({ line: keyLine(slide.raw, slide.start, image.key), slide: slide.no, file: slide.filepath ?? entry, message: problem })
    }
  }
  const known = new Set([...builtInLayouts(dirs.engineDir), ...themeLayouts])
  if (!known.size) return { errors, warnings }
  for (const slide of deck.slides) {
    const layout = slide.frontmatter.layout
    if (typeof layout !== 'string' || known.has(layout)) continue
    warnings.push({
      line: keyLine(slide.raw, slide.start, 'layout'),
      slide: slide.no,
      file: slide.filepath ?? entry,
      message: `Unknown layout "${layout}": the slide uses "default". Known layouts: ${[...known].sort().join(', ')}.`,
    })
  }
  return { errors, warnings }
}

/** Built-in layout names: the layout files of src/layouts (`TwoColsHeader.tsx` → `two-cols-header`). */
function builtInLayouts(root: string): string[] {
  const dir = resolve(root, 'src/layouts')
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((f) => /^[A-Z]\w*\.tsx$/.test(f))
    .map((f) => f.replace(/\.tsx$/, '').replace(/(?<!^)[A-Z]/g, (c) => `-${c}`).toLowerCase())
}

/** The line (1-based) of `key:` in a part's frontmatter, else the part's first line. */
function keyLine(raw: string, start: number, key: string): number {
  const at = raw.split('\n').findIndex((line) => new RegExp(`^${key}\\s*:`).test(line))
  return start + (at < 0 ? 0 : at) + 1
}
