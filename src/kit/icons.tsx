// The UI's icons: small inline SVGs (no icon font, no network), drawn with currentColor.
import type { ReactNode } from 'react'

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {children}
    </svg>
  )
}

export const icons = {
  prev: <Icon><path d="M15 5l-7 7 7 7" /></Icon>,
  next: <Icon><path d="M9 5l7 7-7 7" /></Icon>,
  fullscreen: <Icon><path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" /></Icon>,
  exitFullscreen: <Icon><path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" /></Icon>,
  moon: <Icon><path d="M20 14.5A8 8 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5z" /></Icon>,
  sun: <Icon><circle cx="12" cy="12" r="4" /><path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" /></Icon>,
  scaleFit: <Icon><rect x="3" y="5" width="18" height="14" rx="2" /><path d="M8 9l-2 3 2 3M16 9l2 3-2 3" /></Icon>,
  scaleOne: <Icon><rect x="3" y="5" width="18" height="14" rx="2" /><path d="M8 10l1.5-1v6M14.5 10l1.5-1v6M12 11v.01M12 14v.01" /></Icon>,
  overview: <Icon><rect x="3" y="3" width="7" height="7" rx="1" /><rect x="14" y="3" width="7" height="7" rx="1" /><rect x="3" y="14" width="7" height="7" rx="1" /><rect x="14" y="14" width="7" height="7" rx="1" /></Icon>,
  goto: <Icon><circle cx="11" cy="11" r="6" /><path d="M20 20l-4.5-4.5" /></Icon>,
  info: <Icon><circle cx="12" cy="12" r="9" /><path d="M12 11v6M12 7.5v.01" /></Icon>,
  download: <Icon><path d="M12 4v11M7 10l5 5 5-5M5 20h14" /></Icon>,
  presenter: <Icon><rect x="3" y="4" width="18" height="12" rx="2" /><path d="M8 20h8M12 16v4" /></Icon>,
  reader: <Icon><path d="M5 5h14M5 9.5h14M5 14h14M5 18.5h9" /></Icon>,
  play: <Icon><path d="M7 5l12 7-12 7z" /></Icon>,
  close: <Icon><path d="M6 6l12 12M18 6L6 18" /></Icon>,
  copy: <Icon><rect x="8" y="8" width="12" height="12" rx="2" /><path d="M16 8V5a1 1 0 0 0-1-1H5a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h3" /></Icon>,
  copied: <Icon><path d="M5 12.5l4.5 4.5L19 7.5" /></Icon>,
  failed: <Icon><path d="M12 6v8M12 18v.01" /></Icon>,
  help: <Icon><circle cx="12" cy="12" r="9" /><path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14M12 17.5h.01" /></Icon>,
}
