// Slidev's <AutoFitText :max="200" :min="50" modelValue="Text" />: the text on one line at the largest size (between
// min and max px) that fits its box's width, wrapped at min when even that does not fit; it refits when the box changes.
import { useLayoutEffect, useRef, useState } from 'react'
import { fittedSize } from '../../logic/auto-fit'

export interface AutoFitTextProps {
  modelValue?: string
  min?: string | number
  max?: string | number
  className?: string
}

const size = (value: string | number | undefined, fallback: number): number => {
  const n = Number(value)
  return value === undefined || value === '' || !Number.isFinite(n) || n <= 0 ? fallback : n
}


export default function AutoFitText({ modelValue = '', min, max, className }: AutoFitTextProps) {
  const lo = size(min, 30)
  const hi = Math.max(lo, size(max, 100))
  const box = useRef<HTMLDivElement>(null)
  const inner = useRef<HTMLDivElement>(null)
  const [fit, setFit] = useState({ fontSize: hi, wrap: false })
  useLayoutEffect(() => {
    const container = box.current
    const text = inner.current
    if (!container || !text) return
    const refit = () => {
      // Measured at the largest size on one line, then scaled; a line that glyph rounding made a fraction too wide at
      // that size is scaled once more. Widths unrounded: a whole-pixel reading can be a pixel over.
      text.style.whiteSpace = 'nowrap'
      container.style.fontSize = `${hi}px`
      // Both as drawn (the slide's canvas may be scaled): the box's inner width at the scale its outer one is drawn at.
      const boxWidth = container.offsetWidth ? (container.clientWidth * container.getBoundingClientRect().width) / container.offsetWidth : 0
      const lineWidth = () => text.getBoundingClientRect().width
      let next = fittedSize(hi, boxWidth, lineWidth(), lo, hi)
      container.style.fontSize = `${next}px`
      if (lineWidth() > boxWidth) {
        next = fittedSize(next, boxWidth, lineWidth(), lo, hi)
        container.style.fontSize = `${next}px`
      }
      setFit({ fontSize: next, wrap: next <= lo && lineWidth() > boxWidth })
    }
    refit()
    const observer = new ResizeObserver(refit)
    observer.observe(container)
    return () => observer.disconnect()
  }, [modelValue, lo, hi])
  return (
    <div ref={box} className={['slidev-auto-fit-text', className].filter(Boolean).join(' ')} style={{ fontSize: `${fit.fontSize}px`, width: '100%' }}>
      <div ref={inner} className="slidev-auto-fit-text-inner" style={{ display: 'inline-block', whiteSpace: fit.wrap ? 'normal' : 'nowrap' }}>
        {String(modelValue)}
      </div>
    </div>
  )
}
