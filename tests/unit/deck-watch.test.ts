// The dev server follows every way a deck file gets written, against a real Vite dev server and its real watcher:
// an editor's truncate-then-write, two writes a few milliseconds apart, and the side editor's rename-over-the-file.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { closeSync, mkdirSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs'
import { resolve } from 'node:path'
import { createServer, type Plugin, type ViteDevServer } from 'vite'
import deckPlugin from '../../plugin/index'
import { writeAtomically } from '../../plugin/write-whole'
import { looksHalfWritten } from '../../plugin/deck/entry'
import { DeckState } from '../../plugin/deck/state'
import { resolveDeckOptions } from '../../plugin/options'

const root = resolve(import.meta.dirname, '../..')
const dir = resolve(root, `${process.env.E2E_DIR || '.e2e'}-unit-watch-${process.pid}`)
const deck = resolve(dir, 'deck.md')

const deckText = (...titles: string[]) => titles.map((title, i) => `${i ? '---\n\n' : '---\ntheme: seriph\n---\n\n'}# ${title}\n`).join('\n')

let server: ViteDevServer
let plugin: Plugin
/** Every `deck:errors` message the server sent, in order. */
let errorsSent: { message: string }[][] = []
/** Called with each `deck:errors` message as it is sent (the moment the server has handled a change). */
let onErrorsSent: ((errors: { message: string }[]) => void) | undefined

/** The modules of every `update` message the server sent, in order. */
let updatesSent: string[][] = []

/** The slide titles of the list module the server would answer now. */
async function servedTitles(): Promise<string[]> {
  const { code } = await (plugin.load as (id: string) => Promise<{ code: string }>).call({}, '\0virtual:deck/slides')
  const list = code.slice(code.indexOf('export const slides'), code.indexOf('export const errors'))
  return [...list.matchAll(/"title":"([^"]*)"/g)].map((m) => m[1]!)
}

/** Waits until the server lists `titles` (fails after 10 s: the change never reached the deck). */
async function until(titles: string[]): Promise<void> {
  const deadline = Date.now() + 10_000
  let seen: string[] = []
  while (Date.now() < deadline) {
    seen = await servedTitles()
    if (JSON.stringify(seen) === JSON.stringify(titles)) return
    await new Promise((tick) => setTimeout(tick, 20))
  }
  expect(seen, 'the deck the dev server serves').toEqual(titles)
}

/** Resolves when the server next reports having handled a change of the deck (with errors `matching`, if given). */
const nextHandled = (matching: (errors: { message: string }[]) => boolean = () => true) =>
  new Promise<void>((handled) => {
    onErrorsSent = (errors) => {
      if (matching(errors)) handled()
    }
  })

beforeAll(async () => {
  mkdirSync(dir, { recursive: true })
  writeFileSync(deck, deckText('一', '二'))
  const before = process.env.SLIDES_ENTRY
  process.env.SLIDES_ENTRY = deck
  try {
    server = await createServer({
      configFile: false,
      root,
      logLevel: 'silent',
      cacheDir: resolve(dir, 'vite-cache'),
      plugins: [deckPlugin()],
      optimizeDeps: { noDiscovery: true, include: [] },
    })
  } finally {
    if (before === undefined) delete process.env.SLIDES_ENTRY
    else process.env.SLIDES_ENTRY = before
  }
  plugin = server.config.plugins.find((p) => p.name === 'deck')!
  const send = server.ws.send.bind(server.ws) as (payload: unknown) => void
  server.ws.send = ((payload: { type: string; event?: string; data?: { message: string }[] }) => {
    if (payload.type === 'update') updatesSent.push(((payload as unknown as { updates: { path: string }[] }).updates ?? []).map((u) => u.path))
    if (payload.type === 'custom' && payload.event === 'deck:errors') {
      errorsSent.push(payload.data ?? [])
      onErrorsSent?.(payload.data ?? [])
    }
    send(payload)
  }) as typeof server.ws.send
  await until(['一', '二'])
}, 60_000)

afterAll(async () => {
  await server?.close()
  rmSync(dir, { recursive: true, force: true })
})

beforeEach(async () => {
  writeFileSync(deck, deckText('起点'))
  await until(['起点'])
  errorsSent = []
})

describe('the dev server follows the deck file', () => {
  it("an external editor's truncate-then-write: the deck ends with the final text and never goes empty", async () => {
    const fd = openSync(deck, 'w')
    writeSync(fd, deckText('截断', '再写'))
    closeSync(fd)
    await until(['截断', '再写'])
    expect(errorsSent.flat()).toEqual([])
  })

  it('a truncated file whose write comes late keeps the last good deck on screen, then shows the write', async () => {
    const handled = nextHandled((errors) => errors.length > 0)
    closeSync(openSync(deck, 'w'))
    await handled
    // The empty file is an error over the last good deck, never a deck of one blank slide.
    expect(errorsSent.at(-1)).toEqual([expect.objectContaining({ message: 'The deck file is empty.' })])
    expect(await servedTitles()).toEqual(['起点'])
    writeFileSync(deck, deckText('迟到的内容'))
    await until(['迟到的内容'])
    expect(errorsSent.at(-1)).toEqual([])
  })

  it('two writes a few milliseconds apart: the second wins (the watcher reports only the first)', async () => {
    // The second write lands the moment the server has handled the first, inside the watcher's 50 ms of silence.
    const handled = nextHandled()
    writeFileSync(deck, deckText('第一次'))
    await handled
    writeFileSync(deck, deckText('第二次', '撤销后'))
    await until(['第二次', '撤销后'])
  })

  it("the side editor's rename-over-the-file writes, twice in a row, then an ordinary write", async () => {
    const handled = nextHandled()
    await writeAtomically(deck, Buffer.from(deckText('编辑器保存')), { durable: true })
    await handled
    await writeAtomically(deck, Buffer.from(deckText('编辑器撤销', '二')), { durable: true })
    await until(['编辑器撤销', '二'])
    // The file is another inode now: it is still followed.
    writeFileSync(deck, deckText('之后', '照常'))
    await until(['之后', '照常'])
  })
})

describe('a read of half a save (an editor truncates, then writes)', () => {
  it('fewer bytes than the file holds a moment later, or a file just emptied, is half a save', () => {
    expect(looksHalfWritten(4096, 138_316, false)).toBe(true)
    expect(looksHalfWritten(138_316, 138_316, false)).toBe(false)
    expect(looksHalfWritten(0, 0, false)).toBe(true)
    // Empty at the next look too (once the writes settled): the file is empty (the deck says so).
    expect(looksHalfWritten(0, 0, true)).toBe(false)
  })

  it("is told by the deck's state from the file as it is and as it was read before", () => {
    const file = resolve(dir, 'half.md')
    writeFileSync(file, deckText('有内容'))
    const state = new DeckState(resolveDeckOptions({ entry: file }))
    expect(state.halfWritten(file)).toBe(false)
    writeFileSync(file, '')
    expect(state.halfWritten(file)).toBe(true)
    expect(state.halfWritten(file)).toBe(false)
    // Text again, then emptied again: a new save, half written at its first read.
    writeFileSync(file, deckText('又有内容'))
    expect(state.halfWritten(file)).toBe(false)
    writeFileSync(file, '')
    expect(state.halfWritten(file)).toBe(true)
    // No file: nothing to wait for (the load says it is missing).
    rmSync(file)
    expect(state.halfWritten(file)).toBe(false)
  })
})

describe("the dev server's watcher", () => {
  it("walks the engine's runtime and the deck, never its work folders or tooling", async () => {
    await new Promise<void>((ready) => {
      // Ready already when the first scan ended before this test: getWatched then holds it all.
      if (Object.keys(server.watcher.getWatched()).some((folder) => folder.startsWith(resolve(root, 'src')))) ready()
      else server.watcher.once('ready', () => ready())
    })
    const folders = Object.keys(server.watcher.getWatched())
    expect(folders).toContain(resolve(root, 'src'))
    expect(folders).toContain(resolve(root, 'themes'))
    expect(folders).toContain(dir)
    expect(server.watcher.getWatched()[dir]).toContain('deck.md')
    for (const skipped of ['.bench', '.e2e', 'bench', 'tests', 'docs', 'cli', 'server'].map((name) => resolve(root, name)))
      expect(folders.filter((folder) => folder === skipped || folder.startsWith(skipped + '/') || folder.startsWith(skipped + '\\')), skipped).toEqual([])
  })
})

describe("an edit's hot update", () => {
  /** Has the client environment compile the list and each slide's module, as a page showing the deck would. */
  const compiled = async (slides: number) => {
    const client = server.environments.client
    await client.transformRequest('virtual:deck/slides')
    for (let no = 1; no <= slides; no++) await client.transformRequest(`virtual:deck/slide/${no}`)
  }

  it('lines added to one slide update that slide alone: no line numbers in the list', async () => {
    writeFileSync(deck, deckText('一', '二', '三'))
    await until(['一', '二', '三'])
    await compiled(3)
    updatesSent = []
    const handled = nextHandled()
    writeFileSync(deck, deckText('一', '二', '三').replace('# 一\n', '# 一\n\n多了一行\n\n又一行\n'))
    await handled
    await expect.poll(() => updatesSent.flat()).toEqual(['\0virtual:deck/slide/1'])
  })

  it("the list takes its slides' updates, so Vite marks nothing above it when a slide changes", async () => {
    writeFileSync(deck, deckText('一', '二'))
    await until(['一', '二'])
    const { code } = await (plugin.load as (id: string) => Promise<{ code: string }>).call({}, '\0virtual:deck/slides')
    expect(code).toContain('import.meta.hot.accept(["virtual:deck/slide/1","virtual:deck/slide/2"]')
    await compiled(2)
    const list = server.environments.client.moduleGraph.getModuleById('\0virtual:deck/slides')!
    expect([...list.acceptedHmrDeps].map((m) => m.id)).toEqual(['\0virtual:deck/slide/1', '\0virtual:deck/slide/2'])
  })
})

describe("a component's edit", () => {
  const components = resolve(dir, 'components')
  const badgeFile = resolve(components, 'WatchBadge.tsx')
  const badge = (text: string) => `export default function WatchBadge() {\n  return <strong>${text}</strong>\n}\n`
  const badgeURL = `/${dir.slice(root.length + 1)}/components/WatchBadge.tsx`
  const served = async () => (await server.environments.client.transformRequest(badgeURL))?.code ?? ''

  it("reaches the page when Vite's watcher does not report it (a folder it has not scanned yet)", async () => {
    mkdirSync(components, { recursive: true })
    writeFileSync(badgeFile, badge('版本一'))
    writeFileSync(deck, deckText('一', '徽章').replace('# 徽章\n', '# 徽章\n\n<WatchBadge />\n'))
    await until(['一', '徽章'])
    expect(await served()).toContain('版本一')
    // Vite's watcher no longer sees the folder or the file: only the deck's own watch of its components can tell.
    await server.watcher.unwatch([components, badgeFile])
    writeFileSync(badgeFile, badge('版本二'))
    await expect.poll(served, { timeout: 5_000 }).toContain('版本二')
    rmSync(components, { recursive: true, force: true })
  })
})
