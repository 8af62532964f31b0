// Makes the drawing tools reachable by pointer and keyboard: a draggable, pinnable bar of tools, colours and actions.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { useAtom } from 'jotai'
import { drawingToolbarPositionAtom } from '../../state/preferences'
import { BRUSH_COLORS, BRUSH_SIZE_MAX, BRUSH_SIZE_MIN, clampToolbarPosition, toolOf, TOOLS, type Brush, type DrawingTool, type ToolbarPosition } from '../../logic/drawing'
import type { Labels } from '../../kit/labels'
import { drawingIcons, toolIcons } from './icons'

const KEY_STEP = 10
const CONFIRM_MS = 4000

export interface DrawingToolbarProps {
  t: Labels['draw']
  brush: Brush
  /** Drawing mode is on (else the pinned bar waits, dimmed). */
  drawing: boolean
  pinned: boolean
  persist: boolean
  canUndo: boolean
  canRedo: boolean
  onTool: (tool: DrawingTool) => void
  onColor: (index: number) => void
  onSize: (size: number) => void
  onUndo: () => void
  onRedo: () => void
  onClear: () => void
  onPin: (pinned: boolean) => void
  onClose: () => void
  onClearSaved: () => void
}

function viewport() {
  return { width: window.innerWidth, height: window.innerHeight }
}

export default function DrawingToolbar(props: DrawingToolbarProps) {
  const { t, brush } = props
  const bar = useRef<HTMLDivElement>(null)
  const [stored, setStored] = useAtom(drawingToolbarPositionAtom)
  const [position, setPosition] = useState<ToolbarPosition>(stored)
  const drag = useRef<{ id: number; dx: number; dy: number } | null>(null)
  const [armed, setArmed] = useState(false)
  const tool = toolOf(brush)

  const fit = useCallback((p: ToolbarPosition) => {
    const el = bar.current
    return el ? clampToolbarPosition(p, { width: el.offsetWidth, height: el.offsetHeight }, viewport()) : p
  }, [])

  // A stored position from a larger window is pulled back on screen, now and on every resize.
  useLayoutEffect(() => {
    setPosition(fit(stored))
    const onResize = () => setPosition((p) => fit(p))
    window.addEventListener('resize', onResize)
    return () => window.removeEventListener('resize', onResize)
  }, [stored, fit])

  useEffect(() => {
    if (!armed) return
    const timer = window.setTimeout(() => setArmed(false), CONFIRM_MS)
    return () => window.clearTimeout(timer)
  }, [armed])

  const onHandleDown = (e: PointerEvent<HTMLButtonElement>) => {
    if (e.button !== 0) return
    e.currentTarget.setPointerCapture(e.pointerId)
    drag.current = { id: e.pointerId, dx: e.clientX - position.x, dy: e.clientY - position.y }
  }
  const onHandleMove = (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current
    if (!d || d.id !== e.pointerId) return
    setPosition(fit({ x: e.clientX - d.dx, y: e.clientY - d.dy }))
  }
  const onHandleUp = (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current
    if (!d || d.id !== e.pointerId) return
    drag.current = null
    setStored(fit({ x: e.clientX - d.dx, y: e.clientY - d.dy }))
  }
  const onHandleKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const moves: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }
    const move = moves[e.key]
    if (!move) return
    // Arrow keys here move the bar, not the deck.
    e.preventDefault()
    e.stopPropagation()
    const step = e.shiftKey ? KEY_STEP * 5 : KEY_STEP
    setStored(fit({ x: position.x + move[0] * step, y: position.y + move[1] * step }))
  }

  const clearSaved = () => {
    if (!armed) {
      setArmed(true)
      return
    }
    setArmed(false)
    props.onClearSaved()
  }

  return (
    <div
      ref={bar}
      className={`deck-drawing-toolbar ${props.drawing ? '' : 'is-idle'}`}
      role="toolbar"
      aria-label={t.toolbar}
      style={{ left: position.x, top: position.y }}
      data-testid="drawing-toolbar"
    >
      <button
        type="button"
        className="slidev-icon-btn deck-drawing-handle"
        aria-label={t.move}
        title={t.move}
        onPointerDown={onHandleDown}
        onPointerMove={onHandleMove}
        onPointerUp={onHandleUp}
        onPointerCancel={() => (drag.current = null)}
        onKeyDown={onHandleKey}
        data-testid="drawing-handle"
      >
        {drawingIcons.move}
      </button>
      <span className="deck-drawing-group">
        {TOOLS.map((name) => (
          <button
            key={name}
            type="button"
            className="slidev-icon-btn"
            aria-pressed={tool === name}
            aria-label={t[name]}
            title={t[name]}
            onClick={() => props.onTool(name)}
            data-tool={name}
          >
            {toolIcons[name]}
          </button>
        ))}
      </span>
      <span className="deck-drawing-sep" aria-hidden="true" />
      <span className="deck-drawing-group" role="group" aria-label={t.color}>
        {BRUSH_COLORS.map((color, index) => (
          <button
            key={color.name}
            type="button"
            className="slidev-icon-btn"
            aria-pressed={brush.color === color.value}
            aria-label={`${t.colors[color.name]} (${index + 1})`}
            title={`${t.colors[color.name]} (${index + 1})`}
            onClick={() => props.onColor(index)}
            data-color={color.name}
          >
            <span className="deck-drawing-swatch" style={{ background: color.value }} aria-hidden="true" />
          </button>
        ))}
      </span>
      <label className="deck-drawing-size" title={t.size}>
        <span className="sr-only">{t.size}</span>
        <input type="range" min={BRUSH_SIZE_MIN} max={BRUSH_SIZE_MAX} step={1} value={brush.size} onChange={(e) => props.onSize(Number(e.target.value))} aria-label={t.size} />
        <output aria-hidden="true">{brush.size}</output>
      </label>
      <span className="deck-drawing-sep" aria-hidden="true" />
      <button type="button" className="slidev-icon-btn" onClick={props.onUndo} disabled={!props.canUndo} aria-label={t.undo} title={t.undo} data-action="undo">
        {drawingIcons.undo}
      </button>
      <button type="button" className="slidev-icon-btn" onClick={props.onRedo} disabled={!props.canRedo} aria-label={t.redo} title={t.redo} data-action="redo">
        {drawingIcons.redo}
      </button>
      <button type="button" className="slidev-icon-btn" onClick={props.onClear} aria-label={t.clear} title={t.clear} data-action="clear">
        {drawingIcons.clear}
      </button>
      {props.persist ? (
        <button
          type="button"
          className={`slidev-icon-btn deck-drawing-danger ${armed ? 'is-armed' : ''}`}
          onClick={clearSaved}
          aria-label={armed ? t.clearSavedConfirm : t.clearSaved}
          title={armed ? t.clearSavedConfirm : t.clearSaved}
          data-action="clear-saved"
        >
          {drawingIcons.clearSaved}
        </button>
      ) : null}
      <span className="deck-drawing-sep" aria-hidden="true" />
      <button
        type="button"
        className="slidev-icon-btn"
        onClick={() => props.onPin(!props.pinned)}
        aria-pressed={props.pinned}
        aria-label={props.pinned ? t.unpin : t.pin}
        title={props.pinned ? t.unpin : t.pin}
        data-action="pin"
      >
        {drawingIcons.pin}
      </button>
      <button type="button" className="slidev-icon-btn" onClick={props.onClose} disabled={!props.drawing} aria-label={t.close} title={t.close} data-action="close">
        {drawingIcons.close}
      </button>
      <span className="sr-only" aria-live="polite">
        {armed ? t.clearSavedConfirm : ''}
      </span>
    </div>
  )
}
