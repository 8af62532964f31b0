// The iframe-right layout: the slide's content on the left, a live page (`url:`) on the right, with a fallback offline.
import { lazy, Suspense } from 'react'
import { layoutClass, type LayoutProps } from './types'

const Embed = lazy(() => import('../components/Embed'))

export default function IframeRight({ slots, frontmatter, className }: LayoutProps) {
  const url = typeof frontmatter.url === 'string' ? frontmatter.url : ''
  const title = typeof frontmatter.title === 'string' ? frontmatter.title : typeof frontmatter.demoTitle === 'string' ? frontmatter.demoTitle : url
  const fallback = typeof frontmatter.fallback === 'string' ? frontmatter.fallback : undefined
  return (
    <div className={layoutClass('iframe-right', className)}>
      <div className="slidev-iframe-content">{slots.default}</div>
      <div className="slidev-iframe-frame">
        <Suspense fallback={null}>
          <Embed url={url} title={title} fallback={fallback} />
        </Suspense>
      </div>
    </div>
  )
}
