// Tells the presenter whether the talk is on time: remaining time and ahead / behind, amber then red as it runs late.
import { useMemo } from 'react'
import { useAtomValue } from 'jotai'
import { configAtom, slidesAtom } from '../../state/deck'
import { sharedStateAtom } from '../../state/sync/atoms'
import { pacingPlan, pacingStatus } from '../../logic/pacing'
import { formatDuration, timerElapsed } from '../../logic/timer'
import type { Labels } from '../../kit/labels'
import { useNow } from './TalkTimer'

/** Nothing without a headmatter `duration`: the timer alone then counts, as before. */
export default function Pacing({ no, clicks, t }: { no: number; clicks: number; t: Labels['presenting'] }) {
  const duration = useAtomValue(configAtom).duration
  const slides = useAtomValue(slidesAtom)
  const timer = useAtomValue(sharedStateAtom).timer
  const now = useNow()
  const plan = useMemo(() => (duration ? pacingPlan(duration, slides.map((s) => s.duration)) : null), [duration, slides])
  if (!plan) return null
  if (timer.status === 'stopped') {
    return (
      <span className="presenter-pacing is-planned" data-testid="pacing" data-state="planned">
        {t.pacingPlan(formatDuration(plan.total))}
      </span>
    )
  }
  const status = pacingStatus(plan, { no, clicks }, slides[no - 1]?.clicks ?? 0, timerElapsed(timer, now))
  const where = status.state === 'ahead' ? t.ahead(formatDuration(status.by)) : status.state === 'behind' ? t.behind(formatDuration(status.by)) : t.onTime
  return (
    <span className={`presenter-pacing is-${status.level}`} data-testid="pacing" data-state={status.state} data-level={status.level} aria-label={t.pacing}>
      <span className="presenter-pacing-remaining" data-testid="pacing-remaining">
        {status.remaining >= 0 ? `${t.remaining} ${formatDuration(status.remaining)}` : `${t.overtime} ${formatDuration(-status.remaining)}`}
      </span>
      <span className="presenter-pacing-where" data-testid="pacing-where">
        {where}
      </span>
    </span>
  )
}
