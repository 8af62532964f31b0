// Which transition a slide change uses, in which direction, and whether motion is allowed at all.

export type TransitionName = 'slide-left' | 'slide-up' | 'fade' | 'none' | 'view-transition'

const KNOWN = new Set(['slide-left', 'slide-up', 'fade', 'none', 'view-transition'])

/** Forward uses the entered slide's transition; backward reverses the left slide's. */
export function pickTransition(
  from: { frontmatter: Record<string, unknown> } | undefined,
  to: { frontmatter: Record<string, unknown> } | undefined,
  forward: boolean,
  deckDefault: string,
): TransitionName {
  const source = forward ? to : from
  const raw = source?.frontmatter.transition
  const name = typeof raw === 'string' ? raw.split('|')[forward ? 0 : 1] ?? raw.split('|')[0] : deckDefault
  return (name !== undefined && KNOWN.has(name.trim()) ? name.trim() : KNOWN.has(deckDefault) ? deckDefault : 'slide-left') as TransitionName
}

export const VIEW_TRANSITION_WARNING = 'View transition is not supported in the browser, falling back to normal transition'

let reducedMotion: MediaQueryList | undefined

/** Asked on every slide change: the query is made once (matchMedia costs a style lookup each time), read live. */
export function prefersReducedMotion(): boolean {
  if (typeof matchMedia !== 'function') return false
  reducedMotion ??= matchMedia('(prefers-reduced-motion: reduce)')
  return reducedMotion.matches
}
