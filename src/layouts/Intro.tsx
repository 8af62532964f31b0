// The intro layout: An intro page: who speaks and about what (title, then the speaker's lines).
import { layoutClass, type LayoutProps } from './types'
import { BACKGROUND_IMAGE_CLASS, backgroundStyle, hasBackgroundImage } from './background'

export default function Intro({ slots, frontmatter, className }: LayoutProps) {
  return (
    <div
      className={layoutClass(hasBackgroundImage(frontmatter.background) ? `intro ${BACKGROUND_IMAGE_CLASS}` : 'intro', className, frontmatter)}
      style={backgroundStyle(frontmatter.background, frontmatter.backgroundSize, true)}
    >
      {slots.default}
    </div>
  )
}
