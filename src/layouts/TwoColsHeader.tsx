// The two-columns-with-header layout: the default slot across the top, `::left::` and `::right::` below, `::bottom::` under them.
import { layoutClass, type LayoutProps } from './types'

export default function TwoColsHeader({ slots, frontmatter, className }: LayoutProps) {
  return (
    <div className={layoutClass('two-cols-header', className, frontmatter)}>
      <div className="col-header">{slots.default}</div>
      <div className="col-left">{slots.left}</div>
      <div className="col-right">{slots.right}</div>
      {slots.bottom ? <div className="col-bottom">{slots.bottom}</div> : null}
    </div>
  )
}
