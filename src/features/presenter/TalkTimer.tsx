// Makes the talk's time visible and controllable: the shared timer (start, pause, reset) and the wall clock.
import { useEffect, useState } from 'react'
import { useAtomValue } from 'jotai'
import { sharedStateAtom } from '../../state/sync/atoms'
import { updateShared } from '../../state/sync/controller'
import { formatClock, formatDuration, pauseTimer, resetTimer, startTimer, timerElapsed } from '../../logic/timer'
import type { Labels } from '../../kit/labels'
import NavButton from '../../kit/NavButton'
import { presenterIcons } from './icons'

/** The current time, refreshed every `interval` ms while mounted. */
export function useNow(interval = 1000): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), interval)
    return () => clearInterval(timer)
  }, [interval])
  return now
}

export default function TalkTimer({ t, large = false }: { t: Labels['presenting']; large?: boolean }) {
  const timer = useAtomValue(sharedStateAtom).timer
  const now = useNow()
  const running = timer.status === 'running'
  const toggleLabel = running ? t.timerPause : timer.status === 'paused' ? t.timerResume : t.timerStart
  const toggle = () => updateShared({ timer: running ? pauseTimer(timer, Date.now()) : startTimer(timer, Date.now()) })
  return (
    <div className={`presenter-timer ${large ? 'is-large' : ''}`} role="group" aria-label={t.timer}>
      <span className={`presenter-timer-value is-${timer.status}`} data-testid="presenter-timer" role="timer">
        {formatDuration(timerElapsed(timer, now))}
      </span>
      <NavButton label={toggleLabel} icon={running ? presenterIcons.pause : presenterIcons.start} onClick={toggle} pressed={running} testId="timer-toggle" />
      <NavButton label={t.timerReset} icon={presenterIcons.reset} onClick={() => updateShared({ timer: resetTimer() })} testId="timer-reset" />
      <time className="presenter-clock" aria-label={t.clock} title={t.clock} data-testid="presenter-clock">
        {formatClock(new Date(now))}
      </time>
    </div>
  )
}
