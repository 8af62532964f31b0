// Next and previous with click steps (spec.md section 4), as pure arithmetic over a position.

export interface Position {
  no: number
  clicks: number
}

/** `clicksOf(no)` is the click count of slide `no`; `total` the number of slides. */
export interface DeckShape {
  total: number
  clicksOf: (no: number) => number
}

/** The position after "next": one more step, or the next slide at step 0 (capped at the last slide). */
export function nextPosition(at: Position, deck: DeckShape): Position {
  if (at.clicks < deck.clicksOf(at.no)) return { no: at.no, clicks: at.clicks + 1 }
  if (at.no >= deck.total) return at
  return { no: at.no + 1, clicks: 0 }
}

/** The position after "previous": one step back, or the previous slide at its last click (floored at 1). */
export function prevPosition(at: Position, deck: DeckShape): Position {
  if (at.clicks > 0) return { no: at.no, clicks: Math.min(at.clicks - 1, deck.clicksOf(at.no)) }
  if (at.no <= 1) return at
  return { no: at.no - 1, clicks: deck.clicksOf(at.no - 1) }
}

/** The next slide at step 0, skipping remaining clicks. */
export function nextSlidePosition(at: Position, deck: DeckShape): Position {
  return at.no >= deck.total ? at : { no: at.no + 1, clicks: 0 }
}

/** The previous slide at step 0. */
export function prevSlidePosition(at: Position): Position {
  return at.no <= 1 ? at : { no: at.no - 1, clicks: 0 }
}

export function hasNext(at: Position, deck: DeckShape): boolean {
  return at.no < deck.total || at.clicks < deck.clicksOf(at.no)
}

export function hasPrev(at: Position): boolean {
  return at.no > 1 || at.clicks > 0
}

/** A slide number from a route segment: whole numbers 1..total, else null. */
export function parseSlideNo(segment: string | undefined, total: number): number | null {
  if (!segment || !/^\d+$/.test(segment)) return null
  const no = Number(segment)
  return no >= 1 && no <= total ? no : null
}

/** The click step from `?clicks=`: a whole number clamped to the slide's count, else 0. */
export function parseClicks(value: string | null, max: number): number {
  if (!value || !/^\d+$/.test(value)) return 0
  return Math.min(Number(value), Math.max(0, max))
}
