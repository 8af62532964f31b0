// The iframe-right layout: the slide's content on the left, a live page (`url:`) on the right, with a fallback offline.
import { layoutClass, type LayoutProps } from './types'
import { IframePane } from './iframe-pane'

export default function IframeRight({ slots, frontmatter, className }: LayoutProps) {
  return (
    <div className={layoutClass('iframe-right', className, frontmatter)}>
      <div className="slidev-iframe-content">{slots.default}</div>
      <IframePane frontmatter={frontmatter} />
    </div>
  )
}
