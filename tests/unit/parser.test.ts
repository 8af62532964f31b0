import { describe, expect, it } from 'vitest'
import { readFileSync, existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseDeck, parseRangeString } from '../../plugin/parser'

const fixtures = resolve(__dirname, '../fixtures')
const read = (name: string) => readFileSync(resolve(fixtures, name), 'utf8')
const readFile = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : undefined)

describe('parseDeck: separators and frontmatter', () => {
  const deck = parseDeck(read('basic.md'), { filepath: resolve(fixtures, 'basic.md') })

  it('splits the fixture into its visible slides, hidden one dropped', () => {
    expect(deck.errors).toEqual([])
    expect(deck.slides.map((s) => s.title)).toEqual(['Fixture deck', '第二张：点击', '两栏', '菜单', '第五张：范围', '最后一张'])
    expect(deck.slides.map((s) => s.no)).toEqual([1, 2, 3, 4, 5, 6])
    expect(deck.parts).toHaveLength(7)
  })

  it('takes the first frontmatter as headmatter and resolves the configuration', () => {
    expect(deck.headmatter.title).toBe('Fixture deck')
    expect(deck.config.title).toBe('Fixture deck')
    expect(deck.config.canvasWidth).toBe(980)
    expect(deck.config.canvasHeight).toBe(552)
    expect(deck.config.htmlAttrs.lang).toBe('zh-CN')
    expect(deck.slides[0]!.layout).toBe('cover')
    expect(deck.slides[1]!.layout).toBe('default')
    expect(deck.slides[2]!.layout).toBe('two-cols-header')
    expect(deck.slides[1]!.frontmatter.transition).toBe('slide-up')
  })

  it('reads notes from the last comment that ends a slide', () => {
    expect(deck.slides[1]!.note).toContain('第一步的说明')
    expect(deck.slides[1]!.content).not.toContain('<!--')
    expect(deck.slides[0]!.note).toBe('')
  })

  it('round-trips: the parts re-assemble into the exact source', () => {
    const assembleDeck = (parts: { raw: string }[]) => parts.map((p) => p.raw).join('\n')
    for (const name of ['basic.md', 'imports/main.md', 'imports/part.md']) {
      const source = read(name)
      expect(assembleDeck(parseDeck(source).parts)).toBe(source)
    }
    const crlf = read('basic.md').replace(/\n/g, '\r\n')
    expect(assembleDeck(parseDeck(crlf).parts)).toBe(crlf)
    expect(parseDeck(crlf).slides).toHaveLength(6)
  })

  it('treats `----` and `---` + blank line as plain separators', () => {
    const d = parseDeck('# A\n\n----\n\n# B\n\n---\n\n# C\n')
    expect(d.slides.map((s) => s.title)).toEqual(['A', 'B', 'C'])
    expect(d.slides.every((s) => Object.keys(s.frontmatter).length === 0)).toBe(true)
  })

  it('ignores separators inside code fences and HTML comments', () => {
    const d = parseDeck('# A\n\n```md\n---\nlayout: x\n---\n```\n\n<!--\n---\n-->\n\ntext\n\n---\n\n# B\n')
    expect(d.slides.map((s) => s.title)).toEqual(['A', 'B'])
    expect(d.slides[0]!.content).toContain('layout: x')
  })

  it('accepts a leading ```yaml block as frontmatter', () => {
    const d = parseDeck('# A\n\n---\n\n```yaml\nlayout: center\nclicks: 2\n```\n\n# B\n')
    expect(d.slides[1]!.layout).toBe('center')
    expect(d.slides[1]!.frontmatter.clicks).toBe(2)
    expect(d.slides[1]!.content.startsWith('# B')).toBe(true)
  })

  it('titles from frontmatter title, then name, then the first heading; a level only from the heading or frontmatter, as in Slidev', () => {
    const d = parseDeck('---\ntitle: T\n---\n# H\n\n---\nname: N\n---\n\n## H2\n\n---\n\n### **Bold** [link](/1)\n\n---\n\nNo heading here.\n\n---\ntitle: L\nlevel: 2\n---\n\n# H\n')
    expect(d.slides.map((s) => [s.title, s.level])).toEqual([
      ['T', undefined],
      ['N', undefined],
      ['Bold link', 3],
      [undefined, undefined],
      ['L', 2],
    ])
    // Unset means absent, so the slide list the runtime gets carries no key for it.
    expect(JSON.parse(JSON.stringify(d.slides[3]))).not.toHaveProperty('title')
  })

  it('drops hide and disabled slides but keeps them in parts', () => {
    const d = parseDeck('# A\n\n---\nhide: true\n---\n# B\n\n---\ndisabled: true\n---\n# C\n\n---\n\n# D\n')
    expect(d.slides.map((s) => s.title)).toEqual(['A', 'D'])
    expect(d.parts).toHaveLength(4)
  })
})

describe('parseDeck: bad input becomes errors, never throws', () => {
  it('reports malformed YAML with its line and slide', () => {
    const d = parseDeck('# A\n\n---\nlayout: [unclosed\n---\n\n# B\n')
    expect(d.errors).toHaveLength(1)
    expect(d.errors[0]!.line).toBe(4)
    expect(d.errors[0]!.slide).toBe(2)
    expect(d.errors[0]!.message).toMatch(/Malformed YAML/)
    expect(d.slides).toHaveLength(2)
  })

  it('reports an unclosed frontmatter', () => {
    const d = parseDeck('# A\n\n---\nlayout: center\n')
    expect(d.errors.some((e) => /Unclosed frontmatter/.test(e.message) && e.line === 3)).toBe(true)
  })

  it('reports bad configuration values and keeps the defaults', () => {
    const d = parseDeck('---\ncanvasWidth: wide\naspectRatio: banana\ncolorSchema: purple\ndrawings:\n  persist: maybe\ntitleTemplate: no marker\n---\n# A\n')
    const messages = d.errors.map((e) => e.message).join('\n')
    expect(messages).toMatch(/canvasWidth/)
    expect(messages).toMatch(/aspectRatio/)
    expect(messages).toMatch(/colorSchema/)
    expect(messages).toMatch(/drawings.persist/)
    expect(messages).toMatch(/titleTemplate/)
    expect(d.errors.find((e) => /canvasWidth/.test(e.message))!.line).toBe(2)
    expect(d.config.canvasWidth).toBe(980)
    expect(d.config.colorSchema).toBe('auto')
  })

  it('rejects a frontmatter that is not a mapping', () => {
    const d = parseDeck('# A\n\n---\n- a list\n---\n# B\n')
    expect(d.errors[0]!.message).toMatch(/mapping/)
  })

  it('survives empty and odd input', () => {
    expect(parseDeck('').slides).toHaveLength(1)
    expect(parseDeck('---\n').slides.length).toBeGreaterThanOrEqual(0)
    expect(() => parseDeck('---\n---\n---\n```\n')).not.toThrow()
  })
})

describe('parseDeck: configuration', () => {
  it('fills defaults', () => {
    const d = parseDeck('# A\n')
    expect(d.config).toMatchObject({ theme: 'seriph', routerMode: 'history', canvasWidth: 980, canvasHeight: 552, download: false, colorSchema: 'auto', transition: 'slide-left' })
    expect(d.config.drawings).toEqual({ enabled: true, persist: false, presenterOnly: false, syncAll: true })
  })

  it('computes the canvas height rounded up from the ratio', () => {
    expect(parseDeck('---\naspectRatio: 4/3\ncanvasWidth: 1000\n---\n# A').config.canvasHeight).toBe(750)
    expect(parseDeck('---\naspectRatio: "16:10"\ncanvasWidth: 981\n---\n# A').config.canvasHeight).toBe(Math.ceil(981 / 1.6))
  })

  it('reads the remote password', () => {
    expect(parseDeck('---\nremote: s3cret\n---\n# A').config.remote).toBe('s3cret')
    expect(parseDeck('# A').config.remote).toBe(false)
  })
})

describe('parseDeck: src imports', () => {
  const main = resolve(fixtures, 'imports/main.md')
  const deck = parseDeck(read('imports/main.md'), { filepath: main, root: fixtures, readFile })

  it('imports a range of slides with the importer frontmatter winning', () => {
    expect(deck.slides.map((s) => s.title)).toEqual(['Imports', '导入二', '导入三'])
    expect(deck.slides[1]!.frontmatter.transition).toBe('slide-up')
    expect(deck.slides[1]!.filepath).toBe(resolve(fixtures, 'imports/part.md'))
  })

  it('reports missing, outside-the-project and circular imports', () => {
    const messages = deck.errors.map((e) => e.message)
    expect(messages.some((m) => /not found/.test(m) && /missing\.md/.test(m))).toBe(true)
    expect(messages.some((m) => /outside the project/.test(m))).toBe(true)
    expect(messages.some((m) => /Circular import/.test(m))).toBe(true)
  })

  it('refuses imports when it cannot resolve them', () => {
    const d = parseDeck('# A\n\n---\nsrc: ./x.md\n---\n')
    expect(d.errors[0]!.message).toMatch(/no file path/)
  })
})

describe('parseRangeString', () => {
  const cases: [number, string | undefined, number[]][] = [
    [5, undefined, [1, 2, 3, 4, 5]],
    [5, '', [1, 2, 3, 4, 5]],
    [5, 'all', [1, 2, 3, 4, 5]],
    [5, '*', [1, 2, 3, 4, 5]],
    [5, 'none', []],
    [5, '3', [3]],
    [5, '1,3', [1, 3]],
    [5, '1;3', [1, 3]],
    [10, '3-5', [3, 4, 5]],
    [10, '8-', [8, 9, 10]],
    [5, '4-9', [4, 5]],
    [5, '7', []],
    [5, '5,1,3,1', [1, 3, 5]],
    [10, '2-4, 3-6 ;9', [2, 3, 4, 5, 6, 9]],
    [5, 'abc,2', [2]],
    [5, '0,1', [1]],
  ]
  it.each(cases)('total %i, %j → %j', (total, range, expected) => {
    expect(parseRangeString(total, range)).toEqual(expected)
  })
})

describe('unclosed fences and comments', () => {
  it('warns where an unclosed code fence opens and how many slides it swallowed', () => {
    const deck = parseDeck('# 一\n\n---\n\n# 二\n\n```ts\nconst a = 1\n\n---\n\n# 三\n\n---\n\n# 四\n', { filepath: '/deck/slides.md' })
    expect(deck.slides).toHaveLength(2)
    expect(deck.warnings).toEqual([
      { line: 7, slide: 2, file: '/deck/slides.md', message: 'Unclosed code fence "```" opened on line 7 runs to the end of the file: it swallowed the 2 slides after it.' },
    ])
  })

  it('warns where an unclosed <!-- opens', () => {
    const deck = parseDeck('# 一\n\n<!-- a note never closed\n\n---\n\n# 二\n', { filepath: '/deck/slides.md' })
    expect(deck.warnings[0]).toMatchObject({ line: 3, slide: 1, message: expect.stringMatching(/Unclosed HTML comment "<!--" opened on line 3 .* swallowed the 1 slide after it/) })
  })

  it('says nothing about closed fences and comments', () => {
    expect(parseDeck('# 一\n\n```ts\nx\n```\n\n<!-- note -->\n\n---\n\n# 二\n').warnings).toEqual([])
  })
})

describe('parseDeck: separators as Slidev splits them', () => {
  it('splits on any line that starts with ---', () => {
    const d = parseDeck('# A\n\n---- section two\n\n# B\n\n-----\n\n# C\n\n--- \n\n# D\n')
    expect(d.errors).toEqual([])
    expect(d.slides.map((s) => s.title)).toEqual(['A', 'B', 'C', 'D'])
  })

  it('opens frontmatter after a separator of three dashes followed by a non-blank line, never after ----', () => {
    const d = parseDeck('# A\n\n--- part two\nlayout: center\n---\n\n# B\n\n----\nlayout: center\n\n# C\n')
    expect(d.errors).toEqual([])
    expect(d.slides.map((s) => [s.title, s.layout])).toEqual([
      ['A', 'cover'],
      ['B', 'center'],
      ['C', 'default'],
    ])
    // After ----, the YAML-looking line is text of the slide.
    expect(d.slides[2]!.content).toContain('layout: center')
  })

  it('does not split on --- inside code fences and HTML comments, nor on lines that only contain dashes later', () => {
    const d = parseDeck('# A\n\n```md\n---\n---- x\n```\n\n<!--\n----\n-->\n\ntext --- more\n - --- list\n\n---\n\n# B\n')
    expect(d.slides.map((s) => s.title)).toEqual(['A', 'B'])
  })

  it('keeps the round trip of parts with the new separators', () => {
    const assembleDeck = (parts: { raw: string }[]) => parts.map((p) => p.raw).join('\n')
    const source = '# A\n\n---- section\n\n# B\n\n--- x\nlayout: center\n---\n\n# C\n'
    expect(assembleDeck(parseDeck(source).parts)).toBe(source)
  })
})
