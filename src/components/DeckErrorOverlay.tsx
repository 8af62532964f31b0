// Shows errors of the last edit of slides.md, naming slide and line, while the last good deck stays on screen.
import { useAtomValue } from 'jotai'
import { deckErrorsAtom } from '../state/deck'

export default function DeckErrorOverlay() {
  const errors = useAtomValue(deckErrorsAtom)
  if (!errors.length) return null
  return (
    <div className="deck-error-overlay" role="alert" data-testid="deck-error-overlay">
      <strong>
        {errors[0]?.file ?? 'The deck'} has {errors.length === 1 ? 'an error' : `${errors.length} errors`}; the last good version is shown.
      </strong>
      <ul>
        {errors.map((e, i) => (
          <li key={i}>
            {e.file ?? 'deck'}:{e.line}
            {e.slide ? ` (slide ${e.slide})` : ''}: {e.message}
          </li>
        ))}
      </ul>
    </div>
  )
}
