// The live page of the iframe layouts (`url:`, `scale:`, `fallback:`): an Embed, sandboxed, with its fallback offline.
import { lazy, Suspense } from 'react'
import { stringOf } from './types'

const Embed = lazy(() => import('../components/Embed'))

export function IframePane({ frontmatter }: { frontmatter: Record<string, unknown> }) {
  const url = stringOf(frontmatter, 'url') ?? ''
  const title = stringOf(frontmatter, 'title') ?? stringOf(frontmatter, 'demoTitle') ?? url
  const scale = typeof frontmatter.scale === 'number' && frontmatter.scale > 0 ? frontmatter.scale : undefined
  // As in Slidev: the page is laid out 1/scale as large, then scaled down (or up) to fill the pane.
  const style = scale ? { width: `${100 / scale}%`, height: `${100 / scale}%`, transform: `scale(${scale})`, transformOrigin: 'top left' } : undefined
  return (
    <div className="slidev-iframe-frame">
      <Suspense fallback={null}>
        <Embed url={url} title={title} fallback={stringOf(frontmatter, 'fallback')} style={style} />
      </Suspense>
    </div>
  )
}
