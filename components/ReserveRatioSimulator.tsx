// Lets the audience run deposit–loan rounds under a reserve ratio and watch deposits approach deposit / ratio.
import { useId } from 'react'
import { useSyncedState } from '@deck/client'
import { lendingLimit, lendingRounds, totalsAfter } from './money'
import { formatTaels, formatPercent, formatRatio } from './format'
import './money-widget.css'

export interface ReserveRatioSimulatorProps {
  /** Reserve ratio in percent (from the Markdown attribute, so it arrives as text). */
  ratio?: string | number
  /** The first deposit in taels. */
  deposit?: string | number
}

const MAX_ROUNDS = 12

const isWholeIn = (min: number, max: number) => (v: unknown): v is number => Number.isInteger(v) && (v as number) >= min && (v as number) <= max

export default function ReserveRatioSimulator({ ratio = 10, deposit = 100 }: ReserveRatioSimulatorProps) {
  const initialRatio = Math.min(50, Math.max(1, Number(ratio) || 10))
  const initialDeposit = Math.max(1, Number(deposit) || 100)
  // The presenter's slider and rounds show on every audience screen.
  const [percent, setPercent] = useSyncedState('reserve-ratio', initialRatio, isWholeIn(1, 50))
  const [rounds, setRounds] = useSyncedState('reserve-rounds', 1, isWholeIn(1, MAX_ROUNDS))
  const id = useId()
  const r = percent / 100
  const list = lendingRounds(initialDeposit, r, rounds)
  const totals = totalsAfter(initialDeposit, r, rounds)
  const limit = lendingLimit(initialDeposit, r)
  return (
    <div className="deck-widget money-widget" data-no-nav>
      <div className="money-widget-row">
        <label htmlFor={id}>准备金率 {percent}%</label>
        <input id={id} type="range" min={1} max={50} step={1} value={percent} onChange={(e) => setPercent(Number(e.target.value))} aria-valuetext={`${percent}%`} />
        <button type="button" onClick={() => setRounds((n) => Math.min(MAX_ROUNDS, n + 1))} disabled={rounds >= MAX_ROUNDS}>
          再存贷一轮
        </button>
        <button type="button" onClick={() => setRounds(1)}>
          重来
        </button>
      </div>
      <table className="small-table money-widget-table">
        <thead>
          <tr>
            <th scope="col">存款笔次</th>
            <th scope="col">存款</th>
            <th scope="col">准备金</th>
            <th scope="col">贷出</th>
          </tr>
        </thead>
        <tbody>
          {list.slice(-4).map((row) => (
            <tr key={row.round}>
              <td>{row.round}</td>
              <td>{formatTaels(row.deposit)}</td>
              <td>{formatTaels(row.reserve)}</td>
              <td>{row.round < rounds ? formatTaels(row.loan) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="money-widget-result" aria-live="polite">
        {/* Rounds as slide 13 counts them: one round is a loan that comes back as a deposit. */}
        {rounds === 1 ? '尚未贷出' : `第 ${rounds - 1} 轮之后`}：存款 {formatTaels(totals.deposits)}，存贷比 {formatPercent(totals.loanToDeposit)}，乘数 {formatRatio(totals.multiplier)}
        <br />
        极限：存款 {formatTaels(limit.deposits)}，乘数 1/{formatPercent(r)} = {formatRatio(limit.multiplier)}，存贷比 {formatPercent(limit.loanToDeposit)}
      </p>
    </div>
  )
}
