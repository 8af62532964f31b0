// Slidev's <SlidesTotal />: how many slides the deck has.
import { useAtomValue } from 'jotai'
import { slidesAtom } from '../../state/deck'

/** The number of slides the deck shows (hidden ones are not slides). */
export function useSlidesTotal(): number {
  return useAtomValue(slidesAtom).length
}

export default function SlidesTotal() {
  return <span className="slidev-slides-total">{useSlidesTotal()}</span>
}
