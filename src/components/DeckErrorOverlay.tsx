// Shows errors of the last edit of slides.md, naming slide and line, while the last good deck stays on screen;
// without errors, the deck's warnings (unknown layout, unclosed fence or comment) in the same place.
import { useAtomValue } from 'jotai'
import { deckErrorsAtom, deckWarningsAtom } from '../state/deck'
import type { DeckErrorInfo } from '../state/deck'

function where(e: DeckErrorInfo): string {
  return `${e.file ?? 'deck'}:${e.line}${e.slide ? ` (slide ${e.slide})` : ''}`
}

export default function DeckErrorOverlay() {
  const errors = useAtomValue(deckErrorsAtom)
  const warnings = useAtomValue(deckWarningsAtom)
  if (errors.length) {
    return (
      <div className="deck-error-overlay" role="alert" data-testid="deck-error-overlay">
        <strong>
          {errors[0]?.file ?? 'The deck'} has {errors.length === 1 ? 'an error' : `${errors.length} errors`}; the last good version is shown.
        </strong>
        <ul>
          {errors.map((e, i) => (
            <li key={i}>
              {where(e)}: {e.message}
            </li>
          ))}
        </ul>
      </div>
    )
  }
  if (!warnings.length) return null
  return (
    <div className="deck-error-overlay deck-warning-overlay" role="status" data-testid="deck-warning-overlay">
      <strong>{warnings.length === 1 ? 'A warning' : `${warnings.length} warnings`} about the deck:</strong>
      <ul>
        {warnings.map((e, i) => (
          <li key={i}>
            {where(e)}: {e.message}
          </li>
        ))}
      </ul>
    </div>
  )
}
