// The full layout: the content uses the whole canvas, with no padding.
import { layoutClass, type LayoutProps } from './types'

export default function Full({ slots, frontmatter, className }: LayoutProps) {
  return <div className={layoutClass('full', className, frontmatter)}>{slots.default}</div>
}
