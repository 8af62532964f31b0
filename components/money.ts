// The arithmetic of money creation the deck teaches: deposit–loan rounds under a reserve ratio, and the money multiplier.

export interface LendingRound {
  /** 1-based round; round 1 is the first deposit. */
  round: number
  deposit: number
  reserve: number
  loan: number
}

export interface LendingTotals {
  deposits: number
  reserves: number
  loans: number
  /** Total deposits (ledger money) per tael of the original deposit. */
  multiplier: number
  /** Loans divided by deposits. */
  loanToDeposit: number
}

/** Rounds of "deposit, keep the reserve, lend the rest, the loan is deposited again", as many as asked. */
export function lendingRounds(initialDeposit: number, reserveRatio: number, rounds: number): LendingRound[] {
  const ratio = clampRatio(reserveRatio)
  const out: LendingRound[] = []
  let deposit = initialDeposit
  for (let round = 1; round <= rounds; round++) {
    const reserve = deposit * ratio
    out.push({ round, deposit, reserve, loan: deposit - reserve })
    deposit -= reserve
  }
  return out
}

/**
 * Totals after the deposits of `rounds` rounds. Loans counted are those already re-deposited (every round but
 * the last lends money that appears as the next deposit), so ratio 10 % after one loan gives 90/190 = 9/19.
 */
export function totalsAfter(initialDeposit: number, reserveRatio: number, rounds: number): LendingTotals {
  const list = lendingRounds(initialDeposit, reserveRatio, rounds)
  const deposits = list.reduce((sum, r) => sum + r.deposit, 0)
  const loans = list.slice(0, -1).reduce((sum, r) => sum + r.loan, 0)
  return {
    deposits,
    reserves: deposits - loans,
    loans,
    multiplier: initialDeposit ? deposits / initialDeposit : 0,
    loanToDeposit: deposits ? loans / deposits : 0,
  }
}

/** The limit of endless rounds: all of the deposit ends up as reserves; deposits = deposit / ratio. */
export function lendingLimit(initialDeposit: number, reserveRatio: number): LendingTotals {
  const ratio = clampRatio(reserveRatio)
  const deposits = initialDeposit / ratio
  return { deposits, reserves: initialDeposit, loans: deposits - initialDeposit, multiplier: 1 / ratio, loanToDeposit: 1 - ratio }
}

/** Reserve ratios outside (0, 1] make no bank: clamp to 1 % … 100 %. */
export function clampRatio(ratio: number): number {
  if (!Number.isFinite(ratio)) return 0.1
  return Math.min(1, Math.max(0.01, ratio))
}

export interface MultiplierInputs {
  /** Cash leakage: currency in circulation / deposits. */
  q: number
  /** Required reserve ratio. */
  r: number
  /** Excess reserve ratio. */
  e: number
}

export interface MultiplierResult {
  multiplier: number
  /** The theoretical maximum 1 / r (no leakage, no excess reserves). */
  maximum: number
  loanToDeposit: number
}

/** Money multiplier (q + 1) / (q + r + e); loan-to-deposit 1 − r − e. Ratios as fractions (0.1 = 10 %). */
export function moneyMultiplier({ q, r, e }: MultiplierInputs): MultiplierResult | null {
  if (![q, r, e].every((v) => Number.isFinite(v) && v >= 0) || r <= 0 || r + e > 1) return null
  return { multiplier: (q + 1) / (q + r + e), maximum: 1 / r, loanToDeposit: 1 - r - e }
}
