// Slidev's <Toc>: the deck's table of contents from its slides' titles and levels, each entry a link to its slide,
// the slide it is drawn in marked as the current one.
import { useAtomValue } from 'jotai'
import { slidesAtom } from '../../state/deck'
import { tocEntries, type TocItem, type TocMode } from '../../logic/toc'
import SlideLink from '../SlideLink'
import { useSlideNo } from '../../state/slide-context'

export interface TocProps {
  columns?: string | number
  minDepth?: string | number
  maxDepth?: string | number
  mode?: TocMode | string
  /** Classes of every list. */
  listClass?: string
  /** The first number of the top list. */
  start?: string | number
  /** `list-style` per level, comma-separated (Slidev takes an array). */
  listStyle?: string | string[]
}

const MODES: readonly string[] = ['all', 'onlyCurrentTree', 'onlySiblings']

/** A count from a Markdown attribute (text) or a bound number; `fallback` when it is not one. */
const count = (value: string | number | undefined, fallback: number): number => {
  const n = typeof value === 'number' ? value : value === undefined || value === '' ? NaN : Number(value)
  return Number.isNaN(n) ? fallback : n
}

function TocList({ items, level, start, listClass, listStyles }: { items: TocItem[]; level: number; start: number; listClass?: string; listStyles: string[] }) {
  if (!items.length) return null
  const style = listStyles[level - 1]
  return (
    <ol
      className={[listClass, 'slidev-toc-list', `slidev-toc-list-level-${level}`].filter(Boolean).join(' ')}
      start={level === 1 && start !== 1 ? start : undefined}
      style={style ? { listStyle: style } : undefined}
    >
      {items.map((item) => (
        <li
          key={item.no}
          className={['slidev-toc-item', item.active && 'slidev-toc-item-active', item.activeParent && 'slidev-toc-item-parent-active'].filter(Boolean).join(' ')}
          aria-current={item.active ? 'page' : undefined}
        >
          <SlideLink to={String(item.no)}>{item.title}</SlideLink>
          <TocList items={item.children} level={level + 1} start={1} listClass={listClass} listStyles={listStyles} />
        </li>
      ))}
    </ol>
  )
}

export default function Toc({ columns = 1, minDepth, maxDepth, mode = 'all', listClass, start, listStyle }: TocProps) {
  const slides = useAtomValue(slidesAtom)
  const current = useSlideNo() ?? 0
  const entries = tocEntries(slides, current, {
    minDepth: count(minDepth, 1),
    maxDepth: count(maxDepth, Infinity),
    mode: (MODES.includes(mode) ? mode : 'all') as TocMode,
  })
  const listStyles = Array.isArray(listStyle) ? listStyle : (listStyle ?? '').split(',').map((s) => s.trim())
  return (
    <nav className="slidev-toc" style={{ columnCount: count(columns, 1) }}>
      <TocList items={entries} level={1} start={count(start, 1)} listClass={listClass} listStyles={listStyles} />
    </nav>
  )
}
