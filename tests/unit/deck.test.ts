// Holds slides.md to the fixed points of the deck outline (../shared/deck-outline.md).
import { describe, expect, it } from 'vitest'
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseDeck, type Slide } from '../../plugin/parser'
import { analyzeSlide } from '../../plugin/markdown/pipeline'

const root = resolve(__dirname, '../..')
const source = readFileSync(resolve(root, 'slides.md'), 'utf8')
const deck = parseDeck(source, { filepath: resolve(root, 'slides.md') })
const slide = (no: number): Slide => deck.slides[no - 1]!

/** In-deck link targets of a slide: `[..](/N)` and `<Link to="N">`. */
function links(no: number): number[] {
  const content = slide(no).content
  const targets = [...content.matchAll(/\]\(\/(\d+)\)/g), ...content.matchAll(/<Link\s+to="(\d+)"/g), ...content.matchAll(/href="\/(\d+)"/g)].map((m) => Number(m[1]))
  return [...new Set(targets)].sort((a, b) => a - b)
}

const clicksOf = (no: number) =>
  analyzeSlide(slide(no).content, {
    frontmatter: slide(no).frontmatter,
    mermaid: deck.config.mermaid,
    lineNumbers: false,
    codeCopy: false,
    publicDir: resolve(root, 'public'),
    deckDir: root,
  }).clicks

describe('slides.md', () => {
  it('parses without errors into 107 slides', () => {
    expect(deck.errors).toEqual([])
    expect(deck.slides).toHaveLength(107)
  })

  it('has the headmatter of the outline', () => {
    const c = deck.config
    expect(c).toMatchObject({ theme: 'seriph', routerMode: 'history', canvasWidth: 980, canvasHeight: 552, class: 'text-center', presenter: true, editor: true, download: false, selectable: false })
    expect(c.aspectRatio).toBeCloseTo(16 / 9)
    expect(c.title).toBe('银行业务与货币创造')
    expect(c.titleTemplate).toMatch(/^%s - /)
    expect(c.drawings).toMatchObject({ enabled: true, persist: false })
    expect(c.htmlAttrs.lang).toBe('zh-CN')
    expect(c.info).toBeTruthy()
  })

  it.each([
    [1, 'cover'],
    [2, 'default'],
    [3, 'center'],
    [4, 'two-cols-header'],
    [5, 'two-cols-header'],
    [6, 'default'],
    [7, 'default'],
    [8, 'two-cols-header'],
    [9, 'two-cols-header'],
    [10, 'center'],
    [11, 'two-cols-header'],
    [19, 'center'],
    [47, 'center'],
    [77, 'center'],
    [78, 'cover'],
    [81, 'iframe-right'],
    [82, 'iframe-right'],
    [107, 'center'],
  ])('slide %i uses the %s layout', (no, layout) => expect(slide(no).layout).toBe(layout))

  it('slides 86 to 106 use two-cols-header', () => {
    for (let no = 86; no <= 106; no++) expect(slide(no).layout, `slide ${no}`).toBe('two-cols-header')
  })

  it.each([
    [2, [3, 10, 12, 19, 47]],
    [3, [4, 5, 6, 7]],
    [8, [3]],
    [9, [12]],
    [10, [11, 12, 13, 15, 16]],
    [19, [20, 21, 28, 35, 42, 43]],
    [47, [48, 53, 55, 64, 67, 70, 74]],
    [78, [79]],
    [79, [80, 86, 90, 95, 100]],
  ])('slide %i links to %j', (no, targets) => expect(links(no)).toEqual(expect.arrayContaining(targets)))

  it('cross-links in 12-39 and 39-74 reach the slides the outline names', () => {
    const early = new Set(Array.from({ length: 28 }, (_, i) => links(12 + i)).flat())
    for (const n of [7, 11, 12, 13, 14, 15, 30]) expect(early.has(n), `a link to ${n} in 12-39`).toBe(true)
    const late = new Set(Array.from({ length: 36 }, (_, i) => links(39 + i)).flat())
    for (const n of [11, 13, 31, 35, 49, 50, 51, 52, 54, 56, 58, 61, 73]) expect(late.has(n), `a link to ${n} in 39-74`).toBe(true)
  })

  it('every in-deck link points at an existing slide', () => {
    for (const s of deck.slides) for (const n of links(s.no)) expect(n, `slide ${s.no} links to ${n}`).toBeLessThanOrEqual(107)
  })

  it('on every slide the clicks equal the [click] marks of its note', () => {
    const mismatches = deck.slides
      .map((s) => ({ no: s.no, clicks: clicksOf(s.no), marks: (s.note.match(/^\s*\[click\]\s*$/gm) ?? []).length }))
      .filter(({ clicks, marks }) => clicks !== marks)
    expect(mismatches).toEqual([])
    expect(deck.slides.filter((s) => clicksOf(s.no) > 0).length).toBeGreaterThanOrEqual(54)
  })

  it('slide 7 has a presenter note, and most slides have one', () => {
    expect(slide(7).note.trim()).not.toBe('')
    expect(deck.slides.filter((s) => s.note.trim()).length).toBeGreaterThan(90)
  })

  it('every slide has a real title and a slide-left or slide-up transition', () => {
    for (const s of deck.slides) {
      expect(s.title?.trim() ?? '', `slide ${s.no} title`).not.toBe('')
      expect(['slide-left', 'slide-up'], `slide ${s.no} transition`).toContain(s.frontmatter.transition ?? deck.config.transition)
    }
  })

  it('the cover credits the department and links the online copy, the notes PDF and the next slide', () => {
    const cover = slide(1).content
    expect(cover).toContain('程序员的金融知识系列之一')
    expect(cover).toContain('软件开发部')
    // Both addresses come from the headmatter's onlineUrl, absolute, so the exported PDF's links work too; the
    // handout is exported by the build from the deck as it is (no committed PDF stands in for it).
    expect(cover).toContain(':href="$slidev.configs.onlineUrl"')
    expect(cover).toContain(':href="$slidev.configs.handoutUrl"')
    expect(deck.config.handout).toBe('banking-notes.pdf')
    expect(existsSync(resolve(root, 'public/banking-notes.pdf'))).toBe(false)
    // No placeholder address: set it where the deck is published (unset, the build leaves the links out and says so).
    expect(JSON.stringify(deck.headmatter)).not.toMatch(/example\.com/)
    expect(links(1)).toContain(2)
  })

  it('81 and 82 embed demos with a fallback; 82 points at a local port', () => {
    expect(slide(81).frontmatter.url).toMatch(/^https:\/\//)
    expect(slide(82).frontmatter.url).toMatch(/^http:\/\/(localhost|127\.0\.0\.1):\d+/)
    for (const no of [81, 82]) expect(String(slide(no).frontmatter.fallback ?? '')).not.toBe('')
  })

  it('85 is a picture only', () => {
    const text = slide(85).content.replace(/<!--[\s\S]*?-->/g, '').trim()
    expect(text).toMatch(/^<img [^>]*>$/)
  })

  it('101 hides its first image on the first click, then shows two more', () => {
    const imgs = [...slide(101).content.matchAll(/<img [^>]*>/g)].map((m) => m[0])
    expect(imgs).toHaveLength(3)
    expect(imgs[0]).toMatch(/v-click\.hide|v-click-hide/)
    expect(imgs[1]).toMatch(/v-click/)
    expect(imgs[2]).toMatch(/v-click/)
    expect(clicksOf(101)).toBeGreaterThanOrEqual(2)
  })

  it('75 and 76 are mermaid pie charts labelled as illustrative or sourced', () => {
    for (const no of [75, 76]) {
      expect(slide(no).content).toMatch(/```mermaid[^\n]*\n\s*pie/)
      expect(slide(no).content).toMatch(/示意|来源|数据/)
    }
  })

  it('107 closes with a question prompt and the bank logo', () => {
    expect(slide(107).content).toMatch(/提问|问题|讨论/)
    expect(slide(107).content).toContain('/images/bank-logo.svg')
  })

  it('the bank logo is on 12, 19, 20, 28 and 35', () => {
    for (const no of [12, 19, 20, 28, 35]) expect(slide(no).content, `slide ${no}`).toContain('/images/bank-logo.svg')
  })

  it('teaches the figures of spec section 9', () => {
    // A KaTeX fraction reads as the plain one: \frac{q+1}{q+r+e} → (q+1)/(q+r+e), \frac{9}{19} → 9/19.
    const side = (s: string) => (/[+\-−]/.test(s) ? `(${s})` : s)
    const text = source.replace(/\\[dt]?frac\{([^{}]*)\}\{([^{}]*)\}/g, (_m, a: string, b: string) => `${side(a)}/${side(b)}`)
    for (const figure of ['9/19', '19/10', '1000', '5000', '0.01', '40', '80%', '35%', '4%', '1/r', '1950', '2017', '2022'])
      expect(text, figure).toContain(figure)
    expect(text.replace(/\s+/g, '')).toContain('(q+1)/(q+r+e)')
  })

  it('every balance sheet reads 资产 | 负债和所有者权益 and its totals balance', () => {
    expect(source).not.toMatch(/\|\s*资产\s*\|\s*负债\s*\|/)
    const totals = [...source.matchAll(/^\|\s*\**合计\s*([\d.]+)[^|]*\|\s*\**合计\s*([\d.]+)[^|]*\|\s*$/gm)]
    expect(totals.length).toBeGreaterThan(20)
    for (const [row, left, right] of totals) expect(left, row).toBe(right)
  })

  it('has no placeholder text and no remote resources but the demo URL', () => {
    expect(source).not.toMatch(/TODO|lorem|ipsum|占位|待补充|TBD/i)
    const remote = [...source.matchAll(/(?:src|href)="(https?:\/\/[^"]+)"|!\[[^\]]*\]\((https?:\/\/[^)]+)\)/g)].map((m) => m[1] ?? m[2])
    expect(remote).toEqual([])
  })

  it('every local image it uses exists under public/', () => {
    for (const m of source.matchAll(/src="(\/[^"]+)"/g)) expect(existsSync(resolve(root, 'public', '.' + m[1])), m[1]).toBe(true)
  })

  describe('the second content review (../shared/reviews/content-review-2.md)', () => {
    /** A slide's text without its note. */
    const text = (no: number) => slide(no).content.replace(/<!--[\s\S]*?-->/g, '')
    /** A slide's note, split at its `[click]` marks. */
    const noteParts = (no: number) => slide(no).note.split(/^\s*\[click\]\s*$/m)
    const count = (haystack: string, needle: string) => haystack.split(needle).length - 1

    it('1: the multiplier of 2 after one loan comes with its condition, and 13’s 1.9', () => {
      expect(text(46)).toMatch(/全额贷出、全部存回时[^。]*至少是 2/)
      expect(text(46)).toContain('1.9')
      expect(links(46)).toEqual(expect.arrayContaining([11, 13]))
    })

    it('4: the 2024 risk weights run from 20 % and the gap only narrowed', () => {
      for (const no of [53, 59]) {
        expect(slide(no).content, `slide ${no}`).toContain('20%～150%')
        expect(slide(no).content, `slide ${no}`).not.toMatch(/30%～150%|30% 到 150%|大为缩小|大大缩小/)
      }
      expect(text(59)).toContain('有所缩小')
      expect(text(59)).toMatch(/3 个月以内仍为 20%（5 倍）/)
    })

    it('5: 同业借款 is the lending bank’s asset: the menu and 52’s note say so', () => {
      expect(text(47)).not.toContain('向同行借钱的六种方式')
      expect(text(47)).toMatch(/\[同业负债\]\(\/48\)：从借入方看/)
      expect(slide(52).note).not.toContain('这三种是期限较长或有抵押的同业负债')
      expect(slide(52).note).toMatch(/同业借款方向相反[^\n]*对借出的银行则是同业资产/)
    })

    it('6: the liabilities pie files 卖出回购 with the interbank slice, as 74 does', () => {
      const labels = [...text(76).matchAll(/^\s*"([^"]+)"\s*:\s*\d+/gm)].map((m) => m[1]!)
      expect(labels.find((l) => l.includes('卖出回购'))).toMatch(/同业/)
      expect(labels.find((l) => l.includes('向央行借款'))).not.toContain('卖出回购')
      expect(text(76)).toContain('同业负债（含卖出回购）约一成')
    })

    it('7: excess reserves earn little (0.35 %) and only those at the central bank are lent', () => {
      expect(slide(49).content).not.toContain('没收益')
      expect(text(49)).toContain('收益很低')
      expect(slide(49).note).toContain('0.35%')
      expect(slide(49).note).toMatch(/金库里的现金不行/)
    })

    it('9: demo screen 2 limits deposit insurance to 50 万元, principal and interest together', () => {
      const screen = readFileSync(resolve(root, 'public/images/llm-demo-2.svg'), 'utf8')
      expect(screen).toMatch(/50 万元<\/text>\s*<text[^>]*>以内（本息合并）受存款保险保障/)
      expect(slide(101).content).toContain('50 万元以内（本息合并）')
    })

    it.each([
      [20, '国债', /国债（国家借钱开出的借据/],
      [40, '利率走廊', /利率走廊：以 SLF 利率为上限、超额准备金利率为下限/],
      [52, '二级资本债', /二级资本债：[^\n]*计入二级资本/],
      [67, '一级资本', /一级资本：股本、留存收益/],
      [86, '词元', /词元（token，模型切分文本的单位）/],
      [87, '指令微调', /指令微调，即用“指令—回答”样例再训练/],
    ])('10: slide %i explains %s where the deck first uses it', (no, term, definition) => {
      expect(text(no)).toMatch(definition)
      const first = deck.slides.find((s) => s.content.replace(/<!--[\s\S]*?-->/g, '').includes(term))
      expect(first?.no, `first slide with ${term}`).toBe(no)
    })

    it('11, 12: 26’s note follows its clicks; 38’s note names the slide it means', () => {
      const parts = noteParts(26)
      expect(parts).toHaveLength(5)
      expect(parts[0]).not.toMatch(/钱庄人人都能发银票/)
      expect(parts[1]).toMatch(/钱庄人人都能发银票/)
      expect(slide(38).note).not.toContain('上一页的例子')
      expect(slide(38).note).toContain('第 36 页')
    })

    it('13, 14, 16: an assumed range, a simplified model and an expected loss say so', () => {
      expect(text(28)).toMatch(/设金本位下[^。]*5%～25%/)
      expect(text(28)).not.toContain('往往')
      expect(text(70)).toMatch(/在这个简化模型里，央行决定基础货币/)
      expect(slide(34).content).not.toContain('只收回 60 两')
      expect(text(34)).toContain('预计只能收回 60 两')
    })

    it('15: 67 and 73 date MPA and the 同业存单 rule the same way', () => {
      expect(text(67)).toMatch(/宏观审慎评估 MPA（2016 年起）[^\n]*2017 年宣布：2018 年一季度起，一年以内的同业存单/)
      expect(text(73)).toMatch(/2016 年起由人民银行实施[^\n]*2018 年一季度起一年以内的同业存单/)
      expect(slide(51).note).toMatch(/2017 年宣布，2018 年一季度起/)
    })

    it('17: the notes of 80, 96 and 100 say each thing once', () => {
      expect(count(slide(80).note, '七十多年')).toBe(1)
      expect(count(slide(96).note, 'RAG')).toBe(1)
      expect(count(slide(100).note, '安全网关')).toBe(1)
    })

    it('18: 43 links the liquidity tools on 40 besides the lender of last resort', () => {
      expect(links(43)).toEqual(expect.arrayContaining([35, 40]))
    })

    it('20: the computations the review lists are KaTeX, not plain text; 44’s title too', () => {
      // An operator between figures outside `$…$`, on a line that is not a table's row label.
      const plain = /\d\s*[÷×]\s*\d|\d\s*[−-]\s*\d+\s*[=)]|[=≈≤]\s*[\d(（−-]|min（/
      for (const no of [25, 28, 33, 34, 36, 37, 49, 51, 52, 59, 62, 68]) {
        const lines = text(no)
          .replace(/\$\$[\s\S]*?\$\$/g, '')
          .replace(/\$[^$\n]+\$/g, '')
          .split('\n')
          .filter((line) => !/^\|\s*理财余额|^\|\s*总资产/.test(line))
        for (const line of lines) expect(line, `slide ${no}`).not.toMatch(plain)
      }
      expect(text(68)).toMatch(/\$\$\s*\\text\{非标余额\} \\le \\min/)
      expect(text(44)).toContain('# 基础货币：$P_0 = M_0 + D = M_0 + R + E$')
      // Goto and the overview search a plain title.
      expect(slide(44).title).toBe('基础货币：P0 = M0 + D = M0 + R + E')
    })

    it('D32: the text-heavy 92 and 104 are shorter', () => {
      const chinese = (no: number) => (text(no).match(/[\u4e00-\u9fff]/g) ?? []).length
      expect(chinese(92)).toBeLessThan(200)
      expect(chinese(104)).toBeLessThan(210)
    })
  })
})