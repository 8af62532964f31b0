// The image-right layout: `image:` fills the right half (`backgroundSize:` to change how), the content the left half.
import { stringOf, type LayoutProps } from './types'
import { backgroundStyle } from './background'

export default function ImageRight({ slots, frontmatter, className }: LayoutProps) {
  // As in Slidev: the slide's `class` goes to the content half; `layoutClass` to the whole.
  const image = <div className="slidev-layout-image" style={backgroundStyle(frontmatter.image, frontmatter.backgroundSize)} />
  const content = <div className={['slidev-layout default', className].filter(Boolean).join(' ')}>{slots.default}</div>
  return (
    <div className={['slidev-layout-split image-right', stringOf(frontmatter, 'layoutClass')].filter(Boolean).join(' ')}>
      {content}
      {image}
    </div>
  )
}
