// Slidev's <Transform :scale="0.5" origin="top center">: scales what it wraps, from its top left unless told.
import type { ReactNode } from 'react'

export interface TransformProps {
  scale?: string | number
  origin?: string
  children?: ReactNode
}

export default function Transform({ scale, origin, children }: TransformProps) {
  // As Slidev: a scale given but empty or zero counts as 1.
  const transform = scale === undefined || scale === null ? undefined : `scale(${Number(scale) || 1})`
  return <div className="slidev-transform" style={{ transform, transformOrigin: origin || 'top left' }}>{children}</div>
}
