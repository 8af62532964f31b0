// The side editor: the current slide's frontmatter, content and note beside the deck, saved back into the deck file
// as the author types; resizable, with conflicts shown instead of overwritten, and a way to open the author's editor.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react'
import { useAtom, useAtomValue } from 'jotai'
import { positionAtom } from '../../state/nav'
import { configAtom } from '../../state/deck'
import { editorWidthAtom } from '../../state/preferences'
import { clampEditorWidth, EDITOR_MIN_WIDTH, isDirty, type EditState } from '../../logic/slide-edit'
import { labelsFor, type Labels } from '../../kit/labels'
import { icons } from '../../kit/icons'
import { hasUnsavedText, useSlideEditor } from './useSlideEditor'
import { openInEditor } from './api'
import { useKeyLayer } from '../../keys/useKeyLayer'
import './editor.css'

function useViewportWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth)
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth)
    window.addEventListener('resize', onResize)
    return () => window.removeEventListener('resize', onResize)
  }, [])
  return width
}

/** The panel's width from the stored preference, dragged or keyed live, stored when the move ends. */
function usePanelWidth() {
  const [stored, store] = useAtom(editorWidthAtom)
  const viewport = useViewportWidth()
  const [live, setLive] = useState<number | null>(null)
  const width = clampEditorWidth(live ?? stored, viewport)
  // The slide and the controls make room: the panel's width is a variable the stylesheet reads.
  useLayoutEffect(() => {
    const html = document.documentElement
    html.style.setProperty('--deck-editor-width', `${width}px`)
    html.classList.add('deck-editor-open')
  }, [width])
  useLayoutEffect(
    () => () => {
      document.documentElement.classList.remove('deck-editor-open')
      document.documentElement.style.removeProperty('--deck-editor-width')
    },
    [],
  )
  const drag = useRef<{ x: number; width: number } | null>(null)
  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    event.preventDefault()
    event.currentTarget.setPointerCapture(event.pointerId)
    drag.current = { x: event.clientX, width }
  }
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    // The handle is on the panel's left edge: moving left widens it.
    if (drag.current) setLive(clampEditorWidth(drag.current.width + drag.current.x - event.clientX, viewport))
  }
  const onPointerUp = () => {
    if (!drag.current) return
    drag.current = null
    if (live !== null) store(live)
    setLive(null)
  }
  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? 64 : 16
    const next = { ArrowLeft: width + step, ArrowRight: width - step, Home: EDITOR_MIN_WIDTH, End: viewport }[event.key]
    if (next === undefined) return
    event.preventDefault()
    store(clampEditorWidth(next, viewport))
  }
  return { width, max: clampEditorWidth(Infinity, viewport), handle: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp, onKeyDown } }
}

type Status = 'loading' | 'load-error' | 'saving' | 'conflict' | 'refused' | 'failed' | 'dirty' | 'saved' | 'clean'

function statusOf(state: EditState): Status {
  if (state.loadError) return 'load-error'
  if (!state.origin) return 'loading'
  if (state.saving) return 'saving'
  if (state.problem) return state.problem.kind
  if (isDirty(state)) return 'dirty'
  return state.saves > 0 ? 'saved' : 'clean'
}

function statusText(state: EditState, status: Status, t: Labels['edit']): string {
  switch (status) {
    case 'loading':
      return t.loading
    case 'load-error':
      return state.loadError ?? ''
    case 'saving':
      return t.saving
    case 'refused':
    case 'failed':
      return `${t.notSaved}: ${state.problem && 'message' in state.problem ? state.problem.message : ''}`
    case 'conflict':
      return t.conflictTitle
    case 'dirty':
      return t.unsaved
    case 'saved':
      return t.saved
    case 'clean':
      return t.upToDate
  }
}

/** One slide's three texts; keyed by slide number so each slide keeps its own state. */
interface SlideEditorProps {
  no: number
  t: Labels['edit']
  autoFocus: boolean
  onOpened: (message: string) => void
  /** Hands the panel a way to ask whether this slide holds unsaved text (for the unload warning). */
  track: (dirty: () => boolean) => void
}

function SlideEditor({ no, t, autoFocus, onOpened, track }: SlideEditorProps) {
  const { state, edit, saveNow, reload, overwrite, latest } = useSlideEditor(no)
  useEffect(() => track(() => isDirty(latest.current)), [track, latest])
  const content = useRef<HTMLTextAreaElement>(null)
  const focused = useRef(false)
  const status = statusOf(state)
  const ready = state.origin !== null

  useEffect(() => {
    if (autoFocus && ready && !focused.current) {
      focused.current = true
      content.current?.focus({ preventScroll: true })
    }
  }, [autoFocus, ready])

  // Ctrl/Cmd+S saves from anywhere on the page while the editor is open (instead of the browser's "save page").
  useKeyLayer('editor', (event) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 's') return false
    saveNow()
    return true
  })

  const onFieldKeyDown = (event: ReactKeyboardEvent<HTMLTextAreaElement>) => {
    // Escape hands the keyboard back to the deck (arrows move slides again).
    if (event.key === 'Escape') event.currentTarget.blur()
  }

  const field = (name: 'frontmatter' | 'content' | 'note', label: string, rows: number) => (
    <label className={`deck-editor-field deck-editor-${name}`}>
      <span>{label}</span>
      <textarea
        ref={name === 'content' ? content : undefined}
        value={state.draft[name]}
        rows={rows}
        spellCheck={name !== 'frontmatter'}
        disabled={!ready}
        onChange={(event) => edit(name, event.target.value)}
        onKeyDown={onFieldKeyDown}
        data-testid={`editor-${name}`}
      />
    </label>
  )

  const conflict = state.problem?.kind === 'conflict' ? state.problem : null
  return (
    <>
      <div className="deck-editor-where">
        <span data-testid="editor-file">{state.origin ? `${state.origin.file}:${state.origin.line}` : ''}</span>
        <button
          type="button"
          className="deck-editor-btn"
          disabled={!state.origin}
          onClick={() => {
            if (!state.origin) return
            openInEditor(state.origin.file, state.origin.line).then(onOpened, (error: Error) => onOpened(error.message))
          }}
          aria-label={t.openInEditor}
          title={t.openInEditor}
          data-testid="editor-open"
        >
          {t.openInEditor}
        </button>
      </div>
      {conflict ? (
        <div className="deck-editor-conflict" role="alert" data-testid="editor-conflict">
          <strong>{t.conflictTitle}</strong>
          <p>{conflict.message}</p>
          <p>{t.conflictKept}</p>
          <details>
            <summary>{t.conflictNow(`${conflict.current.file}:${conflict.current.line}`)}</summary>
            <pre>{[conflict.current.frontmatter && `---\n${conflict.current.frontmatter}\n---`, conflict.current.content, conflict.current.note && `<!--\n${conflict.current.note}\n-->`].filter(Boolean).join('\n\n')}</pre>
          </details>
          <div className="deck-editor-actions">
            <button type="button" className="deck-editor-btn" onClick={reload} data-testid="editor-reload">
              {t.reload}
            </button>
            <button type="button" className="deck-editor-btn is-danger" onClick={overwrite} data-testid="editor-overwrite">
              {t.overwrite}
            </button>
          </div>
        </div>
      ) : null}
      {field('frontmatter', t.frontmatter, 3)}
      {field('content', t.content, 12)}
      {field('note', t.note, 5)}
      <div className="deck-editor-footer">
        <span className={`deck-editor-status is-${status}`} role="status" aria-live="polite" data-testid="editor-status" data-state={status}>
          {statusText(state, status, t)}
        </span>
        <button type="button" className="deck-editor-btn" onClick={saveNow} disabled={!ready || !!state.saving} title={t.save} aria-label={t.save} data-testid="editor-save">
          {t.save}
        </button>
      </div>
    </>
  )
}

export default function EditorPanel({ autoFocus, onClose }: { autoFocus: boolean; onClose: () => void }) {
  const { no } = useAtomValue(positionAtom)
  const config = useAtomValue(configAtom)
  const t = labelsFor(config.htmlAttrs.lang).edit
  const { width, max, handle } = usePanelWidth()
  const [opened, setOpened] = useState('')

  // Leaving the page with text not yet in the file asks first.
  const current = useRef<() => boolean>(() => false)
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!current.current() && !hasUnsavedText()) return
      event.preventDefault()
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [])
  const track = useCallback((dirty: () => boolean) => {
    current.current = dirty
  }, [])

  return (
    <aside className="deck-editor" aria-label={t.panel} data-testid="editor-panel" style={{ width }}>
      <div
        className="deck-editor-resize"
        role="separator"
        aria-orientation="vertical"
        aria-label={t.resize}
        title={t.resize}
        aria-valuemin={EDITOR_MIN_WIDTH}
        aria-valuemax={max}
        aria-valuenow={width}
        tabIndex={0}
        data-testid="editor-resize"
        {...handle}
      />
      <header className="deck-editor-header">
        <h2>{t.title(no)}</h2>
        <button type="button" className="slidev-icon-btn" onClick={onClose} aria-label={t.close} title={t.close} data-testid="editor-close">
          {icons.close}
        </button>
      </header>
      <SlideEditor key={no} no={no} t={t} autoFocus={autoFocus} onOpened={setOpened} track={track} />
      <p className="deck-editor-opened" aria-live="polite" data-testid="editor-opened">
        {opened}
      </p>
    </aside>
  )
}
