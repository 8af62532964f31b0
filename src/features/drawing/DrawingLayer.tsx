// Makes it possible to draw on the slide (drauu), in slide coordinates, shared with every window through drawingsAtom.
import { useCallback, useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { useAtom, useAtomValue, useStore } from 'jotai'
import { createDrauu, type Drauu } from 'drauu'
import { configAtom } from '../../state/deck'
import { drawingsAtom, drawingsOriginAtom } from '../../state/drawings'
import { drawingBrushAtom, drawingEnabledAtom, drawingPinnedAtom, showOverviewAtom } from '../../state/preferences'
import { drawingModeAtom, gotoOpenAtom } from '../../state/ui'
import { BRUSH_COLORS, clampBrushSize, DEFAULT_BRUSH, drawingInputs, isShortStroke, withTool, type DrawingCommand, type DrawingTool, type StrokePoint } from '../../logic/drawing'
import { labelsFor } from '../../kit/labels'
import { drawingRoleAtom, drawingControlsAtom } from './role'
import { sanitizeDrawing } from './markup'
import { useDrawingKeys } from './useDrawingKeys'
import { usePersistedDrawings } from './usePersistedDrawings'
import DrawingToolbar from './DrawingToolbar'
import './drawing.css'

/** What drauu's current model knows about the stroke in progress (public fields of drauu's models). */
interface StrokeModel {
  start?: StrokePoint
  point?: StrokePoint
  points?: StrokePoint[]
}

export default function DrawingLayer({ no }: { no: number }) {
  const config = useAtomValue(configAtom)
  const { canvasWidth, canvasHeight } = config
  const role = useAtomValue(drawingRoleAtom)
  const controls = useAtomValue(drawingControlsAtom)
  const [drawingMode, setDrawingMode] = useAtom(drawingModeAtom)
  const [remembered, setRemembered] = useAtom(drawingEnabledAtom)
  const [pinned, setPinned] = useAtom(drawingPinnedAtom)
  const [brush, setBrush] = useAtom(drawingBrushAtom)
  const markup = useAtomValue(drawingsAtom)[no] ?? ''
  const overviewOpen = useAtomValue(showOverviewAtom)
  const gotoOpen = useAtomValue(gotoOpenAtom)
  const store = useStore()
  const svgRef = useRef<SVGSVGElement>(null)
  const [drauu, setDrauu] = useState<Drauu | null>(null)
  /** The slide and markup drauu shows, so only a real change (remote or slide change) reloads it. */
  const shown = useRef({ no: 0, markup: '' })
  const loading = useRef(false)
  const publishNow = useRef<() => void>(() => {})
  const [history, setHistory] = useState({ canUndo: false, canRedo: false })
  const clearSaved = usePersistedDrawings(config.drawings.persist)
  const active = controls && drawingMode
  const t = labelsFor(config.htmlAttrs.lang).draw

  // drauu, mounted on the layer's SVG; pointer events are read on the whole slide so a pen draws anywhere.
  useEffect(() => {
    const svg = svgRef.current
    const target = svg?.parentElement
    if (!svg || !target) return
    const d = createDrauu({ brush: { ...DEFAULT_BRUSH }, acceptsInputTypes: ['pen'], coordinateTransform: false })
    d.mount(svg, target)
    let frame = 0
    let strokeStarted = false

    const publish = () => {
      cancelAnimationFrame(frame)
      frame = 0
      if (loading.current || !shown.current.no) return
      setHistory({ canUndo: d.canUndo(), canRedo: d.canRedo() })
      const dump = d.dump()
      if (dump === shown.current.markup) return
      const slide = shown.current.no
      shown.current = { no: slide, markup: dump }
      store.set(drawingsOriginAtom, 'local')
      store.set(drawingsAtom, (all) => ({ ...all, [slide]: dump }))
    }
    publishNow.current = publish
    // Live while the stroke grows (other windows watch it being drawn), at most once a frame.
    const offChanged = d.on('changed', () => {
      if (!loading.current && !frame) frame = requestAnimationFrame(publish)
    })
    const offEnd = d.on('end', publish)
    const offStart = d.on('start', () => {
      strokeStarted = true
      // drauu prevents the pointerdown, so focus would stay on the last control clicked (the drawing toggle)
      // and swallow the arrow keys; a stroke on the slide leaves it as a click on the slide would.
      const focused = document.activeElement
      if (focused instanceof HTMLElement && focused !== document.body) focused.blur()
    })

    // The slide is scaled by CSS: pointer positions are mapped from the SVG's on-screen box to its viewBox.
    const onPointerDown = () => {
      strokeStarted = false
      const rect = svg.getBoundingClientRect()
      if (rect.width > 0) d.options.coordinateScale = canvasWidth / rect.width
      d.options.offset = { x: -window.scrollX, y: -window.scrollY }
      // The eraser learns the strokes present when it is picked; strokes drawn or loaded since count too.
      if (d.mode === 'eraseLine') d.mode = 'eraseLine'
    }
    // Runs before drauu's own pointerup: a stroke shorter than the minimum is dropped, never committed.
    const onPointerUp = () => {
      if (!d.drawing || d.mode === 'eraseLine') return
      const model = d.model as unknown as StrokeModel
      const points = model.points?.length ? model.points : [model.start, model.point].filter((p): p is StrokePoint => Boolean(p))
      if (isShortStroke(d.mode, points)) d.cancel()
    }
    // A pen stroke outside drawing mode must not also be a click that turns the page.
    const onClick = (event: MouseEvent) => {
      if (!strokeStarted) return
      strokeStarted = false
      event.preventDefault()
      event.stopPropagation()
    }
    target.addEventListener('pointerdown', onPointerDown, true)
    target.addEventListener('click', onClick, true)
    window.addEventListener('pointerup', onPointerUp, true)
    window.addEventListener('pointercancel', onPointerUp, true)
    setDrauu(d)
    return () => {
      cancelAnimationFrame(frame)
      offChanged()
      offEnd()
      offStart()
      target.removeEventListener('pointerdown', onPointerDown, true)
      target.removeEventListener('click', onClick, true)
      window.removeEventListener('pointerup', onPointerUp, true)
      window.removeEventListener('pointercancel', onPointerUp, true)
      d.unmount()
      publishNow.current = () => {}
      shown.current = { no: 0, markup: '' }
      setDrauu(null)
    }
  }, [store, canvasWidth])

  // The slide's drawing from the shared state: on a slide change or when another window drew.
  useEffect(() => {
    if (!drauu) return
    // The store's latest value, not this render's: a render of a dump published mid-stroke can arrive after the
    // stroke's final dump was published, and loading it would undo the stroke's history.
    const latest = store.get(drawingsAtom)[no] ?? ''
    if (shown.current.no === no && shown.current.markup === latest) return
    if (drauu.drawing) {
      // A remote change mid-stroke waits for the stroke; a slide change abandons it.
      if (shown.current.no === no) return
      drauu.cancel()
    }
    loading.current = true
    try {
      drauu.load(sanitizeDrawing(latest))
    } finally {
      loading.current = false
    }
    shown.current = { no, markup: latest }
    if (drauu.mode === 'eraseLine') drauu.mode = 'eraseLine'
    setHistory({ canUndo: false, canRedo: false })
  }, [drauu, no, markup, store])

  useEffect(() => {
    if (!drauu) return
    if (drauu.mode !== brush.mode) drauu.mode = brush.mode
    Object.assign(drauu.brush, { color: brush.color, size: brush.size, arrowEnd: brush.arrowEnd })
  }, [drauu, brush])

  useEffect(() => {
    if (drauu) drauu.options.acceptsInputTypes = drawingInputs(role, drawingMode)
  }, [drauu, role, drawingMode])

  // Drawing mode is remembered across reloads (Slidev's `drawing-enabled`), where this window may draw.
  useEffect(() => {
    if (remembered && controls) setDrawingMode(true)
    // Once, when the layer first appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  useEffect(() => {
    if (!controls && drawingMode) setDrawingMode(false)
    else setRemembered(drawingMode)
  }, [controls, drawingMode, setDrawingMode, setRemembered])

  const selectTool = useCallback(
    (tool: DrawingTool) => {
      setBrush((b) => withTool(b, tool))
      setDrawingMode(true)
    },
    [setBrush, setDrawingMode],
  )
  const selectColor = useCallback((index: number) => {
    const color = BRUSH_COLORS[index]
    if (color) setBrush((b) => ({ ...b, color: color.value }))
  }, [setBrush])
  const undo = useCallback(() => {
    if (drauu?.undo()) publishNow.current()
  }, [drauu])
  const redo = useCallback(() => {
    if (drauu?.redo()) publishNow.current()
  }, [drauu])
  const clear = useCallback(() => {
    if (!drauu) return
    drauu.clear()
    publishNow.current()
  }, [drauu])

  const run = useCallback(
    (command: DrawingCommand) => {
      if (command.type === 'tool') selectTool(command.tool)
      else if (command.type === 'color') selectColor(command.index)
      else if (command.type === 'undo') undo()
      else if (command.type === 'redo') redo()
      else if (command.type === 'clear') clear()
      else setDrawingMode(false)
    },
    [selectTool, selectColor, undo, redo, clear, setDrawingMode],
  )
  // An open dialog (overview, goto) is a layer above drawing: it keeps its own keys.
  useDrawingKeys(active, run)

  return (
    <>
      <svg
        ref={svgRef}
        className={`deck-drawing-layer ${active ? 'is-drawing' : ''}`}
        viewBox={`0 0 ${canvasWidth} ${canvasHeight}`}
        aria-hidden="true"
        data-drawing-no={no}
        data-testid="drawing-layer"
      />
      {/* Out of the way while the overview or goto covers the slide. */}
      {controls && (drawingMode || pinned) && !overviewOpen && !gotoOpen
        ? createPortal(
            <DrawingToolbar
              t={t}
              brush={brush}
              drawing={drawingMode}
              pinned={pinned}
              persist={config.drawings.persist}
              canUndo={history.canUndo}
              canRedo={history.canRedo}
              onTool={selectTool}
              onColor={selectColor}
              onSize={(size) => setBrush((b) => ({ ...b, size: clampBrushSize(size) }))}
              onUndo={undo}
              onRedo={redo}
              onClear={clear}
              onPin={setPinned}
              onClose={() => setDrawingMode(false)}
              onClearSaved={() => void clearSaved().catch((error: unknown) => console.error('[drawings]', error))}
            />,
            document.body,
          )
        : null}
    </>
  )
}
