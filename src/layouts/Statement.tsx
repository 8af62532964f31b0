// The statement layout: one statement, large and centred.
import { layoutClass, type LayoutProps } from './types'

export default function Statement({ slots, frontmatter, className }: LayoutProps) {
  return (
    <div className={layoutClass('statement', className, frontmatter)}>
      <div className="my-auto">{slots.default}</div>
    </div>
  )
}
