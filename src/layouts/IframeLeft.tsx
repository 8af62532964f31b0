// The iframe-left layout: a live page (`url:`) on the left, the slide's content on the right, with a fallback offline.
import { layoutClass, type LayoutProps } from './types'
import { IframePane } from './iframe-pane'

export default function IframeLeft({ slots, frontmatter, className }: LayoutProps) {
  return (
    <div className={layoutClass('iframe-left', className, frontmatter)}>
      <IframePane frontmatter={frontmatter} />
      <div className="slidev-iframe-content">{slots.default}</div>
    </div>
  )
}
