// Covers an audience screen with black or white while the presenter has blacked it out.
import { useAtomValue } from 'jotai'
import { configAtom } from '../../state/deck'
import { labelsFor } from '../../kit/labels'
import { blackoutAtom } from './blackout'
import './blackout.css'

export default function BlackoutScreen() {
  const blackout = useAtomValue(blackoutAtom)
  const t = labelsFor(useAtomValue(configAtom).htmlAttrs.lang).presenting
  return (
    <>
      {blackout === 'none' ? null : <div className={`deck-blackout is-${blackout}`} data-testid="blackout" data-blackout={blackout} aria-hidden="true" />}
      <div className="sr-only" role="status">
        {blackout === 'none' ? '' : blackout === 'black' ? t.blackoutBlack : t.blackoutWhite}
      </div>
    </>
  )
}
