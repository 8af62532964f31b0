// Pacing: the talk's length as Slidev writes it, read at build time (bad values warn, never fail), and the plan the
// presenter bar compares the clock with.
import { describe, expect, it } from 'vitest'
import { parseDuration } from '../../shared/duration'
import { parseDeck } from '../../plugin/parser'
import { pacingPlan, pacingStatus } from '../../src/logic/pacing'

const MIN = 60_000

describe('parseDuration', () => {
  const good: [unknown, number][] = [
    ['35min', 35 * MIN],
    ['1h', 60 * MIN],
    ['1h30m', 90 * MIN],
    ['1h 30min', 90 * MIN],
    ['90', 90 * MIN],
    [90, 90 * MIN],
    [' 45 minutes ', 45 * MIN],
    ['2hours', 120 * MIN],
    ['45m30s', 45 * MIN + 30_000],
    ['1.5h', 90 * MIN],
    ['20分钟', 20 * MIN],
  ]
  it.each(good)('reads %j', (value, ms) => {
    expect(parseDuration(value)).toEqual({ ok: true, ms })
  })

  const bad: [unknown, RegExp][] = [
    ['soon', /35min, 1h, 1h30m or 90/],
    ['', /35min/],
    ['10 parsecs', /35min/],
    ['30m1h', /35min/],
    ['1h1h', /35min/],
    ['-5', /35min/],
    [0, /longer than zero/],
    ['0min', /longer than zero/],
    ['90h', /at most 24 hours/],
    [true, /35min/],
    [{ minutes: 5 }, /35min/],
    [Number.NaN, /35min/],
  ]
  it.each(bad)('refuses %j with a reason', (value, reason) => {
    const result = parseDuration(value)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.reason).toMatch(reason)
  })
})

describe('duration in a deck', () => {
  it('headmatter and slide durations reach the config and the slides', () => {
    const deck = parseDeck('---\ntitle: T\nduration: 35min\n---\n\n# A\n\n---\nduration: 5min\n---\n\n# B\n\n---\n\n# C\n')
    expect(deck.errors).toEqual([])
    expect(deck.warnings).toEqual([])
    expect(deck.config.duration).toBe(35 * MIN)
    expect(deck.slides.map((s) => s.duration)).toEqual([null, 5 * MIN, null])
  })

  it('a bad value is a warning naming the line, never an error, and leaves no pacing', () => {
    const source = '---\ntitle: T\nduration: soon\n---\n\n# A\n\n---\nduration: forever\n---\n\n# B\n'
    const deck = parseDeck(source, { filepath: '/deck/slides.md' })
    expect(deck.errors).toEqual([])
    expect(deck.config.duration).toBeNull()
    expect(deck.slides.map((s) => s.duration)).toEqual([null, null])
    expect([...deck.warnings].sort((a, b) => a.line - b.line)).toEqual([
      expect.objectContaining({ line: 3, slide: 1, message: expect.stringMatching(/"duration" must be a length .*"soon".*no pacing/) }),
      expect.objectContaining({ line: 9, slide: 2, message: expect.stringMatching(/"duration" must be .*"forever"/) }),
    ])
    // Nothing else of the deck is lost.
    expect(deck.config.title).toBe('T')
    expect(deck.slides).toHaveLength(2)
  })

  it('without duration there is no plan', () => {
    expect(parseDeck('# A\n').config.duration).toBeNull()
  })
})

describe('pacingPlan', () => {
  it('shares the talk evenly between slides', () => {
    const plan = pacingPlan(10 * MIN, [null, null, null, null])
    expect(plan.lengths).toEqual([2.5 * MIN, 2.5 * MIN, 2.5 * MIN, 2.5 * MIN])
    expect(plan.starts).toEqual([0, 2.5 * MIN, 5 * MIN, 7.5 * MIN])
  })
  it("keeps a slide's own duration and shares the rest", () => {
    const plan = pacingPlan(10 * MIN, [4 * MIN, null, null, null])
    expect(plan.lengths).toEqual([4 * MIN, 2 * MIN, 2 * MIN, 2 * MIN])
    expect(plan.total).toBe(10 * MIN)
  })
  it('grows to the sum when the slides ask for more than the talk', () => {
    const plan = pacingPlan(5 * MIN, [4 * MIN, 4 * MIN, null])
    expect(plan.lengths).toEqual([4 * MIN, 4 * MIN, 0])
    expect(plan.total).toBe(8 * MIN)
  })
})

describe('pacingStatus', () => {
  const plan = pacingPlan(10 * MIN, Array(107).fill(null))
  const at = (no: number, clicks = 0) => ({ no, clicks })

  it('slide 20 of 107 after one minute of ten is ahead', () => {
    const status = pacingStatus(plan, at(20), 0, 1 * MIN)
    expect(status).toMatchObject({ state: 'ahead', level: 'ok', remaining: 9 * MIN })
    expect(status.by).toBeCloseTo((19 / 107) * 10 * MIN - MIN)
  })
  it('slide 20 of 107 at half the time is far behind: red', () => {
    expect(pacingStatus(plan, at(20), 0, 5 * MIN)).toMatchObject({ state: 'behind', level: 'very-late', remaining: 5 * MIN })
  })
  it('a little behind is amber; within the step is on time', () => {
    const start = plan.starts[53]
    expect(pacingStatus(plan, at(54), 0, start! + 1000)).toMatchObject({ state: 'on-time', by: 0, level: 'ok' })
    expect(pacingStatus(plan, at(54), 0, plan.starts[54]! + 0.05 * 10 * MIN)).toMatchObject({ state: 'behind', level: 'late' })
  })
  it("a slide's clicks divide its time", () => {
    const twoSlides = pacingPlan(4 * MIN, [null, null])
    expect(pacingStatus(twoSlides, at(1, 0), 3, 0.6 * MIN).state).toBe('behind')
    expect(pacingStatus(twoSlides, at(1, 1), 3, 0.6 * MIN).state).toBe('on-time')
    expect(pacingStatus(twoSlides, at(1, 3), 3, 0.6 * MIN).state).toBe('ahead')
  })
  it('over time is red whatever the position', () => {
    expect(pacingStatus(plan, at(107), 0, 11 * MIN)).toMatchObject({ remaining: -1 * MIN, level: 'very-late' })
  })
})
