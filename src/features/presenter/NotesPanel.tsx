// Makes the speaker notes readable while talking: the slide's note as HTML, the part for the current click highlighted.
import { useLayoutEffect, useRef } from 'react'
import { useNote } from '../../state/notes'
import { noteSegmentStates } from '../../logic/presenter'
import { NOTE_CLICK_ATTRIBUTE } from '../../../shared/clicks'
import { prefersReducedMotion } from '../../stage/transition'
import type { Labels } from '../../kit/labels'

/** `scrollTo: 'start'` brings the spoken part to the top (the notes layout reads ahead); 'nearest' just keeps it in view. */
export default function NotesPanel({ no, clicks, fontSize, t, scrollTo = 'nearest' }: { no: number; clicks: number; fontSize: number; t: Labels['presenting']; scrollTo?: 'start' | 'nearest' }) {
  const note = useNote(no)
  const ref = useRef<HTMLDivElement>(null)
  const html = note.status === 'ready' ? note.html : ''

  // Segment classes are set on the compiled HTML after it is in the DOM (it is a string, not React elements).
  useLayoutEffect(() => {
    const root = ref.current
    if (!root) return
    const segments = [...root.querySelectorAll<HTMLElement>('.note-segment')]
    const states = segments.length > 1 ? noteSegmentStates(segments.map((s) => Number(s.getAttribute(NOTE_CLICK_ATTRIBUTE)) || 0), clicks) : []
    let current: HTMLElement | null = null
    segments.forEach((segment, i) => {
      const state = states[i]
      segment.classList.toggle('is-current', state === 'current')
      segment.classList.toggle('is-past', state === 'past')
      segment.classList.toggle('is-future', state === 'future')
      if (state === 'current') {
        segment.setAttribute('aria-current', 'step')
        current = segment
      } else segment.removeAttribute('aria-current')
    })
    ;(current as HTMLElement | null)?.scrollIntoView?.({ block: scrollTo, behavior: prefersReducedMotion() ? 'auto' : 'smooth' })
  }, [clicks, html, scrollTo])

  return (
    <div className="presenter-notes-body" style={{ fontSize: `${fontSize}em` }} data-testid="presenter-notes" tabIndex={0} role="region" aria-label={t.notes}>
      {note.status === 'loading' ? null : note.status === 'withheld' ? (
        <p className="presenter-notes-empty" data-notes="withheld">
          {t.notesWithheld}
        </p>
      ) : html ? (
        <div ref={ref} className="presenter-notes-html" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <p className="presenter-notes-empty">{t.noNotes}</p>
      )}
    </div>
  )
}
