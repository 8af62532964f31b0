// The side editor's control in the navigation bar: a pencil over lines of text (inline SVG, currentColor).
export const editorIcon = (
  <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
    <path d="M4 6h9M4 11h6M4 16h4M14.5 19.5l-2.5.5.5-2.5 6-6 2 2z" />
  </svg>
)
