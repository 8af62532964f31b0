// A link to another slide (`[text](/12)` or `<Link to="12">`): moves inside the deck without reloading.
import type { MouseEvent, ReactNode } from 'react'
import { useAtomValue } from 'jotai'
import { useDeckNav } from '../state/navigation'
import { viewModeAtom } from '../state/nav'

export interface SlideLinkProps {
  to: string
  children?: ReactNode
  className?: string
  title?: string
}

export default function SlideLink({ to, children, className, title }: SlideLinkProps) {
  const mode = useAtomValue(viewModeAtom)
  const { go } = useDeckNav()
  const no = Number(to)
  const href = mode === 'presenter' ? `/presenter/${no}` : `/${no}`
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (mode === 'print' || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
    event.preventDefault()
    event.stopPropagation()
    go({ no, clicks: 0 })
  }
  return (
    <a href={href} data-slide-link={no} className={['slidev-link', className].filter(Boolean).join(' ')} title={title} onClick={onClick}>
      {children}
    </a>
  )
}
