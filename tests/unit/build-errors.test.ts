// A deck with errors never builds: the build fails naming the file, line and slide, and writes nothing.
import { describe, expect, it } from 'vitest'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { build } from 'vite'

const root = resolve(__dirname, '../..')

/** Decks that import from a folder must live inside the project (imports never leave it). */
function projectTempDir(): string {
  mkdirSync(join(root, 'node_modules/.cache'), { recursive: true })
  return mkdtempSync(join(root, 'node_modules/.cache/deck-build-'))
}

async function buildDeck(source: string, dir = mkdtempSync(join(tmpdir(), 'deck-build-'))): Promise<{ error?: string; outDir: string; warnings: string[] }> {
  const file = join(dir, 'deck.md')
  writeFileSync(file, source)
  const outDir = join(dir, 'dist')
  const before = process.env.SLIDES_ENTRY
  process.env.SLIDES_ENTRY = file
  const warnings: string[] = []
  try {
    await build({
      root,
      configFile: resolve(root, 'vite.config.ts'),
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true, rollupOptions: { onwarn: (w) => void warnings.push(w.message) } },
    })
    return { outDir, warnings }
  } catch (error) {
    return { error: String((error as Error).message), outDir, warnings }
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

  it('fails on a `src:` naming a folder, with the file, slide and line and no EISDIR', async () => {
    const dir = projectTempDir()
    mkdirSync(join(dir, 'some-folder'))
    try {
      const { error } = await buildDeck('# 一\n\n---\nsrc: ./some-folder\n---\n', dir)
      expect(error).toMatch(/deck\.md:3 \(slide 2\): Cannot import "\.\/some-folder": .*some-folder is a folder, not a Markdown file/)
      expect(error).not.toMatch(/EISDIR/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)

  it('fails on a missing theme, naming the theme: line', async () => {
    const { error } = await buildDeck('---\ntitle: 题\ntheme: nope\n---\n\n# 一\n')
    expect(error).toMatch(/deck\.md:3 \(slide 1\): Theme "nope" not found: expected a folder themes\/nope/)
  }, 60_000)

  it('warns about an unknown layout and an unclosed fence, naming slide and line, and still builds', async () => {
    const { error, warnings, outDir } = await buildDeck('# 一\n\n---\nlayout: nonexistent-layout\n---\n\n# 二\n\n```ts\nconst a = 1\n\n---\n\n# 三\n\n---\n\n# 四\n')
    expect(error).toBeUndefined()
    expect(existsSync(join(outDir, 'index.html'))).toBe(true)
    expect(warnings.join('\n')).toMatch(/deck\.md:4 \(slide 2\): Unknown layout "nonexistent-layout": the slide uses "default"/)
    expect(warnings.join('\n')).toMatch(/deck\.md:9 \(slide 2\): Unclosed code fence "```" opened on line 9 .* swallowed the 2 slides after it/)
  }, 120_000)

  it('reslide build prints one message without a stack trace (unless DEBUG is set)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'deck-build-'))
    const file = join(dir, 'deck.md')
    writeFileSync(file, '---\ntheme: nope\n---\n\n# 一\n')
    const run = (debug: boolean) =>
      spawnSync(process.execPath, [resolve(root, 'bin/reslide.mjs'), 'build', file], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, DEBUG: debug ? '1' : '' },
      })
    const plain = run(false)
    expect(plain.status).toBe(1)
    expect(plain.stderr).toMatch(/deck\.md:2 \(slide 1\): Theme "nope" not found/)
    expect(plain.stderr + plain.stdout).not.toMatch(/^\s+at /m)
    const debug = run(true)
    expect(debug.status).toBe(1)
    expect(debug.stderr).toMatch(/^\s+at /m)
  }, 120_000)

  it('reslide build runs the whole app build: every slide prerendered into its own page', () => {
    const dir = mkdtempSync(join(tmpdir(), 'deck-build-'))
    const file = join(dir, 'deck.md')
    writeFileSync(file, '# 第一页\n\n---\n\n# 第二页\n')
    try {
      const built = spawnSync(process.execPath, [resolve(root, 'bin/reslide.mjs'), 'build', file, '--out', join(dir, 'dist')], { cwd: root, encoding: 'utf8' })
      expect(built.stderr).not.toMatch(/Build failed/)
      expect(built.status).toBe(0)
      expect(readFileSync(join(dir, 'dist/2/index.html'), 'utf8')).toMatch(/data-prerendered="\/2"[^]*第二页/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 180_000)
})
