// The cover layout: a title page over an optional local background image.
import { layoutClass, type LayoutProps } from './types'
import { backgroundStyle } from './background'

export default function Cover({ slots, frontmatter, className }: LayoutProps) {
  return (
    <div className={layoutClass('cover', className)} style={backgroundStyle(frontmatter.background)}>
      <div className="my-auto w-full">{slots.default}</div>
    </div>
  )
}
