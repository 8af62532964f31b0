// The two-columns-with-header layout: the default slot across the top, `::left::` and `::right::` below.
import { layoutClass, type LayoutProps } from './types'

export default function TwoColsHeader({ slots, className }: LayoutProps) {
  return (
    <div className={layoutClass('two-cols-header', className)}>
      <div className="col-header">{slots.default}</div>
      <div className="col-left">{slots.left}</div>
      <div className="col-right">{slots.right}</div>
    </div>
  )
}
