// The pages a print holds: range strings (spec.md section 5) and click steps turned into `NNN-CC` pages.
import { describe, expect, it } from 'vitest'
import { parseRangeString } from '../../shared/range'
import { parsePrintQuery, printPageId, printPages, PRINT_ALL_CLICKS } from '../../src/logic/print-pages'

describe('parseRangeString: what parser.test.ts leaves out', () => {
  const cases: [number, string | undefined, number[]][] = [
    [5, '  2  ', [2]],
    [5, ' all ', [1, 2, 3, 4, 5]],
    [5, '5-3', []],
    [5, '3-3', [3]],
    [5, '2 - 4', [2, 3, 4]],
    [5, '003', [3]],
    [5, ',,;', []],
    [5, '-3', []],
    [5, '1-2,x-y,4', [1, 2, 4]],
    [5, '1.5', []],
    [0, 'all', []],
    [0, '1-3', []],
    [107, '100-', [100, 101, 102, 103, 104, 105, 106, 107]],
    [107, '106-200', [106, 107]],
    [107, '107;1,53', [1, 53, 107]],
  ]
  it.each(cases)('total %i, %j → %j', (total, range, expected) => {
    expect(parseRangeString(total, range)).toEqual(expected)
  })
})

describe('printPageId', () => {
  it.each([
    [1, 0, '001-00'],
    [12, 3, '012-03'],
    [107, 10, '107-10'],
    [1000, 100, '1000-100'],
  ])('slide %i click %i → %s', (no, clicks, id) => {
    expect(printPageId(no, clicks)).toBe(id)
  })
})

describe('parsePrintQuery', () => {
  it.each([
    ['', { range: undefined, withClicks: false }],
    ['?range=1-3', { range: '1-3', withClicks: false }],
    ['?print=clicks', { range: undefined, withClicks: true }],
    ['?print=true&range=2', { range: '2', withClicks: false }],
    ['?range=1%3B3&print=clicks', { range: '1;3', withClicks: true }],
  ])('%j', (search, expected) => {
    expect(parsePrintQuery(search)).toEqual(expected)
  })
})

describe('printPages', () => {
  // Click counts of a small deck: slide 2 has 3 clicks, slide 4 has 1.
  const clicks = [0, 3, 0, 1]
  const ids = (range: string | undefined, withClicks: boolean) => printPages(clicks, { range, withClicks }).map((p) => p.id)

  it('one fully revealed page per slide by default', () => {
    const pages = printPages(clicks, { withClicks: false })
    expect(pages.map((p) => p.id)).toEqual(['001-00', '002-00', '003-00', '004-00'])
    expect(pages.every((p) => p.clicks === PRINT_ALL_CLICKS)).toBe(true)
  })

  it('one page per click step with clicks, step 0 to the slide count', () => {
    expect(ids(undefined, true)).toEqual(['001-00', '002-00', '002-01', '002-02', '002-03', '003-00', '004-00', '004-01'])
    expect(printPages(clicks, { withClicks: true }).filter((p) => p.no === 2).map((p) => p.clicks)).toEqual([0, 1, 2, 3])
  })

  it.each([
    ['2', false, ['002-00']],
    ['2', true, ['002-00', '002-01', '002-02', '002-03']],
    ['4,1', true, ['001-00', '004-00', '004-01']],
    ['3-9', false, ['003-00', '004-00']],
    ['9', false, []],
    ['none', true, []],
  ] as const)('range %j, clicks %j', (range, withClicks, expected) => {
    expect(ids(range, withClicks)).toEqual(expected)
  })

  it('treats an odd click count (negative, fractional) as whole steps from 0', () => {
    expect(printPages([-2, 1.7], { withClicks: true }).map((p) => p.id)).toEqual(['001-00', '002-00', '002-01'])
  })
})
