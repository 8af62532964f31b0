// The presenter view's own icons (timer, notes size, layout, cursor), drawn like the navigation bar's: inline SVG, currentColor.
import type { ReactNode } from 'react'

function Icon({ children, size = 20 }: { children: ReactNode; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {children}
    </svg>
  )
}

export const presenterIcons = {
  start: <Icon><path d="M8 5l11 7-11 7z" /></Icon>,
  pause: <Icon><path d="M8 5v14M16 5v14" /></Icon>,
  reset: <Icon><path d="M4 12a8 8 0 1 0 2.3-5.6" /><path d="M4 4v4h4" /></Icon>,
  fontSmaller: <Icon><path d="M4 18l4-11 4 11M5.5 14h5M15 12h6" /></Icon>,
  fontLarger: <Icon><path d="M4 18l4-11 4 11M5.5 14h5M15 12h6M18 9v6" /></Icon>,
  layout1: <Icon><rect x="3" y="4" width="18" height="16" rx="2" /><path d="M15 4v16M15 12h6" /></Icon>,
  layout2: <Icon><rect x="3" y="4" width="18" height="16" rx="2" /><path d="M12 4v16M3 14h9" /></Icon>,
  layout3: <Icon><rect x="3" y="4" width="18" height="16" rx="2" /><path d="M9 4v16M3 12h6M12 9h6M12 13h6M12 17h4" /></Icon>,
  blackout: <Icon><rect x="3" y="5" width="18" height="12" rx="1" fill="currentColor" /><path d="M8 21h8M12 17v4" /></Icon>,
  phone: <Icon><rect x="7" y="2" width="10" height="20" rx="2" /><path d="M11 18h2" /></Icon>,
  cursor: <Icon><path d="M5 3l14 8-6 2-2 6z" /></Icon>,
  prevLarge: <Icon size={56}><path d="M15 5l-7 7 7 7" /></Icon>,
  nextLarge: <Icon size={56}><path d="M9 5l7 7-7 7" /></Icon>,
}
