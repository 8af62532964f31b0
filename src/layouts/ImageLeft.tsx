// The image-left layout: `image:` fills the left half (`backgroundSize:` to change how), the content the right half.
import { stringOf, type LayoutProps } from './types'
import { backgroundStyle } from './background'

export default function ImageLeft({ slots, frontmatter, className }: LayoutProps) {
  // As in Slidev: the slide's `class` goes to the content half; `layoutClass` to the whole.
  const image = <div className="slidev-layout-image" style={backgroundStyle(frontmatter.image, frontmatter.backgroundSize)} />
  const content = <div className={['slidev-layout default', className].filter(Boolean).join(' ')}>{slots.default}</div>
  return (
    <div className={['slidev-layout-split image-left', stringOf(frontmatter, 'layoutClass')].filter(Boolean).join(' ')}>
      {image}
      {content}
    </div>
  )
}
