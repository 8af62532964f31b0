// The fact layout: a figure or fact, very large, with a line under it.
import { layoutClass, type LayoutProps } from './types'

export default function Fact({ slots, frontmatter, className }: LayoutProps) {
  return (
    <div className={layoutClass('fact', className, frontmatter)}>
      <div className="my-auto">{slots.default}</div>
    </div>
  )
}
