// The slide canvas: canvasWidth × canvasHeight slide pixels, scaled to fit its box (letterboxed) or shown 1:1.
// Fitting is CSS (container units), so a prerendered page is scaled before any script runs and hydration changes
// nothing; a browser without typed CSS arithmetic gets the same scale measured by script instead.
import { useLayoutEffect, useRef, type ReactNode, type CSSProperties } from 'react'
import { useAtomValue } from 'jotai'
import { configAtom } from '../state/deck'

/** The largest scale at which a width × height canvas fits a box. */
export function fitScale(boxWidth: number, boxHeight: number, width: number, height: number): number {
  if (boxWidth <= 0 || boxHeight <= 0) return 1
  return Math.min(boxWidth / width, boxHeight / height)
}

/** Whether `calc(length / length)` gives a number here (Chromium 140+, Safari 18.2+, Firefox behind a flag). */
const cssCanFit = typeof CSS !== 'undefined' && CSS.supports('scale', 'calc(100cqw / 980px)')

export interface SlideCanvasProps {
  children: ReactNode
  /** 0 = fit, 1 = 1:1. */
  scaleMode?: 0 | 1
  className?: string
  /** A fixed width in screen pixels (thumbnails), instead of measuring the box. */
  width?: number
}

export default function SlideCanvas({ children, scaleMode = 0, className, width }: SlideCanvasProps) {
  const { canvasWidth, canvasHeight } = useAtomValue(configAtom)
  const box = useRef<HTMLDivElement>(null)
  const fits = !width && scaleMode === 0
  useLayoutEffect(() => {
    const el = box.current
    if (!fits || cssCanFit || !el) return
    // The fallback writes the number CSS could not compute; React never renders it, so hydration stays equal.
    const container = el.firstElementChild as HTMLElement
    const measure = () => container.style.setProperty('--slide-scale', String(fitScale(el.clientWidth, el.clientHeight, canvasWidth, canvasHeight)))
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    return () => observer.disconnect()
  }, [fits, canvasWidth, canvasHeight])
  const fixed = width ? width / canvasWidth : fits ? undefined : 1
  const boxStyle = {
    '--canvas-width': `${canvasWidth}px`,
    '--canvas-height': `${canvasHeight}px`,
    ...(fixed === undefined ? {} : { '--slide-scale': fixed }),
    ...(width ? { width, height: Math.round((width * canvasHeight) / canvasWidth) } : {}),
  } as CSSProperties
  return (
    <div ref={box} className={['slidev-slide-box', fits ? 'is-fit' : '', scaleMode === 1 && !width ? 'is-one-to-one' : '', className].filter(Boolean).join(' ')} style={boxStyle}>
      <div className="slidev-slide-container">
        <div className="slidev-slide-content">{children}</div>
      </div>
    </div>
  )
}
