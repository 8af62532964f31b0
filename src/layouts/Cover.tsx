// The cover layout: a title page over an optional `background:` (a colour, or a local image the build bundles).
import { layoutClass, type LayoutProps } from './types'
import { BACKGROUND_IMAGE_CLASS, backgroundStyle, hasBackgroundImage } from './background'

export default function Cover({ slots, frontmatter, className }: LayoutProps) {
  return (
    <div
      className={layoutClass(hasBackgroundImage(frontmatter.background) ? `cover ${BACKGROUND_IMAGE_CLASS}` : 'cover', className, frontmatter)}
      style={backgroundStyle(frontmatter.background, frontmatter.backgroundSize, true)}
    >
      <div className="my-auto w-full">{slots.default}</div>
    </div>
  )
}
