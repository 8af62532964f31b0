// The section layout: A section's opening page: its title large, on its own.
import { layoutClass, type LayoutProps } from './types'
import { BACKGROUND_IMAGE_CLASS, backgroundStyle, hasBackgroundImage } from './background'

export default function Section({ slots, frontmatter, className }: LayoutProps) {
  return (
    <div
      className={layoutClass(hasBackgroundImage(frontmatter.background) ? `section ${BACKGROUND_IMAGE_CLASS}` : 'section', className, frontmatter)}
      style={backgroundStyle(frontmatter.background, frontmatter.backgroundSize, true)}
    >
      {slots.default}
    </div>
  )
}
