// The engine bundled for Node (bin/engine.mjs): made on the first start, reused while its files are as bundled, made
// again when one changes, each module keeping its own import.meta.url; and no bundle (the command then loads the
// TypeScript through tsx) when it cannot be made. Run on a small engine of its own in a temporary folder.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { spawnSync } from 'node:child_process'
import { bundleFolder as folderOf, engineCommand as command, engineModule, bundleEngine } from '../../bin/engine.mjs'

let engine = ''

/** Writes the small engine's files: cli/index.ts answers with what its helper and its package.json say. */
function writeEngine(answer: string) {
  mkdirSync(join(engine, 'cli'), { recursive: true })
  mkdirSync(join(engine, 'plugin'), { recursive: true })
  writeFileSync(join(engine, 'package.json'), JSON.stringify({ version: '7.1.0' }))
  writeFileSync(join(engine, 'plugin', 'answer.ts'), `export const answer: string = ${JSON.stringify(answer)}\n`)
  // The plugins' entry, which vite.config.ts loads from the same bundle.
  writeFileSync(join(engine, 'plugin', 'index.ts'), "import { answer } from './answer.ts'\nexport default function deck(): string[] {\n  return [answer]\n}\n")
  writeFileSync(
    join(engine, 'cli', 'index.ts'),
    [
      "import { readFileSync } from 'node:fs'",
      "import { answer } from '../plugin/answer.ts'",
      // Read from its own folder, as the engine finds package.json, its layouts and its workers.
      "const version: string = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version",
      'export async function main(argv: string[]): Promise<number> {',
      '  ;(globalThis as { said?: string }).said = `${answer} ${version} ${argv.join(" ")}`',
      '  return 3',
      '}',
    ].join('\n'),
  )
}

async function said(argv: string[]) {
  const loaded = await command(engine)
  expect(loaded).not.toBeNull()
  expect(await loaded!.main(argv)).toBe(3)
  return (globalThis as { said?: string }).said
}

const current = () => JSON.parse(readFileSync(join(folderOf(engine), 'current.json'), 'utf8')) as { dir: string; sources: [string, string][] }

beforeEach(() => {
  engine = mkdtempSync(join(tmpdir(), 'engine-bundle-'))
})
afterEach(() => rmSync(engine, { recursive: true, force: true }))

describe("the engine's bundle for Node", () => {
  it('is made on the first start, from every file the command imports, each keeping its own import.meta.url', async () => {
    writeEngine('first')
    expect(await said(['build'])).toBe('first 7.1.0 build')
    expect(current().sources.map(([file]) => file).sort()).toEqual(['cli/index.ts', 'plugin/answer.ts', 'plugin/index.ts'])
    expect(readdirSync(join(folderOf(engine), current().dir))).toEqual(expect.arrayContaining(['cli.mjs', 'plugin.mjs']))
    // The plugins, from the same bundle: one copy of the module they share with the command.
    const plugins = (await engineModule('plugin', engine)) as { default: () => string[] }
    expect(plugins.default()).toEqual(['first'])
  })

  it('is reused while its files are as bundled, and made again when one changes', async () => {
    writeEngine('first')
    await said([])
    const made = current()
    // Unchanged: the same bundle (the record is not rewritten).
    expect(await said(['again'])).toBe('first 7.1.0 again')
    expect(current()).toEqual(made)
    // The same size ('first', 'other'), another time: made again.
    writeEngine('other')
    const later = new Date(Date.now() + 5000)
    utimesSync(join(engine, 'plugin', 'answer.ts'), later, later)
    expect(await said([])).toBe('other 7.1.0 ')
    expect(current().dir).not.toBe(made.dir)
    // Its folder removed by hand, the record left: made again.
    rmSync(join(folderOf(engine), current().dir), { recursive: true, force: true })
    expect(await said(['back'])).toBe('other 7.1.0 back')
  })

  it('is made once by two commands starting together, each loading a whole bundle', async () => {
    writeEngine('together')
    const [a, b] = await Promise.all([command(engine), command(engine)])
    expect(a).not.toBeNull()
    expect(b).not.toBeNull()
    expect(readdirSync(folderOf(engine)).filter((name) => name.startsWith('.making-'))).toEqual([])
    expect(await said(['x'])).toBe('together 7.1.0 x')
  })

  it('is not recorded when one of its files changed while it was made: the next start makes it again', async () => {
    writeEngine('first')
    const answer = join(engine, 'plugin', 'answer.ts')
    // Saved while Rolldown reads the files (its transform of the command's module is the moment).
    const made = bundleEngine(engine, { whileBundling: () => writeFileSync(answer, 'export const answer: string = "saved meanwhile"\n') })
    await expect(made).rejects.toThrow('plugin/answer.ts changed while the engine was bundled')
    expect(await said(['x'])).toBe('saved meanwhile 7.1.0 x')
  })

  it('is not made from code that does not compile, nor with RESLIDE_NO_BUNDLE: the command then loads the TypeScript', async () => {
    writeEngine('first')
    writeFileSync(join(engine, 'plugin', 'answer.ts'), 'export const answer = (\n')
    expect(await command(engine)).toBeNull()
    // The real command, both ways.
    const run = (env: Record<string, string>) => spawnSync(process.execPath, [resolve('bin/reslide.mjs'), 'build', '--nope'], { encoding: 'utf8', env: { ...process.env, ...env } })
    for (const env of [{}, { RESLIDE_NO_BUNDLE: '1' }] as Record<string, string>[]) {
      const result = run(env)
      expect(result.status).toBe(2)
      expect(result.stderr).toMatch(/--nope/)
    }
  })
})
