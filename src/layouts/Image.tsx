// The image layout: `image:` covers the whole page (`backgroundSize:` to change how), the content over it.
import { layoutClass, type LayoutProps } from './types'
import { backgroundStyle } from './background'

export default function Image({ slots, frontmatter, className }: LayoutProps) {
  return (
    <div className={layoutClass('image', className, frontmatter)} style={backgroundStyle(frontmatter.image, frontmatter.backgroundSize)}>
      {slots.default}
    </div>
  )
}
