// The slide counter: "3 / 107" to the eye and the whole phrase to a screen reader, the same in every view.
import type { ReactNode } from 'react'
import type { Labels } from './labels'

export interface SlideCounterProps {
  no: number
  total: number
  t: Pick<Labels, 'slideOf'>
  className: string
  testId: string
  /** A paragraph where it stands alone in a header (the reader's); a span inside a bar otherwise. */
  paragraph?: boolean
  /** What follows the count inside it (the presenter's click step). */
  children?: ReactNode
}

export default function SlideCounter({ no, total, t, className, testId, paragraph, children }: SlideCounterProps) {
  const Element = paragraph ? 'p' : 'span'
  return (
    <Element className={className} data-testid={testId}>
      <span aria-hidden="true">
        {no} / {total}
      </span>
      <span className="sr-only">{t.slideOf(no, total)}</span>
      {children}
    </Element>
  )
}
