// A link to another slide (`[text](/12)` or `<Link to="12">`): moves inside the deck without reloading.
import { useContext, type MouseEvent, type ReactNode } from 'react'
import { useAtomValue } from 'jotai'
import { DeckNavContext } from '../state/nav-context'
import { viewModeAtom } from '../state/nav'
import { configAtom } from '../state/deck'
import { SlideSurfaceContext } from './surface'

export interface SlideLinkProps {
  to: string
  children?: ReactNode
  className?: string
  title?: string
}

export default function SlideLink({ to, children, className, title }: SlideLinkProps) {
  const mode = useAtomValue(viewModeAtom)
  // Null while the first slide is shown before the app (src/boot): the link then simply loads its page.
  const navigator = useContext(DeckNavContext)
  const no = Number(to)
  const path = mode === 'presenter' ? `presenter/${no}` : String(no)
  const routerMode = useAtomValue(configAtom).routerMode
  const inPage = useContext(SlideSurfaceContext).slideHref
  const href = inPage ? inPage(no) : routerMode === 'hash' ? `#/${path}` : `${import.meta.env.BASE_URL}${path}`
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!navigator || mode === 'print' || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
    event.preventDefault()
    event.stopPropagation()
    navigator.go({ no, clicks: 0 })
  }
  return (
    <a href={href} data-slide-link={no} className={['slidev-link', className].filter(Boolean).join(' ')} title={title} onClick={onClick}>
      {children}
    </a>
  )
}
