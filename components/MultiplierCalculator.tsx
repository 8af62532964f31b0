// Lets the audience vary cash leakage q, reserve ratio r and excess reserves e and see the money multiplier.
import { useId } from 'react'
import { useSyncedState } from '@deck/client'
import { moneyMultiplier } from './money'
import { formatPercent, formatRatio } from './format'
import './money-widget.css'

export interface MultiplierCalculatorProps {
  /** Percentages, as the Markdown attributes give them (text). */
  q?: string | number
  r?: string | number
  e?: string | number
}

const FIELDS = [
  { key: 'q', label: '现金漏损率 q', hint: '流通中现金 / 存款' },
  { key: 'r', label: '法定准备金率 r', hint: 'R / P2' },
  { key: 'e', label: '超额准备金率 e', hint: 'E / P2' },
] as const

type Key = (typeof FIELDS)[number]['key']

/** Another window's values: three whole percentages within the sliders' ranges. */
const isValues = (v: unknown): v is Record<Key, number> =>
  typeof v === 'object' && v !== null && FIELDS.every(({ key }) => Number.isInteger((v as Record<string, unknown>)[key]) && ((v as Record<Key, number>)[key]) >= 0 && (v as Record<Key, number>)[key] <= 60)

export default function MultiplierCalculator({ q = 20, r = 10, e = 2 }: MultiplierCalculatorProps) {
  // The presenter's values show on every audience screen.
  const [values, setValues] = useSyncedState<Record<Key, number>>('multiplier', { q: Number(q) || 0, r: Number(r) || 10, e: Number(e) || 0 }, isValues)
  const id = useId()
  const result = moneyMultiplier({ q: values.q / 100, r: values.r / 100, e: values.e / 100 })
  return (
    <div className="deck-widget money-widget" data-no-nav>
      {FIELDS.map((field) => (
        <div className="money-widget-row" key={field.key}>
          <label htmlFor={`${id}-${field.key}`}>{field.label}</label>
          <input
            id={`${id}-${field.key}`}
            type="range"
            min={field.key === 'r' ? 1 : 0}
            max={field.key === 'q' ? 60 : 30}
            value={values[field.key]}
            onChange={(event) => setValues((v) => ({ ...v, [field.key]: Number(event.target.value) }))}
            aria-valuetext={`${values[field.key]}%`}
          />
          <output htmlFor={`${id}-${field.key}`}>{values[field.key]}%</output>
          <span className="money-widget-hint">{field.hint}</span>
        </div>
      ))}
      <p className="money-widget-result" aria-live="polite">
        {result ? (
          <>
            货币乘数 (q+1)/(q+r+e) = <strong>{formatRatio(result.multiplier)}</strong>，理论上限 1/r = {formatRatio(result.maximum)}，存贷比 1−r−e = {formatPercent(result.loanToDeposit)}
          </>
        ) : (
          '准备金率之和不能超过 100%，且 r 必须大于 0。'
        )}
      </p>
    </div>
  )
}
