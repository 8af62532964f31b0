// Makes it possible to jump to a slide by typing its number, a word of its title, or words of its text or notes.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useAtom, useAtomValue } from 'jotai'
import { slidesAtom, configAtom } from '../../state/deck'
import { gotoOpenAtom } from '../../state/ui'
import { useDeckNav } from '../../state/navigation'
import { useDialog } from '../dialog/useDialog'
import { labelsFor } from '../chrome/labels'
import { SlideSearch, normaliseQuery, type SearchEntry } from './search'

let bodies: Promise<SearchEntry[]> | null = null
const loadBodies = () => (bodies ??= import('virtual:deck/search').then((m) => m.default))

export default function Goto() {
  const [open, setOpen] = useAtom(gotoOpenAtom)
  const slides = useAtomValue(slidesAtom)
  const config = useAtomValue(configAtom)
  const { go } = useDeckNav()
  const t = labelsFor(config.htmlAttrs.lang)
  const zh = (config.htmlAttrs.lang ?? '').startsWith('zh')
  const [text, setText] = useState('')
  const [selected, setSelected] = useState(0)
  const [full, setFull] = useState<SearchEntry[] | null>(null)
  const dialog = useRef<HTMLDivElement>(null)
  const input = useRef<HTMLInputElement>(null)
  const close = useCallback(() => setOpen(false), [setOpen])

  useEffect(() => {
    if (!open) return
    setText('')
    setSelected(0)
    void loadBodies().then(setFull)
  }, [open])

  useDialog(dialog, open, close, () => input.current)

  const search = useMemo(() => {
    const engine = new SlideSearch(slides.map((s) => ({ no: s.no, title: s.title })))
    return full ? engine.withBodies(full) : engine
  }, [slides, full])
  const hits = useMemo(() => search.search(text), [search, text])
  const noMatch = normaliseQuery(text) !== '' && hits.length === 0

  const choose = (index: number) => {
    const hit = hits[index]
    if (!hit) return
    close()
    go({ no: hit.no, clicks: 0 })
  }

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (!hits.length) return
      const delta = event.key === 'ArrowDown' ? 1 : -1
      setSelected((i) => (i + delta + hits.length) % hits.length)
    } else if (event.key === 'Enter') {
      event.preventDefault()
      choose(selected)
    }
  }

  useEffect(() => {
    if (!open) return
    // A click outside the dialog closes it.
    const onPointerDown = (event: PointerEvent) => {
      if (dialog.current && !dialog.current.contains(event.target as Node)) close()
    }
    window.addEventListener('pointerdown', onPointerDown, true)
    return () => window.removeEventListener('pointerdown', onPointerDown, true)
  }, [open, close])

  if (!open) return null
  return (
    <div ref={dialog} id="slidev-goto-dialog" className="slidev-goto" role="dialog" aria-modal="true" aria-label={t.goto}>
      <input
        ref={input}
        id="slidev-goto-input"
        type="text"
        autoComplete="off"
        spellCheck={false}
        className={noMatch ? 'has-no-match' : ''}
        aria-invalid={noMatch}
        aria-label={t.goto}
        aria-controls="slidev-goto-results"
        aria-activedescendant={hits.length ? `slidev-goto-hit-${selected}` : undefined}
        placeholder={zh ? '输入页码、标题或正文关键词…' : 'Slide number, title or words…'}
        value={text}
        onChange={(e) => {
          setText(e.target.value)
          setSelected(0)
        }}
        onKeyDown={onKeyDown}
      />
      <ul id="slidev-goto-results" role="listbox" className="slidev-goto-results">
        {hits.map((hit, i) => (
          <li
            key={hit.no}
            id={`slidev-goto-hit-${i}`}
            role="option"
            aria-selected={i === selected}
            className={i === selected ? 'is-selected' : ''}
            onPointerDown={(e) => e.preventDefault()}
            onClick={() => choose(i)}
            onMouseEnter={() => setSelected(i)}
          >
            <span className="slidev-goto-no">{hit.no}</span>
            <span className="slidev-goto-title">{hit.title}</span>
            {hit.snippet ? (
              <span className="slidev-goto-snippet">
                {hit.via === 'note' ? (zh ? '备注：' : 'Note: ') : ''}
                {hit.snippet}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  )
}
