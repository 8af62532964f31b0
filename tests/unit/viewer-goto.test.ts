// Goto's search: number and title first (fuse.js, threshold 0.3), then body text and notes with the matched words.
import { describe, expect, it } from 'vitest'
import { SlideSearch, normaliseQuery, markRanges, snippetAround, type SearchHit } from '../../src/features/goto/search'

const titles = [
  { no: 1, title: '银行业务与货币创造' },
  { no: 2, title: '目录' },
  { no: 3, title: '存款' },
  { no: 4, title: '取款' },
  { no: 5, title: 'Fractional reserve banking' },
  { no: 11, title: '货币创造' },
  { no: 12, title: '经营风险' },
]
const bodies = titles.map((t) => ({ ...t, text: t.no === 12 ? '经营风险：挤兑会让钱庄破产，准备金率决定安全边际' : `${t.title} 的正文`, note: t.no === 4 ? '这里讲取款时收据被注销' : '' }))

const nos = (hits: SearchHit[]) => hits.map((h) => h.no)

describe('query', () => {
  it.each([
    ['/12', '12'],
    ['//12', '12'],
    ['  /货币 ', '货币'],
    ['12/', '12/'],
    ['', ''],
    ['/', ''],
  ])('"%s" → "%s"', (typed, query) => expect(normaliseQuery(typed)).toBe(query))
})

describe('titles and numbers', () => {
  const search = new SlideSearch(titles)
  it('finds a slide by number, exact number first', () => {
    expect(nos(search.search('12'))[0]).toBe(12)
    expect(nos(search.search('/12'))[0]).toBe(12)
    expect(nos(search.search('3'))[0]).toBe(3)
  })
  it('finds by title, the closest first', () => {
    expect(nos(search.search('货币创造')).slice(0, 2).sort()).toEqual([1, 11])
    expect(nos(search.search('风险'))).toEqual([12])
    expect(nos(search.search('reserve'))).toEqual([5])
    expect(nos(search.search('Reserv'))).toEqual([5]) // case and a missing letter are forgiven
  })
  it('one character is enough (minimum match length 1)', () => {
    expect(nos(search.search('款'))).toEqual(expect.arrayContaining([3, 4]))
  })
  it('marks the matched characters of a title', () => {
    const hit = search.search('风险')[0]
    expect(hit!.titleParts).toEqual([{ text: '经营' }, { text: '风险', mark: true }])
  })
  it('no match is an empty list (the dialog shows it red)', () => {
    expect(search.search('zzzz')).toEqual([])
    expect(search.search('')).toEqual([])
    expect(search.search('   ')).toEqual([])
  })
})

describe('body text and notes', () => {
  const search = new SlideSearch(titles).withBodies(bodies)
  it('body matches come after title matches, with the words around them', () => {
    const hits = search.search('准备金')
    expect(nos(hits)).toEqual([12])
    expect(hits[0]!.via).toBe('text')
    expect(hits[0]!.snippet?.find((p) => p.mark)?.text).toBe('准备金')
  })
  it('notes are searched too, and say so', () => {
    const hits = search.search('收据')
    expect(hits[0]!.no).toBe(4)
    expect(hits[0]!.via).toBe('note')
    expect(hits[0]!.snippet?.map((p) => p.text).join('')).toContain('收据被注销')
  })
  it('a slide found by title is not listed again for its body', () => {
    const hits = search.search('风险')
    expect(nos(hits)).toEqual([12])
    expect(hits[0]!.via).toBe('title')
  })
  it('title hits rank above body hits', () => {
    const hits = search.search('货币')
    const firstBody = hits.findIndex((h) => h.via !== 'title')
    const lastTitle = hits.map((h) => h.via).lastIndexOf('title')
    expect(firstBody === -1 || firstBody > lastTitle).toBe(true)
  })
  it('a single Latin letter does not search bodies; a single Chinese character does', () => {
    expect(search.search('x').every((h) => h.via === 'title')).toBe(true)
    expect(nos(search.search('挤'))).toContain(12)
  })
})

describe('marking and snippets', () => {
  it('splits text at ranges', () => {
    expect(markRanges('abcdef', [[1, 2], [4, 4]])).toEqual([{ text: 'a' }, { text: 'bc', mark: true }, { text: 'd' }, { text: 'e', mark: true }, { text: 'f' }])
    expect(markRanges('abc', [])).toEqual([{ text: 'abc' }])
    expect(markRanges('', [])).toEqual([{ text: '' }])
    expect(markRanges('abc', [[2, 1], [0, 0], [0, 1]])).toEqual([{ text: 'a', mark: true }, { text: 'bc' }]) // bad and overlapping ranges skipped
  })
  it('cuts long text around the match with ellipses', () => {
    const text = 'a'.repeat(40) + 'MATCH' + 'b'.repeat(60)
    const parts = snippetAround(text, [40, 44])
    expect(parts[0]!.text.startsWith('…')).toBe(true)
    expect(parts[1]).toEqual({ text: 'MATCH', mark: true })
    expect(parts[2]!.text.endsWith('…')).toBe(true)
    expect(snippetAround('short MATCH', [6, 10])).toEqual([{ text: 'short ' }, { text: 'MATCH', mark: true }])
  })
})
