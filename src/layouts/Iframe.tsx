// The iframe layout: a live page (`url:`) over the whole canvas, with a fallback offline; the slide's text is not shown.
import { layoutClass, type LayoutProps } from './types'
import { IframePane } from './iframe-pane'

export default function Iframe({ frontmatter, className }: LayoutProps) {
  return (
    <div className={layoutClass('iframe', className, frontmatter)}>
      <IframePane frontmatter={frontmatter} />
    </div>
  )
}
