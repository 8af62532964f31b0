// Slides' analyses kept on disk (plugin/deck/analysis-store.ts): a second load — a rebuild, the next dev start — takes
// each unchanged slide from the store and makes the same modules; a slide whose snippet or image changed, a torn
// entry, an edited engine: analysed again.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { tmpdir } from 'node:os'
import type { ResolvedConfig } from 'vite'
import { DeckState } from '../../plugin/deck/state'
import { resolveDeckOptions } from '../../plugin/options'
import { deckModules, LIST_ID, SLIDE_PREFIX } from '../../plugin/deck/modules'
import { analysisStore, engineIdentity } from '../../plugin/deck/analysis-store'
import { isFile, notingFiles, readText, stillAsSeen } from '../../plugin/markdown/files-seen'

const engine = resolve(import.meta.dirname, '../..')

/** A deck loaded as a build loads it, with its analyses kept in `cacheDir`. */
function loaded(entry: string, cacheDir: string): DeckState {
  const state = new DeckState(resolveDeckOptions({ entry }))
  state.configure({ command: 'build', base: '/', cacheDir } as ResolvedConfig)
  expect(state.load()).toEqual([])
  return state
}

/** Every module the deck makes: the list, each slide's (once what they made is kept on disk). */
async function modulesOf(state: DeckState): Promise<string[]> {
  const modules = deckModules(state)
  const ids = [LIST_ID, ...state.states.map((s) => SLIDE_PREFIX + s.slide.no)]
  const made = await Promise.all(ids.map(async (id) => (await modules.load(`\0${id}`))!.code))
  await state.analysesKept()
  return made
}

const storeFiles = (dir: string) => readdirSync(join(dir, 'deck-analysis')).map((name) => join(dir, 'deck-analysis', name))

describe('a second load of the flagship deck', () => {
  let cache: string
  beforeAll(() => {
    cache = mkdtempSync(join(tmpdir(), 'deck-analysis-'))
  })
  afterAll(() => rmSync(cache, { recursive: true, force: true }))

  it('takes all 107 slides, notes and highlighted trees from the store and makes the same modules, byte for byte', async () => {
    const first = loaded(join(engine, 'slides.md'), cache)
    const made = await modulesOf(first)
    const kinds = storeFiles(cache).map((f) => /([a-z]+)-[0-9a-f]{40}\.json$/.exec(f)?.[1])
    expect(['slide', 'note', 'code'].map((kind) => kinds.filter((k) => k === kind).length)).toEqual([107, 107, 107])
    const again = loaded(join(engine, 'slides.md'), cache)
    expect(await modulesOf(again)).toEqual(made)
    expect(again.states.map((s) => again.warnings(s))).toEqual(first.states.map((s) => first.warnings(s)))
  }, 60_000)
})

describe('a kept analysis is used only while what it read is unchanged', () => {
  let dir: string
  let cache: string
  const entry = () => join(dir, 'deck.md')

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'deck-analysis-deck-'))
    cache = join(dir, 'cache')
    mkdirSync(join(dir, 'snippets'))
    mkdirSync(join(dir, 'public'))
    writeFileSync(join(dir, 'snippets', 'rate.ts'), 'export const rate = 0.015\n')
    writeFileSync(
      entry(),
      ['# Snippet', '', '<<< @/snippets/rate.ts', '', '---', '', '# Picture', '', '![Chart](/chart.png)', '', '---', '', '# Plain', '', 'Unique words: kept-plain-text', '', '```mermaid', 'graph TD', '  A --> B --', '```', ''].join('\n'),
    )
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('what is read from the store is what the next load shows (an entry edited on disk shows through)', async () => {
    await modulesOf(loaded(entry(), cache))
    const plain = storeFiles(cache).find((f) => readFileSync(f, 'utf8').includes('kept-plain-text'))!
    writeFileSync(plain, readFileSync(plain, 'utf8').replace('kept-plain-text', 'read-from-the-store'))
    const [, , , third] = await modulesOf(loaded(entry(), cache))
    expect(third).toContain('read-from-the-store')
  })

  it('a snippet edited: its slide is analysed again, the others are not', async () => {
    writeFileSync(join(dir, 'snippets', 'rate.ts'), 'export const rate = 0.025\n')
    const [, first, , third] = await modulesOf(loaded(entry(), cache))
    expect(first).toContain('0.025')
    expect(first).not.toContain('0.015')
    expect(third).toContain('read-from-the-store')
  })

  it('in one process too (the dev server): a snippet edited is a new analysis of its slide, named in filesRead', () => {
    const state = new DeckState(resolveDeckOptions({ entry: entry() }))
    expect(state.load()).toEqual([])
    const before = state.states.map((s) => s.analyzed)
    expect([...state.filesRead()]).toEqual([join(dir, 'snippets', 'rate.ts')])
    expect(state.files().has(join(dir, 'snippets', 'rate.ts'))).toBe(false)
    expect(state.changedSinceRead(join(dir, 'snippets', 'rate.ts'))).toBe(false)
    expect(state.changedSinceRead(entry())).toBe(false)
    writeFileSync(join(dir, 'snippets', 'rate.ts'), 'export const rate = 0.035\n')
    // What the dev server's settled watch asks after quick writes (a truncate, then the text) before it updates again.
    expect(state.changedSinceRead(join(dir, 'snippets', 'rate.ts'))).toBe(true)
    state.load()
    expect(state.changedSinceRead(join(dir, 'snippets', 'rate.ts'))).toBe(false)
    expect(state.states[0]!.analyzed).not.toBe(before[0])
    expect(state.states[1]!.analyzed).toBe(before[1])
    expect(JSON.stringify(state.states[0]!.analyzed.hast)).toContain('0.035')
    writeFileSync(join(dir, 'snippets', 'rate.ts'), 'export const rate = 0.025\n')
  })

  it('an image that was missing appears: its warning goes', () => {
    const missing = loaded(entry(), cache)
    expect(missing.warnings(missing.states[1]!)).toEqual([expect.stringContaining('Image not found: "/chart.png"')])
    writeFileSync(join(dir, 'public', 'chart.png'), Buffer.from('89504e470d0a1a0a', 'hex'))
    const found = loaded(entry(), cache)
    expect(found.warnings(found.states[1]!)).toEqual([])
  })

  it("a kept slide's diagrams are still checked: a broken one is warned about as on the first load", async () => {
    const again = loaded(entry(), cache)
    expect(await again.diagramWarnings(again.states[2]!)).toEqual([expect.stringMatching(/^slide 3 \(.*deck\.md:19\): Broken mermaid diagram \(syntax error\)/)])
  }, 30_000)

  it('torn entries are analysed again and written over', async () => {
    const before = await modulesOf(loaded(join(dir, 'deck.md'), join(dir, 'fresh-cache')))
    for (const file of storeFiles(cache)) writeFileSync(file, '{"hast":')
    expect(await modulesOf(loaded(entry(), cache))).toEqual(before)
    // The entries this load used were written whole again (older ones stay torn): three slides, three highlighted
    // trees, no note (none has one).
    const whole = storeFiles(cache).filter((file) => {
      try {
        return JSON.parse(readFileSync(file, 'utf8')) !== null
      } catch {
        return false
      }
    })
    expect(['slide', 'note', 'code'].map((kind) => whole.filter((f) => f.includes(`/${kind}-`)).length)).toEqual([3, 0, 3])
  })

  it('entries unused for two weeks are deleted when a store opens; others stay', () => {
    const [old, recent] = storeFiles(cache)
    const weeksAgo = new Date(Date.now() - 15 * 24 * 3600 * 1000)
    utimesSync(old!, weeksAgo, weeksAgo)
    analysisStore(join(cache, 'deck-analysis'), engine).analysis('any key')
    expect(storeFiles(cache)).not.toContain(old)
    expect(storeFiles(cache)).toContain(recent)
  })
})

describe("the store's keys and the files an analysis saw", () => {
  let dir: string
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'deck-analysis-files-'))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('an edit of the engine, or another installed package, gives every key a new identity', () => {
    const copy = join(dir, 'engine')
    mkdirSync(join(copy, 'plugin'), { recursive: true })
    mkdirSync(join(copy, 'node_modules'), { recursive: true })
    writeFileSync(join(copy, 'package.json'), '{"dependencies":{}}')
    writeFileSync(join(copy, 'plugin', 'a.ts'), 'export const a = 1\n')
    writeFileSync(join(copy, 'node_modules', '.package-lock.json'), '{"packages":{"node_modules/unified":{"version":"11.0.5"}}}')
    const first = engineIdentity(copy)
    expect(engineIdentity(copy)).toBe(first)
    writeFileSync(join(copy, 'plugin', 'a.ts'), 'export const a = 2\n')
    const second = engineIdentity(copy + '/.')
    expect(second).not.toBe(first)
    writeFileSync(join(copy, 'node_modules', '.package-lock.json'), '{"packages":{"node_modules/unified":{"version":"11.0.6"}}}')
    expect(engineIdentity(copy + '/./.')).not.toBe(second)
  })

  it('notes files read and looked for, and tells when one changed, appeared or went', () => {
    const text = join(dir, 'text.txt')
    const later = join(dir, 'later.png')
    writeFileSync(text, 'one')
    const { value, files } = notingFiles(() => [readText(text), isFile(later), isFile(dir)])
    expect(value).toEqual(['one', false, false])
    expect(files.map(([path, seen]) => [path, seen.replace(/:.*/, ':')])).toEqual([
      [text, 'text:'],
      [later, 'absent'],
      [dir, 'other'],
    ])
    expect(stillAsSeen(files)).toBe(true)
    writeFileSync(text, 'two')
    expect(stillAsSeen(files)).toBe(false)
    writeFileSync(text, 'one')
    expect(stillAsSeen(files)).toBe(true)
    writeFileSync(later, 'x')
    expect(stillAsSeen(files)).toBe(false)
    rmSync(later)
    rmSync(text)
    expect(stillAsSeen(files)).toBe(false)
    // Outside an analysis nothing is noted.
    expect(notingFiles(() => 1).files).toEqual([])
  })
})

describe('a slide added or taken out', () => {
  it('analyses that slide alone; links to slides are checked against the deck as it is now', () => {
    const dir = mkdtempSync(join(tmpdir(), 'deck-length-'))
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
    const entry = join(dir, 'deck.md')
    const slides = ['# 一\n\n见[第四张](/4)。', '# 二\n\n文字。', '# 三\n\n回到[开头](/1)。']
    const write = (list: string[]) => writeFileSync(entry, list.join('\n\n---\n\n') + '\n')
    write(slides)
    const state = new DeckState(resolveDeckOptions({ entry }))
    expect(state.load()).toEqual([])
    // The file's line 3 holds the link.
    const missing = `slide 1 (${relative(process.cwd(), entry)}:3): Link to slide 4, but the deck has 3 slides`
    expect(state.states.map((s) => state.warnings(s))).toEqual([[missing], [], []])
    const analyses = state.states.map((s) => s.analyzed)
    // A fourth slide: the three are not analysed again (each is the same object), and the link has its slide.
    write([...slides, '# 四'])
    expect(state.load()).toEqual([])
    expect(state.states).toHaveLength(4)
    expect(state.states.slice(0, 3).every((s, i) => s.analyzed === analyses[i])).toBe(true)
    expect(state.states.map((s) => state.warnings(s))).toEqual([[], [], [], []])
    // Taken out again: the link is missing its slide once more, still without analysing the others.
    write(slides)
    expect(state.load()).toEqual([])
    expect(state.states.every((s, i) => s.analyzed === analyses[i])).toBe(true)
    expect(state.states.map((s) => state.warnings(s))).toEqual([[missing], [], []])
  })
})

describe("an edit's load (the dev server's hot update)", () => {
  /** A deck of three slides in a folder of its own, loaded as the dev server first loads it. */
  function editedDeck(headmatter = '') {
    const dir = mkdtempSync(join(tmpdir(), 'deck-edit-'))
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
    const entry = join(dir, 'deck.md')
    const write = (second: string, head = headmatter) => writeFileSync(entry, `${head}# 一\n\n文字。\n\n---\n\n${second}\n\n---\n\n# 三\n\n<v-click>尾</v-click>\n`)
    write('# 二\n\n<v-click>甲</v-click>')
    const state = new DeckState(resolveDeckOptions({ entry }))
    let afterLoads = 0
    state.afterLoad = () => afterLoads++
    expect(state.load()).toEqual([])
    return { state, write, afterLoads: () => afterLoads }
  }

  it('keeps the analyses of the slides whose text is unchanged and leaves the edited one for later', () => {
    const { state, write, afterLoads } = editedDeck()
    const before = state.states.map((s) => s.analyzed)
    expect(afterLoads()).toBe(1)
    write('# 二\n\n<v-click>甲</v-click>\n\n<v-click>乙</v-click>')
    expect(state.load('later')).toEqual([])
    // Parsed: the slide's text and title are there at once; its analysis is not made yet, the others are the same.
    expect(state.states[1]!.slide.content).toContain('乙')
    expect(state.states.map((s) => state.isAnalysed(s))).toEqual([true, false, true])
    expect(state.states[0]!.analyzed).toBe(before[0])
    expect(state.states[2]!.analyzed).toBe(before[2])
    // Made by analysePending; the watchers follow the deck's files when the caller says (afterLoad), not before.
    expect(state.analysePending()).toEqual([state.states[1]])
    expect(state.isAnalysed(state.states[1]!)).toBe(true)
    expect(state.states[1]!.analyzed.clicks).toBe(2)
    expect(afterLoads()).toBe(1)
    // A load that analyses now follows them itself.
    write('# 二')
    expect(state.load()).toEqual([])
    expect(state.states.map((s) => state.isAnalysed(s))).toEqual([true, true, true])
    expect(afterLoads()).toBe(2)
  })

  it('makes an edited slide read before analysePending when it is read (a module asked for at once)', () => {
    const { state, write } = editedDeck()
    write('# 二\n\n<v-click>甲</v-click>\n\n<v-click>乙</v-click>\n\n<v-click>丙</v-click>')
    state.load('later')
    expect(state.states[1]!.analyzed.clicks).toBe(3)
    expect(state.isAnalysed(state.states[1]!)).toBe(true)
    expect(state.analysePending()).toEqual([])
  })

  it('analyses every slide again when the settings their analyses read change (the headmatter)', () => {
    const { state, write } = editedDeck('---\nlineNumbers: false\n---\n\n')
    const before = state.states.map((s) => s.analyzed)
    write('# 二\n\n<v-click>甲</v-click>', '---\nlineNumbers: true\n---\n\n')
    state.load('later')
    expect(state.states.map((s) => state.isAnalysed(s))).toEqual([false, false, false])
    state.analysePending()
    expect(state.states.every((s, i) => s.analyzed !== before[i])).toBe(true)
  })

  it('an edit that only moves a slide keeps its analysis (found by its text, wherever it now is)', () => {
    const { state, write } = editedDeck()
    const third = state.states[2]!.analyzed
    write('# 二\n\n<v-click>甲</v-click>\n\n---\n\n# 插入的一张')
    state.load('later')
    expect(state.states).toHaveLength(4)
    expect(state.states[3]!.analyzed).toBe(third)
    expect(state.states.map((s) => state.isAnalysed(s))).toEqual([true, true, false, true])
  })
})
