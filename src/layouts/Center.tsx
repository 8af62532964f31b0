// The center layout: content centred on the canvas both ways.
import { layoutClass, type LayoutProps } from './types'

export default function Center({ slots, frontmatter, className }: LayoutProps) {
  return (
    <div className={layoutClass('center', className, frontmatter)}>
      <div className="my-auto">{slots.default}</div>
    </div>
  )
}
