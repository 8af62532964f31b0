// The drawing tools' icons: small inline SVGs drawn with currentColor (no emoji or icon font, which may be missing).
import type { ReactNode } from 'react'
import type { DrawingTool } from '../../logic/drawing'

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {children}
    </svg>
  )
}

export const toolIcons: Record<DrawingTool, ReactNode> = {
  stylus: <Icon><path d="M4 20c3-1 4-4 7-4s3 3 6 2 3-5 3-5" /><path d="M14 4l6 6" /></Icon>,
  line: <Icon><path d="M5 19L19 5" /></Icon>,
  arrow: <Icon><path d="M5 19L19 5M10 5h9v9" /></Icon>,
  rectangle: <Icon><rect x="4" y="6" width="16" height="12" rx="1" /></Icon>,
  ellipse: <Icon><ellipse cx="12" cy="12" rx="8" ry="6" /></Icon>,
  eraseLine: <Icon><path d="M8 20h12M5 15l8-8 6 6-5 5H9z" /><path d="M9 11l6 6" /></Icon>,
}

export const drawingIcons = {
  pen: <Icon><path d="M4 20l4-1L19 8a2.1 2.1 0 0 0-3-3L5 16z" /><path d="M14 7l3 3" /></Icon>,
  move: <Icon><path d="M12 3v18M3 12h18M12 3l-3 3M12 3l3 3M12 21l-3-3M12 21l3-3M3 12l3-3M3 12l3 3M21 12l-3-3M21 12l-3 3" /></Icon>,
  undo: <Icon><path d="M9 14L4 9l5-5" /><path d="M4 9h10a6 6 0 0 1 0 12h-3" /></Icon>,
  redo: <Icon><path d="M15 14l5-5-5-5" /><path d="M20 9H10a6 6 0 0 0 0 12h3" /></Icon>,
  clear: <Icon><path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" /></Icon>,
  clearSaved: <Icon><circle cx="12" cy="12" r="8" /><path d="M6.5 6.5l11 11" /></Icon>,
  pin: <Icon><path d="M9 4h6l-1 6 3 3H7l3-3z" /><path d="M12 13v7" /></Icon>,
  close: <Icon><path d="M6 6l12 12M18 6L6 18" /></Icon>,
}
