// Turns a slide's slots into part of an article: headings one level under the section's own, the title heading the
// section already shows dropped, tables in a box of their own that scrolls sideways, images loaded when near.
import { readerAnchor } from '../../logic/reader'
import { cloneElement, createElement, isValidElement, type ReactElement, type ReactNode } from 'react'

/** The section's heading is an h2: the slide's h1 reads as an h3 under it, and so on down. */
const DEMOTED: Record<string, string> = { h1: 'h3', h2: 'h4', h3: 'h5', h4: 'h6', h5: 'h6', h6: 'h6' }

export interface ArticleOptions {
  /** The slide's title: the first h1 reading exactly this is dropped (the section heading says it). */
  title: string
  /** The accessible name of a table's scroll box. */
  tableLabel: string
}

type Props = { children?: ReactNode; [key: string]: unknown }

/** The text of a node, whitespace collapsed. */
export function textOf(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === 'boolean') return ''
  if (typeof node === 'string' || typeof node === 'number') return String(node)
  if (Array.isArray(node)) return node.map(textOf).join('')
  if (isValidElement(node)) return textOf((node.props as Props).children)
  return ''
}

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim()

/** The slots of a slide as they read in the reader (see the file's first line). */
export function toArticle(slots: Record<string, ReactNode>, { title, tableLabel }: ArticleOptions): Record<string, ReactNode> {
  const wanted = normalise(title)
  let titleDropped = !wanted

  const children = (node: ReactNode): ReactNode[] => (Array.isArray(node) ? node.map(visit) : node === undefined ? [] : [visit(node)])

  function visit(node: ReactNode): ReactNode {
    if (Array.isArray(node)) return node.map(visit)
    if (!isValidElement(node)) return node
    const element = node as ReactElement<Props>
    const { type, props } = element
    if (type === 'h1' && !titleDropped && normalise(textOf(props.children)) === wanted) {
      titleDropped = true
      return null
    }
    const demoted = typeof type === 'string' ? DEMOTED[type] : undefined
    if (demoted) {
      const { children: inner, ...rest } = props
      return createElement(demoted, { ...rest, key: element.key }, ...children(inner))
    }
    // Every click step is shown: what the slide hides until a click (and says so to screen readers) is plain text here.
    if (props['data-click-since'] !== undefined) {
      const className = typeof props.className === 'string' ? props.className.replace(/\bslidev-vclick-hidden\b/g, '').trim() : props.className
      return visit(cloneElement(element, { 'aria-hidden': undefined, className, 'data-click-since': undefined, 'data-click-shown': props['data-click-since'] }))
    }
    if (type === 'img') return cloneElement(element, { loading: 'lazy' })
    if (type === 'table') {
      const table = props.children === undefined ? element : cloneElement(element, undefined, ...children(props.children))
      return createElement('div', { key: element.key, className: 'deck-reader-table', role: 'region', 'aria-label': tableLabel, tabIndex: 0 }, table)
    }
    if (props.children === undefined) return element
    return cloneElement(element, undefined, ...children(props.children))
  }

  const result: Record<string, ReactNode> = {}
  for (const [name, slot] of Object.entries(slots)) result[name] = visit(slot)
  return result
}

/** Links to slides in notes are `<deck-link to="N">` (a component on slides); in the article they point into the page. */
export function notesForArticle(noteHtml: string): string {
  return noteHtml
    .replace(/<deck-link\b([^>]*?)\bto="(\d+)"([^>]*)>/g, (_, before: string, no: string, after: string) => `<a${before}href="#${readerAnchor(Number(no))}" data-slide-link="${no}"${after}>`)
    .replace(/<\/deck-link>/g, '</a>')
}
