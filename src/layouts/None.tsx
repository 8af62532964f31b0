// The none layout: the content with no layout styling at all (no padding, fonts or sizes of the theme), as in Slidev.
import { stringOf, type LayoutProps } from './types'

export default function None({ slots, frontmatter, className }: LayoutProps) {
  // Deliberately not `.slidev-layout`: the theme styles that class, and this layout is the way out of them.
  return <div className={['slidev-layout-none', stringOf(frontmatter, 'layoutClass'), className].filter(Boolean).join(' ')}>{slots.default}</div>
}
