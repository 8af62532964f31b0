// The reslide command's words: every command and flag it takes, and one clear line with exit code 2 for anything
// it does not (checked in-process: the command is a thin shell over these functions).
import { afterEach, describe, expect, it, vi } from 'vitest'
import { main } from '../../cli/index'
import { parseBuildArgs, parseDevArgs, parseServeArgs } from '../../cli/args'

/** Runs the command; what it printed on each stream, and its exit code. */
async function run(...argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  vi.spyOn(console, 'log').mockImplementation((line: string) => void out.push(line))
  vi.spyOn(console, 'error').mockImplementation((line: string) => void err.push(line))
  const code = await main(argv)
  return { code, out: out.join('\n'), err: err.join('\n') }
}

afterEach(() => vi.restoreAllMocks())

describe('reslide', () => {
  it('lists its commands with --help, and each command its options', async () => {
    const help = await run('--help')
    expect(help.code).toBe(0)
    for (const line of ['reslide [entry]', 'reslide build [entry]', 'reslide export [entry]', 'reslide serve']) expect(help.out).toContain(line)
    expect((await run('build', '--help')).out).toMatch(/--out <dir>/)
    expect((await run('serve', '--help')).out).toMatch(/--password <secret>/)
    expect((await run('export', '--help')).out).toMatch(/--format <f\[,f…\]>/)
    expect((await run('--help', 'ignored')).code).toBe(0)
    expect((await run('talk.md', '--help')).out).toMatch(/Starts the dev server/)
    expect((await run('--version')).out).toMatch(/^\d+\.\d+\.\d+/)
  })

  it.each([
    [['buidl'], /^reslide: Unknown command "buidl": use build, export, serve, or a deck file \(\.md\).*\(reslide --help lists the options\)$/],
    [['build', '--outdir', 'x'], /^reslide: Unknown option '--outdir'\. \(reslide build --help lists the options\)$/],
    [['build', 'a.md', 'b.md'], /^reslide: One deck file at most, got: a\.md b\.md \(reslide build --help lists the options\)$/],
    [['build', '--out', ' '], /^reslide: --out needs a value\./],
    [['serve', '--port', '99999'], /^reslide: --port must be a whole number from 0 to 65535, got "99999"\./],
    [['serve', 'slides.md'], /^reslide: serve takes no deck file \(it serves a build: --dir\), got: slides\.md/],
    [['serve', '--password'], /^reslide: Option '--password <value>' argument missing/],
    [['serve', '--password', 'x'.repeat(300)], /^reslide: --password must be 1 to 256 characters\./],
    [['--port', 'soon'], /^reslide: --port must be a whole number.*\(reslide --help lists the options\)$/],
    [['export', '--format', 'docx'], /^reslide: Unknown format "docx".*\(reslide export --help lists the options\)$/],
    [['export', '--bad'], /^reslide: Unknown option '--bad'\. \(reslide export --help lists the options\)$/],
  ])('%j: one line and exit code 2', async (argv, message) => {
    const { code, err, out } = await run(...argv)
    expect(code).toBe(2)
    expect(out).toBe('')
    expect(err.split('\n')).toEqual([expect.stringMatching(message)])
  })

  it('names a deck file that is not there, with exit code 1', async () => {
    const { code, err } = await run('no-such-talk.md')
    expect(code).toBe(1)
    expect(err).toMatch(/^reslide dev failed: Deck file not found: no-such-talk\.md\. Create slides\.md here, or name the deck's file\.$/)
  })
})

describe('flags', () => {
  it('dev: an entry, a port, a host, --open', () => {
    expect(parseDevArgs([])).toEqual({ entry: undefined, port: undefined, host: undefined, open: false, help: false })
    expect(parseDevArgs(['talk.md', '--port', '4000', '--host', '0.0.0.0', '--open'])).toEqual({ entry: 'talk.md', port: 4000, host: '0.0.0.0', open: true, help: false })
  })

  it('build: an entry, --out, --single-file', () => {
    expect(parseBuildArgs(['talk.md', '--out', 'site', '--single-file'])).toEqual({ entry: 'talk.md', out: 'site', singleFile: true, help: false })
    expect(parseBuildArgs(['-o', 'site'])).toMatchObject({ out: 'site' })
  })

  it('serve: today\'s flags and their defaults', () => {
    expect(parseServeArgs([])).toEqual({ dir: 'dist', port: 3030, host: '127.0.0.1', password: null, redis: null, help: false })
    expect(parseServeArgs(['--dir=out', '--port=0', '--host', '0.0.0.0', '--password', 's3cret'])).toEqual({ dir: 'out', port: 0, host: '0.0.0.0', password: 's3cret', redis: null, help: false })
    expect(parseServeArgs(['--redis', 'redis://10.0.0.5:6379']).redis).toBe('redis://10.0.0.5:6379')
    expect(() => parseServeArgs(['--redis', 'localhost:6379'])).toThrow(/redis:\/\//)
  })
})
