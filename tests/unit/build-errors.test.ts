// A deck with errors never builds: the build fails naming the file, line and slide, and writes nothing.
import { describe, expect, it } from 'vitest'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { build } from 'vite'

const root = resolve(__dirname, '../..')

async function buildDeck(source: string): Promise<{ error?: string; outDir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'deck-build-'))
  const file = join(dir, 'deck.md')
  writeFileSync(file, source)
  const outDir = join(dir, 'dist')
  const before = process.env.SLIDES_ENTRY
  process.env.SLIDES_ENTRY = file
  try {
    await build({ root, configFile: resolve(root, 'vite.config.ts'), logLevel: 'silent', build: { outDir, emptyOutDir: true } })
    return { outDir }
  } catch (error) {
    return { error: String((error as Error).message), outDir }
  } finally {
    if (before === undefined) delete process.env.SLIDES_ENTRY
    else process.env.SLIDES_ENTRY = before
  }
}

describe('building a deck with errors', () => {
  it('fails on malformed headmatter YAML, naming the line', async () => {
    const { error, outDir } = await buildDeck('---\ntitle: [unclosed\n---\n\n# 一\n')
    expect(error).toMatch(/deck\.md:\d+/)
    expect(existsSync(join(outDir, 'index.html'))).toBe(false)
  }, 60_000)

  it('fails on a bad configuration value with its key', async () => {
    const { error } = await buildDeck('---\ncanvasWidth: wide\n---\n\n# 一\n')
    expect(error).toMatch(/canvasWidth/)
  }, 60_000)

  it('fails on a missing src import, naming the missing file', async () => {
    const { error } = await buildDeck('# 一\n\n---\nsrc: ./missing.md\n---\n')
    expect(error).toMatch(/missing\.md/)
  }, 60_000)
})
