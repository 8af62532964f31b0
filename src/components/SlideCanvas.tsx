// The slide canvas: canvasWidth × canvasHeight slide pixels, scaled to fit its box (letterboxed) or shown 1:1.
import { useLayoutEffect, useRef, useState, type ReactNode, type CSSProperties } from 'react'
import { useAtomValue } from 'jotai'
import { configAtom } from '../state/deck'

/** The largest scale at which a width × height canvas fits a box. */
export function fitScale(boxWidth: number, boxHeight: number, width: number, height: number): number {
  if (boxWidth <= 0 || boxHeight <= 0) return 1
  return Math.min(boxWidth / width, boxHeight / height)
}

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
  const [scale, setScale] = useState(width ? width / canvasWidth : 1)
  useLayoutEffect(() => {
    if (width) {
      setScale(width / canvasWidth)
      return
    }
    const el = box.current
    if (!el) return
    const measure = () => setScale(scaleMode === 1 ? 1 : fitScale(el.clientWidth, el.clientHeight, canvasWidth, canvasHeight))
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    return () => observer.disconnect()
  }, [scaleMode, canvasWidth, canvasHeight, width])
  const boxStyle: CSSProperties | undefined = width ? { width, height: Math.round((width * canvasHeight) / canvasWidth) } : undefined
  const style = { width: canvasWidth, height: canvasHeight, transform: `scale(${scale})`, '--slide-scale': scale } as CSSProperties
  return (
    <div ref={box} className={['slidev-slide-box', scaleMode === 1 && !width ? 'is-one-to-one' : '', className].filter(Boolean).join(' ')} style={boxStyle}>
      <div className="slidev-slide-container" style={{ width: canvasWidth * scale, height: canvasHeight * scale }}>
        <div className="slidev-slide-content" style={style}>
          {children}
        </div>
      </div>
    </div>
  )
}
