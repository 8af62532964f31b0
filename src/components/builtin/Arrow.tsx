// Slidev's <Arrow x1 y1 x2 y2 width color two-way />: an SVG arrow drawn over the slide, in slide pixels from its top left.
import { useId } from 'react'

export interface ArrowProps {
  x1: string | number
  y1: string | number
  x2: string | number
  y2: string | number
  width?: string | number
  color?: string
  /** A head at both ends (the attribute `two-way`, bare or `:two-way="true"`). */
  twoWay?: boolean | string
}

const MARKER = { markerUnits: 'strokeWidth', markerHeight: 7, refY: 3.5, orient: 'auto' } as const

/** A bare attribute arrives as "" (present): on, unless it says false. */
const isOn = (value: boolean | string | undefined): boolean => value === true || (typeof value === 'string' && value !== 'false')

export default function Arrow({ x1, y1, x2, y2, width, color, twoWay }: ArrowProps) {
  // useId is the same in the prerendered page and the hydrated one; its punctuation is not for url(#…).
  const id = `slidev-arrow-${useId().replace(/[^\w-]/g, '')}`
  const [ax, ay, bx, by] = [x1, y1, x2, y2].map((v) => Number(v) || 0) as [number, number, number, number]
  const paint = color || 'currentColor'
  const both = isOn(twoWay)
  return (
    <svg
      className="slidev-arrow"
      width={Math.max(ax, bx) + 50}
      height={Math.max(ay, by) + 50}
      aria-hidden="true"
      style={{ position: 'absolute', left: 0, top: 0, pointerEvents: 'none', overflow: 'visible' }}
    >
      <defs>
        <marker id={id} markerWidth={10} refX={9} {...MARKER}>
          <polygon points="0 0, 10 3.5, 0 7" fill={paint} />
        </marker>
        {both ? (
          <marker id={`${id}-rev`} markerWidth={20} refX={11} {...MARKER}>
            <polygon points="20 0, 10 3.5, 20 7" fill={paint} />
          </marker>
        ) : null}
      </defs>
      <line x1={ax} y1={ay} x2={bx} y2={by} stroke={paint} strokeWidth={Number(width) || 2} markerEnd={`url(#${id})`} markerStart={both ? `url(#${id}-rev)` : undefined} />
    </svg>
  )
}
