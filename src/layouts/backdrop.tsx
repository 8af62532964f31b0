// Layouts that are one block of content over an optional `background:` picture (intro, section): only their name differs.
import type { ComponentType } from 'react'
import { layoutClass, type LayoutProps } from './types'
import { BACKGROUND_IMAGE_CLASS, backgroundStyle, hasBackgroundImage } from './background'

/** The layout `name`: its slot on the slide's `background:` (sized by `backgroundSize:`), classed as Slidev's. */
export function backdropLayout(name: string): ComponentType<LayoutProps> {
  function Backdrop({ slots, frontmatter, className }: LayoutProps) {
    return (
      <div
        className={layoutClass(hasBackgroundImage(frontmatter.background) ? `${name} ${BACKGROUND_IMAGE_CLASS}` : name, className, frontmatter)}
        style={backgroundStyle(frontmatter.background, frontmatter.backgroundSize, true)}
      >
        {slots.default}
      </div>
    )
  }
  Backdrop.displayName = `Layout(${name})`
  return Backdrop
}
