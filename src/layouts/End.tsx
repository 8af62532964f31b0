// The end layout: the last page, white on black, with the slide's text or "END".
import { layoutClass, type LayoutProps } from './types'

export default function End({ slots, frontmatter, className }: LayoutProps) {
  const content = slots.default
  const empty = content === null || content === undefined || (Array.isArray(content) && content.every((c) => typeof c === 'string' && !c.trim()))
  return <div className={layoutClass('end', className, frontmatter)}>{empty ? 'END' : content}</div>
}
