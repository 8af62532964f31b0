import { describe, expect, it } from 'vitest'
import { lendingRounds, totalsAfter, lendingLimit, moneyMultiplier, clampRatio } from '../../components/money'

describe('deposit–loan rounds (the deck’s teaching figures)', () => {
  it('10 % reserve: after the first loan is re-deposited, loan-to-deposit 9/19 and multiplier 19/10', () => {
    const t = totalsAfter(100, 0.1, 2)
    expect(t.deposits).toBeCloseTo(190)
    expect(t.loans).toBeCloseTo(90)
    expect(t.loanToDeposit).toBeCloseTo(9 / 19)
    expect(t.multiplier).toBeCloseTo(19 / 10)
  })

  it('the limit: 100 taels of reserves carry 1000 taels of ledger money, multiplier 10, loan-to-deposit 90 %', () => {
    const limit = lendingLimit(100, 0.1)
    expect(limit).toEqual({ deposits: 1000, reserves: 100, loans: 900, multiplier: 10, loanToDeposit: 0.9 })
    const many = totalsAfter(100, 0.1, 400)
    expect(many.deposits).toBeCloseTo(1000, 6)
  })

  it('each round keeps the reserve and lends the rest', () => {
    expect(lendingRounds(100, 0.1, 3).map((r) => [r.deposit, r.reserve, r.loan].map((v) => Math.round(v * 100) / 100))).toEqual([
      [100, 10, 90],
      [90, 9, 81],
      [81, 8.1, 72.9],
    ])
  })

  it.each([
    [0, 0.01],
    [-1, 0.01],
    [2, 1],
    [Number.NaN, 0.1],
    [0.2, 0.2],
  ])('a reserve ratio of %s is clamped to %s', (input, expected) => expect(clampRatio(input)).toBe(expected))
})

describe('money multiplier (q + 1) / (q + r + e)', () => {
  it.each([
    [{ q: 0, r: 0.1, e: 0 }, 10, 10, 0.9],
    [{ q: 0.2, r: 0.1, e: 0.02 }, 1.2 / 0.32, 10, 0.88],
    [{ q: 0, r: 0.5, e: 0 }, 2, 2, 0.5],
  ])('%o → multiplier %d, maximum %d, loan-to-deposit %d', (inputs, multiplier, maximum, ldr) => {
    const m = moneyMultiplier(inputs)!
    expect(m.multiplier).toBeCloseTo(multiplier)
    expect(m.maximum).toBeCloseTo(maximum)
    expect(m.loanToDeposit).toBeCloseTo(ldr)
  })

  it.each([{ q: 0, r: 0, e: 0 }, { q: -0.1, r: 0.1, e: 0 }, { q: 0, r: 0.8, e: 0.3 }, { q: Number.NaN, r: 0.1, e: 0 }])('rejects %o', (inputs) =>
    expect(moneyMultiplier(inputs)).toBeNull(),
  )
})
