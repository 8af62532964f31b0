// The two-cols layout: the content (and `::left::`) in the left column, `::right::` in the right one.
import { layoutClass, type LayoutProps } from './types'

export default function TwoCols({ slots, frontmatter, className }: LayoutProps) {
  // As in Slidev: the slide's `class` goes to each column, `layoutClass` to the grid; `two-columns` is Slidev's root class.
  const column = (name: string) => [name, className].filter(Boolean).join(' ')
  return (
    <div className={layoutClass('two-cols two-columns', undefined, frontmatter)}>
      <div className={column('col-left')}>
        {slots.default}
        {slots.left}
      </div>
      <div className={column('col-right')}>{slots.right}</div>
    </div>
  )
}
