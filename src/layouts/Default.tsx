// The default layout: the slide's content as written.
import { layoutClass, type LayoutProps } from './types'

export default function Default({ slots, frontmatter, className }: LayoutProps) {
  return <div className={layoutClass('default', className, frontmatter)}>{slots.default}</div>
}
