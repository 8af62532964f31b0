// What the dev server's watcher leaves alone in the engine's folder (plugin/options.ts): its work folders and its
// tooling, never the deck's own files wherever the deck is kept.
import { describe, expect, it } from 'vitest'
import { join, resolve } from 'node:path'
import { unwatchedByDev } from '../../plugin/options'

const engineDir = resolve('/work/engine')
const at = (...parts: string[]) => join(engineDir, ...parts)

describe("the dev server's watcher, in the engine's folder", () => {
  const deckBeside = unwatchedByDev({ engineDir, deckDir: engineDir, entry: at('slides.md') })

  it("skips hidden work folders and everything in them (the benches' and tests' copies of decks and builds)", () => {
    for (const path of [at('.bench', 'dist', 'index.html'), at('.e2e-main'), at('.e2e', 'deck-dist', '3', 'index.html'), at('.cache', 'x'), at('.gitignore')]) expect(deckBeside(path), path).toBe(true)
  })

  it("skips the folders it never serves: the command, the static server, benches, tests, docs, a build", () => {
    for (const name of ['bench', 'bin', 'cli', 'docs', 'scripts', 'server', 'tests', 'dist', 'playwright-report']) {
      expect(deckBeside(at(name)), name).toBe(true)
      expect(deckBeside(at(name, 'deep', 'file.ts')), name).toBe(true)
    }
  })

  it('watches what the page is made of: the runtime, shared code, themes, the page, and a deck kept beside the engine', () => {
    for (const path of [engineDir, at('src', 'main.tsx'), at('shared', 'clicks.ts'), at('themes', 'seriph', 'index.css'), at('index.html'), at('slides.md'), at('components', 'Chart.tsx'), at('public', 'logo.svg'), at('plugin', 'index.ts')])
      expect(deckBeside(path), path).toBe(false)
  })

  it('watches a deck file kept hidden beside the engine', () => {
    expect(unwatchedByDev({ engineDir, deckDir: engineDir, entry: at('.draft.md') })(at('.draft.md'))).toBe(false)
  })

  it("never skips a deck kept in one of those folders (a test's fixture deck), nor its components", () => {
    const fixture = unwatchedByDev({ engineDir, deckDir: at('.e2e-main', 'deck'), entry: at('.e2e-main', 'deck', 'slides.md') })
    expect(fixture(at('.e2e-main', 'deck', 'slides.md'))).toBe(false)
    expect(fixture(at('.e2e-main', 'deck', 'components', 'Chart.tsx'))).toBe(false)
    expect(fixture(at('.e2e-main', 'deck-dist', 'index.html'))).toBe(true)
    const inTests = unwatchedByDev({ engineDir, deckDir: at('tests', 'fixtures'), entry: at('tests', 'fixtures', 'deck.md') })
    expect(inTests(at('tests', 'fixtures', 'deck.md'))).toBe(false)
    expect(inTests(at('tests', 'unit', 'a.test.ts'))).toBe(true)
  })

  it('leaves everything outside the engine to Vite (a deck in its own folder, the files it imports)', () => {
    const apart = unwatchedByDev({ engineDir, deckDir: resolve('/talks/mine'), entry: resolve('/talks/mine/slides.md') })
    for (const path of [resolve('/talks/mine/slides.md'), resolve('/talks/mine/.drafts/a.md'), resolve('/work/engine-other/bench/x'), resolve('/tests/x')]) expect(apart(path), path).toBe(false)
  })
})
