// The image-left and image-right layouts: `image:` fills one half (`backgroundSize:` to change how), the content the other.
import type { ComponentType } from 'react'
import { stringOf, type LayoutProps } from './types'
import { backgroundStyle } from './background'

/** The layout with the picture on `side`. */
export function imageSplitLayout(side: 'left' | 'right'): ComponentType<LayoutProps> {
  function ImageSplit({ slots, frontmatter, className }: LayoutProps) {
    // As in Slidev: the slide's `class` goes to the content half; `layoutClass` to the whole.
    const image = <div className="slidev-layout-image" style={backgroundStyle(frontmatter.image, frontmatter.backgroundSize)} />
    const content = <div className={['slidev-layout default', className].filter(Boolean).join(' ')}>{slots.default}</div>
    return (
      <div className={['slidev-layout-split', `image-${side}`, stringOf(frontmatter, 'layoutClass')].filter(Boolean).join(' ')}>
        {side === 'left' ? image : content}
        {side === 'left' ? content : image}
      </div>
    )
  }
  ImageSplit.displayName = `Layout(image-${side})`
  return ImageSplit
}
