// One control of a bar (navigation, presenter, phone): an icon with a spoken label and a tooltip naming its key,
// as a button or a link.
import type { MouseEvent, ReactNode } from 'react'
import { Link } from 'react-router-dom'

export interface NavButtonProps {
  /** What the control does, in the deck's language (from labels.ts): the accessible name and the tooltip. */
  label: string
  icon: ReactNode
  /** The key that does the same, shown in the tooltip: "f", "Esc"… */
  shortcut?: string
  onClick?: () => void
  /** For toggles (dark mode, fullscreen, 1:1): whether it is on. */
  pressed?: boolean
  /** For controls that open a panel (overview, goto, info). */
  opensDialog?: boolean
  expanded?: boolean
  disabled?: boolean
  /** A route inside the app (presenter ↔ play): rendered as a link (`onClick` runs too). */
  to?: string
  /** A file to fetch (the PDF): rendered as a download link. */
  href?: string
  download?: boolean | string
  testId?: string
}

/**
 * After a mouse click the control lets go of focus, so the deck's keys (which ignore focused buttons) work again. It
 * lets go before its action runs: a dialog the action opens must not take the control as the place to give focus back
 * to (it would hold the keys after the dialog closes).
 */
function releaseAfterPointer(event: MouseEvent<HTMLElement>) {
  if (event.detail > 0) event.currentTarget.blur()
}

export default function NavButton({ label, icon, shortcut, onClick, pressed, opensDialog, expanded, disabled, to, href, download, testId }: NavButtonProps) {
  const title = shortcut ? `${label} (${shortcut})` : label
  const common = { className: 'slidev-icon-btn', 'aria-label': label, title, 'data-testid': testId }
  if (to !== undefined)
    return (
      <Link
        {...common}
        to={to}
        onClick={(event) => {
          releaseAfterPointer(event)
          onClick?.()
        }}
      >
        {icon}
      </Link>
    )
  if (href !== undefined)
    return (
      <a {...common} href={href} download={download} onClick={releaseAfterPointer}>
        {icon}
      </a>
    )
  return (
    <button
      {...common}
      type="button"
      disabled={disabled}
      aria-pressed={pressed}
      aria-haspopup={opensDialog ? 'dialog' : undefined}
      aria-expanded={opensDialog ? Boolean(expanded) : undefined}
      onClick={(event) => {
        releaseAfterPointer(event)
        onClick?.()
      }}
    >
      {icon}
    </button>
  )
}
