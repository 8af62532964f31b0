// Dark, light or auto (spec.md section 4): a scheme the deck forces wins; choosing the system's own value means auto.

export type SchemeChoice = 'dark' | 'light' | 'auto'
export type DeckSchema = 'auto' | 'light' | 'dark' | 'all'

/** Whether the deck shows dark now. */
export function isDarkScheme(forced: DeckSchema, choice: SchemeChoice, systemDark: boolean): boolean {
  if (forced === 'dark') return true
  if (forced === 'light') return false
  return choice === 'auto' ? systemDark : choice === 'dark'
}

/** Whether the viewer may switch at all. */
export function canToggleScheme(forced: DeckSchema): boolean {
  return forced !== 'dark' && forced !== 'light'
}

/** The stored choice after a toggle: the opposite of what shows, or auto when that equals the system's. */
export function toggleScheme(forced: DeckSchema, choice: SchemeChoice, systemDark: boolean): SchemeChoice {
  if (!canToggleScheme(forced)) return choice
  const wantDark = !isDarkScheme(forced, choice, systemDark)
  return wantDark === systemDark ? 'auto' : wantDark ? 'dark' : 'light'
}
