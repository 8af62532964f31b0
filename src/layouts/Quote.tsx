// The quote layout: a quotation, large, centred upright on the page.
import { layoutClass, type LayoutProps } from './types'

export default function Quote({ slots, frontmatter, className }: LayoutProps) {
  return (
    <div className={layoutClass('quote', className, frontmatter)}>
      <div className="my-auto">{slots.default}</div>
    </div>
  )
}
