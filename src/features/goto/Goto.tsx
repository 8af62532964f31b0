// Makes it possible to jump to a slide by typing its number, a word of its title, or words of its text or notes.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { useAtom, useAtomValue } from 'jotai'
import { slidesAtom, configAtom } from '../../state/deck'
import { gotoOpenAtom } from '../../state/ui'
import { useDeckNav } from '../../state/navigation'
import { useDialog } from '../../kit/useDialog'
import { labelsFor } from '../../kit/labels'
import type { SearchEntry, SearchHit, TextPart } from './search'
import './goto.css'
import { HOT_EVENTS } from '../../../shared/events'
import { onHotEvent } from '../../state/hot-events'

type SearchModule = typeof import('./search')

// fuse.js and the deck's full text are not needed until someone searches: loaded once, on first open or when idle.
let engine: Promise<SearchModule> | null = null
let bodies: Promise<SearchEntry[]> | null = null
export const loadSearchEngine = () => (engine ??= import('./search'))
/** Search entries with a title string (a slide without one, as Slidev leaves it, is found by its text). */
const titled = (entries: { no: number; title?: string; text: string; note: string }[]): SearchEntry[] => entries.map((e) => ({ ...e, title: e.title ?? '' }))
export const loadSearchBodies = () => (bodies ??= import('virtual:deck/search').then((m) => titled(m.default)))

// An edit of the deck in dev brings new slide text: the next search uses it (taken here, by event: Vite then stops
// marking the modules above this one as updated, see state/deck.ts).
if (import.meta.hot) {
  import.meta.hot.accept('virtual:deck/search', () => {})
  onHotEvent<{ no: number; title?: string; text: string; note: string }[]>(import.meta.hot, HOT_EVENTS.searchUpdate, (entries) => (bodies = Promise.resolve(titled(entries))))
}

function Parts({ parts }: { parts: TextPart[] }) {
  return (
    <>
      {parts.map((part, i) => (part.mark ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>))}
    </>
  )
}

export default function Goto() {
  const [open, setOpen] = useAtom(gotoOpenAtom)
  const slides = useAtomValue(slidesAtom)
  const config = useAtomValue(configAtom)
  const { go } = useDeckNav()
  const t = labelsFor(config.htmlAttrs.lang)
  const [text, setText] = useState('')
  const [selected, setSelected] = useState(0)
  const [lib, setLib] = useState<SearchModule | null>(null)
  const [full, setFull] = useState<SearchEntry[] | null>(null)
  const dialog = useRef<HTMLDivElement>(null)
  const input = useRef<HTMLInputElement>(null)
  const list = useRef<HTMLUListElement>(null)
  const close = useCallback(() => setOpen(false), [setOpen])
  /** Enter pressed before the search engine had loaded: the choice is made as soon as it has. */
  const [enterPending, setEnterPending] = useState(false)

  // Opening starts empty with the first result selected (spec.md section 4).
  useLayoutEffect(() => {
    if (!open) return
    setText('')
    setSelected(0)
    setEnterPending(false)
  }, [open])

  useEffect(() => {
    if (!open) return
    let live = true
    void loadSearchEngine().then((m) => live && setLib(() => m))
    // Without the slides' text (its chunk failed to load) the titles alone are searched, and the list stops waiting.
    void loadSearchBodies().then(
      (b) => live && setFull(b),
      () => live && setFull([]),
    )
    return () => {
      live = false
    }
  }, [open])

  useDialog(dialog, open, close, { initialFocus: () => input.current })

  const search = useMemo(() => {
    if (!lib) return null
    const engine = new lib.SlideSearch(slides.map((s) => ({ no: s.no, title: s.title ?? '' })))
    return full ? engine.withBodies(full) : engine
  }, [lib, slides, full])
  const hits: SearchHit[] = useMemo(() => search?.search(text) ?? [], [search, text])
  const query = lib ? lib.normaliseQuery(text) : text.trim()
  const noMatch = search !== null && query !== '' && hits.length === 0
  const current = Math.min(selected, Math.max(0, hits.length - 1))

  useEffect(() => {
    list.current?.querySelector(`#slidev-goto-hit-${current}`)?.scrollIntoView({ block: 'nearest' })
  }, [current, hits])

  const choose = (index: number) => {
    const hit = hits[index]
    if (!hit) return
    close()
    go({ no: hit.no, clicks: 0 })
  }

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    // Enter that confirms a Chinese input method's candidate is not a choice of slide.
    if (event.nativeEvent.isComposing || event.keyCode === 229) return
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (!hits.length) return
      const delta = event.key === 'ArrowDown' ? 1 : -1
      setSelected((current + delta + hits.length) % hits.length)
    } else if (event.key === 'Enter') {
      event.preventDefault()
      if (search) choose(current)
      else setEnterPending(true)
    }
  }

  // Runs in the render where the engine arrives, so `choose` sees that render's results.
  useEffect(() => {
    if (!enterPending || !search) return
    setEnterPending(false)
    choose(current)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the engine arrives: choose and current are this render's
  }, [enterPending, search])

  useEffect(() => {
    if (!open) return
    // A click outside the dialog closes it.
    const onPointerDown = (event: PointerEvent) => {
      if (!dialog.current || dialog.current.contains(event.target as Node)) return
      close()
      // The click that closes the dialog is not also a click on the slide (which would move the deck).
      const swallow = (click: MouseEvent) => {
        click.preventDefault()
        click.stopPropagation()
      }
      window.addEventListener('click', swallow, { capture: true, once: true })
      window.setTimeout(() => window.removeEventListener('click', swallow, true), 500)
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
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        className={noMatch ? 'has-no-match' : ''}
        aria-invalid={noMatch}
        aria-label={t.goto}
        aria-autocomplete="list"
        aria-expanded={hits.length > 0}
        aria-controls={hits.length ? 'slidev-goto-results' : undefined}
        aria-activedescendant={hits.length ? `slidev-goto-hit-${current}` : undefined}
        placeholder={t.gotoPlaceholder}
        value={text}
        onChange={(e) => {
          setText(e.target.value)
          setSelected(0)
        }}
        onKeyDown={onKeyDown}
      />
      <div className="sr-only" aria-live="polite">
        {noMatch ? t.gotoNoMatch : query ? t.gotoResults(hits.length) : ''}
      </div>
      {noMatch ? (
        <p className="slidev-goto-empty" aria-hidden="true">
          {t.gotoNoMatch}
        </p>
      ) : null}
      {hits.length ? (
        // Busy while the slides' text is still loading: the titles' results are shown, and the text's come below them.
        <ul ref={list} id="slidev-goto-results" role="listbox" aria-label={t.goto} aria-busy={full === null || undefined} className="slidev-goto-results">
          {hits.map((hit, i) => (
            <li
              key={hit.no}
              id={`slidev-goto-hit-${i}`}
              role="option"
              aria-selected={i === current}
              data-slide-no={hit.no}
              className={i === current ? 'is-selected' : ''}
              onPointerDown={(e) => e.preventDefault()}
              onClick={() => choose(i)}
              onMouseMove={() => i !== current && setSelected(i)}
            >
              <span className="slidev-goto-no">{hit.no}</span>
              <span className="slidev-goto-title">
                <Parts parts={hit.titleParts} />
              </span>
              {hit.snippet ? (
                <span className="slidev-goto-snippet">
                  <span className="slidev-goto-via">{hit.via === 'note' ? t.gotoInNote : t.gotoInText}</span>
                  <Parts parts={hit.snippet} />
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
