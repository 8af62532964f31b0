// Slidev's Monaco blocks: ```ts {monaco} an editor, {monaco-run} an editor whose code runs in a worker with its
// console shown under it, {monaco-diff} a diff editor. Where a talk goes on (the play view, the presenter's current
// slide) the editor opens over the block; every other page (print, export, the reader, thumbnails, previews, the
// prerendered HTML) shows the code highlighted at build time, which the component receives as its children.
import { useCallback, useContext, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { useAtomValue } from 'jotai'
import type * as MonacoApi from 'monaco-editor'
import { viewModeAtom } from '../state/nav'
import { isDarkAtom } from '../state/color-scheme'
import { configAtom } from '../state/deck'
import { useHydrated } from '../state/hydrated'
import { DeckPositionContext, SlideRenderContext, useSlideActive, useSlideClicks, useSlideNo } from '../state/slide-context'
import { SlideSurfaceContext } from './surface'
import { labelsFor } from '../kit/labels'
import { loadMonaco, type MonacoModule } from '../features/monaco/load'
import { runCode, type OutputLine, type RunEnd } from '../features/monaco/runner'
import { DEFAULT_RUN_TIMEOUT, type MonacoBlock } from '../../shared/monaco'
import './Monaco.css'

type EditorState = 'loading' | 'ready' | 'failed'

let models = 0

/**
 * What the viewer typed, by slide and block: the play stage unmounts a slide it moves away from (it mounts again as
 * a neighbour), and coming back shows the code as it was left, not as written.
 */
const edits = new Map<string, { code: string; modified?: string }>()
// Module files (.mts, .mjs), as Slidev names them: each block's names are its own, not one program's globals.
const EXTENSIONS: Record<string, string> = { typescript: 'mts', javascript: 'mjs', json: 'json', css: 'css', html: 'html', markdown: 'md' }

/** The static block's type, so the editor reads like the code it replaces (the theme sets the block's font). */
function codeFont(box: HTMLElement | null): { fontFamily?: string; fontSize?: number; lineHeight?: number } {
  const code = box?.querySelector('pre code') ?? box?.querySelector('pre')
  if (!code) return {}
  const style = getComputedStyle(code)
  const fontSize = parseFloat(style.fontSize)
  const lineHeight = parseFloat(style.lineHeight)
  return { fontFamily: style.fontFamily, fontSize: fontSize || undefined, lineHeight: lineHeight || undefined }
}

/**
 * The editor over the block: Monaco's chunk loads when the slide mounts (also a slide rendered ahead), the editor is
 * made when the slide is first shown, kept in step with the deck's scheme, and removed on unmount. A slide waiting
 * off stage shows its static code (Monaco's widgets would show through the hidden slide).
 */
function LiveEditor({ block, source, fallback, onCode }: { block: MonacoBlock; source: string; fallback: ReactNode; onCode: (model: MonacoApi.editor.ITextModel) => void }) {
  const active = useSlideActive()
  const editKey = `${useSlideNo() ?? 0}:${source}`
  const [shown, setShown] = useState(active)
  if (active && !shown) setShown(true)
  const dark = useAtomValue(isDarkAtom)
  const config = useAtomValue(configAtom)
  const t = labelsFor(config.htmlAttrs.lang).rich
  const host = useRef<HTMLDivElement>(null)
  const staticBox = useRef<HTMLDivElement>(null)
  const [state, setState] = useState<EditorState>('loading')
  const [loaded, setLoaded] = useState<MonacoModule | null>(null)
  const [contentHeight, setContentHeight] = useState<number | null>(null)
  const initialHeight = useRef<number | null>(null)
  const onCodeRef = useRef(onCode)
  onCodeRef.current = onCode

  useEffect(() => {
    void loadMonaco().catch(() => {})
  }, [])

  useEffect(() => {
    if (!shown) return
    let alive = true
    let dispose = () => {}
    loadMonaco().then(
      (mod) => {
        if (!alive || !host.current) return
        const { monaco } = mod
        const { options } = block
        const ext = EXTENSIONS[block.language] ?? 'txt'
        const model = (code: string) => monaco.editor.createModel(code, block.language, monaco.Uri.parse(`file:///deck-monaco-${++models}.${ext}`))
        const common: MonacoApi.editor.IStandaloneEditorConstructionOptions & MonacoApi.editor.IDiffEditorConstructionOptions = {
          automaticLayout: true,
          readOnly: options.readonly ?? false,
          lineNumbers: options.lineNumbers ?? ((options.lines ?? config.lineNumbers) ? 'on' : 'off'),
          minimap: { enabled: false },
          overviewRulerBorder: false,
          overviewRulerLanes: 0,
          padding: { top: 10, bottom: 10 },
          lineNumbersMinChars: 3,
          lineDecorationsWidth: 8,
          bracketPairColorization: { enabled: false },
          tabSize: 2,
          scrollBeyondLastLine: false,
          renderLineHighlight: 'none',
          scrollbar: { alwaysConsumeMouseWheel: false },
          useInlineViewWhenSpaceIsLimited: false,
          ariaLabel: t.codeEditor,
          ...codeFont(staticBox.current),
          ...(options.editorOptions as MonacoApi.editor.IEditorOptions | undefined),
        }
        mod.setScheme(dark)
        // The grammar's rules for this code made ready first (shiki builds them on first use): the editor then
        // opens with its code coloured, not plain for a moment.
        monaco.editor.tokenize(block.code, block.language)
        const edited = edits.get(editKey)
        const original = model(block.kind === 'monaco-diff' ? block.code : (edited?.code ?? block.code))
        const disposables: MonacoApi.IDisposable[] = [original]
        let sized: MonacoApi.editor.ICodeEditor[]
        if (block.kind === 'monaco-diff') {
          const modified = model(edited?.modified ?? block.modified ?? '')
          disposables.push(modified.onDidChangeContent(() => edits.set(editKey, { code: block.code, modified: modified.getValue() })))
          const diff = monaco.editor.createDiffEditor(host.current, { renderOverviewRuler: false, originalEditable: false, ...common })
          diff.setModel({ original, modified })
          disposables.unshift(diff, modified)
          sized = [diff.getOriginalEditor(), diff.getModifiedEditor()]
        } else {
          const editor = monaco.editor.create(host.current, { model: original, ...common })
          disposables.unshift(editor)
          disposables.push(original.onDidChangeContent(() => edits.set(editKey, { code: original.getValue() })))
          sized = [editor]
          onCodeRef.current(original)
        }
        const measure = () => {
          const height = Math.max(...sized.map((e) => e.getContentHeight())) + 2
          initialHeight.current ??= height
          setContentHeight(height)
        }
        for (const editor of sized) disposables.push(editor.onDidContentSizeChange(measure))
        measure()
        dispose = () => disposables.forEach((d) => d.dispose())
        setLoaded(mod)
        setState('ready')
      },
      () => alive && setState('failed'),
    )
    return () => {
      alive = false
      dispose()
    }
    // The block is the slide's; the editor is made once per mount, when first shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [block, shown])

  useEffect(() => loaded?.setScheme(dark), [loaded, dark])

  // Esc leaves the editor (unless Monaco used it, to close its suggestions or search): the deck's keys work again.
  const onKeyDown = useCallback((event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented || !(event.target as HTMLElement).closest('.monaco-editor')) return
    event.preventDefault()
    ;(document.activeElement as HTMLElement | null)?.blur()
  }, [])

  const wanted = block.options.height ?? 'initial'
  const height = wanted === 'auto' ? contentHeight : wanted === 'initial' ? initialHeight.current : null
  const style = height !== null ? { height: `${height}px` } : wanted === 'auto' || wanted === 'initial' ? undefined : { height: wanted }
  return (
    <div className={`deck-monaco-live ${active ? '' : 'is-away'}`} data-monaco-state={state} onKeyDown={onKeyDown}>
      {state !== 'ready' || !active ? (
        <div ref={staticBox} className="deck-monaco-static">
          {fallback}
        </div>
      ) : null}
      {state !== 'failed' ? <div ref={host} className="deck-monaco-editor" style={style} /> : null}
    </div>
  )
}

interface RunState {
  lines: OutputLine[]
  status: 'waiting' | 'running' | RunEnd
}

/** `{monaco-run}`'s console: the run button, and what the last run printed (or why it stopped). */
function useRunner(block: MonacoBlock) {
  const [run, setRun] = useState<RunState>({ lines: [], status: 'waiting' })
  const source = useRef<MonacoApi.editor.ITextModel | null>(null)
  const stop = useRef<(() => void) | null>(null)
  const start = useCallback(() => {
    const model = source.current
    if (!model) return
    stop.current?.()
    setRun({ lines: [], status: 'running' })
    stop.current = runCode({ code: model.getValue(), language: block.language }, block.options.timeout ?? DEFAULT_RUN_TIMEOUT, {
      onOutput: (line) => setRun((last) => ({ ...last, lines: [...last.lines, line] })),
      onClear: () => setRun((last) => ({ ...last, lines: [] })),
      onEnd: (end) => setRun((last) => ({ ...last, status: end })),
    })
  }, [block])
  useEffect(() => () => stop.current?.(), [])
  const attach = useCallback(
    (model: MonacoApi.editor.ITextModel) => {
      source.current = model
      const autorun = block.options.autorun ?? true
      if (autorun === false) return
      start()
      if (autorun !== true) return
      // Again after each edit, once typing pauses.
      let timer: ReturnType<typeof setTimeout> | undefined
      model.onDidChangeContent(() => {
        clearTimeout(timer)
        timer = setTimeout(() => start(), 500)
      })
      model.onWillDispose(() => clearTimeout(timer))
    },
    [block, start],
  )
  return { run, start, attach }
}

function RunOutput({ block, run, onRun }: { block: MonacoBlock; run: RunState; onRun: () => void }) {
  const t = labelsFor(useAtomValue(configAtom).htmlAttrs.lang).rich
  const clicks = useSlideClicks()
  const hidden = block.outputSince !== undefined && clicks !== null && clicks < block.outputSince
  const timeout = block.options.timeout ?? DEFAULT_RUN_TIMEOUT
  return (
    <>
      <button
        type="button"
        className="deck-monaco-run"
        onClick={(event) => {
          // A pointer's click lets go of the focus: the deck's keys work again (a button holds them).
          if (event.detail > 0) event.currentTarget.blur()
          onRun()
        }}
        aria-label={t.codeRunLabel}
        title={t.codeRunLabel}
      >
        ▶ {t.codeRun}
      </button>
      <div className="deck-monaco-output" data-run-state={run.status} hidden={hidden} style={block.options.outputHeight ? { height: block.options.outputHeight } : undefined} aria-live="polite">
        {run.lines.map((line, i) => (
          <div key={i} className={`deck-monaco-line is-${line.level}`}>
            {line.text}
          </div>
        ))}
        {run.status === 'timeout' ? <div className="deck-monaco-line is-stopped">{t.codeStopped(timeout / 1000)}</div> : null}
        {run.status === 'running' && !run.lines.length ? <div className="deck-monaco-note">{t.codeRunning}</div> : null}
        {run.status === 'done' && !run.lines.length ? <div className="deck-monaco-note">{t.codeNoOutput}</div> : null}
        {run.status === 'waiting' ? <div className="deck-monaco-note">{t.codeWaiting}</div> : null}
      </div>
    </>
  )
}

export default function Monaco({ block, children }: { block: string; children?: ReactNode }) {
  const parsed = useMemo(() => JSON.parse(block) as MonacoBlock, [block])
  const place = useContext(SlideRenderContext)
  const position = useContext(DeckPositionContext)
  const article = useContext(SlideSurfaceContext).article
  const mode = useAtomValue(viewModeAtom)
  const hydrated = useHydrated()
  // Editable only where a talk goes on: the play view and the presenter's current slide, once the app has the page.
  const live = hydrated && !article && position !== null && mode !== 'print' && (place === null || place === 'presenter')
  const runnable = parsed.kind === 'monaco-run'
  const { run, start, attach } = useRunner(parsed)
  const [attached, setAttached] = useState(false)
  const onCode = useCallback(
    (model: MonacoApi.editor.ITextModel) => {
      if (!runnable) return
      attach(model)
      setAttached(true)
    },
    [attach, runnable],
  )
  return (
    <div className={`deck-monaco is-${parsed.kind}`} data-monaco-kind={parsed.kind} data-no-nav={live ? '' : undefined}>
      {live ? <LiveEditor block={parsed} source={block} fallback={children} onCode={onCode} /> : <div className="deck-monaco-static">{children}</div>}
      {live && runnable && attached ? <RunOutput block={parsed} run={run} onRun={start} /> : null}
    </div>
  )
}
