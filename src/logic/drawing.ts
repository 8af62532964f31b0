// The rules of drawing on slides (spec.md sections 4, 5, 6 and 9): brush, tools, short strokes, keys, who may draw.
import type { KeyInput } from './input'

/** drauu's modes; 'draw' is its smooth-path pen, kept so a stored brush from Slidev still loads. */
export type BrushMode = 'stylus' | 'draw' | 'line' | 'rectangle' | 'ellipse' | 'eraseLine'

/** The toolbar's tools: an arrow is a line with an arrowhead. */
export type DrawingTool = 'stylus' | 'line' | 'arrow' | 'rectangle' | 'ellipse' | 'eraseLine'

export interface Brush {
  color: string
  size: number
  mode: BrushMode
  arrowEnd: boolean
}

/** The seven colours, in the order the digit keys 1–7 pick them. */
export const BRUSH_COLORS = [
  { name: 'red', value: '#ff595e' },
  { name: 'yellow', value: '#ffca3a' },
  { name: 'green', value: '#8ac926' },
  { name: 'blue', value: '#1982c4' },
  { name: 'purple', value: '#6a4c93' },
  { name: 'white', value: '#ffffff' },
  { name: 'black', value: '#000000' },
] as const

export type BrushColorName = (typeof BRUSH_COLORS)[number]['name']

export const BRUSH_SIZE_MIN = 1
export const BRUSH_SIZE_MAX = 24
export const DEFAULT_BRUSH: Brush = { color: BRUSH_COLORS[0].value, size: 4, mode: 'stylus', arrowEnd: false }

/** Strokes shorter than this, in slide units, are slips of the hand and are discarded. */
export const MIN_STROKE_LENGTH = 5

const MODES: readonly BrushMode[] = ['stylus', 'draw', 'line', 'rectangle', 'ellipse', 'eraseLine']
export const TOOLS: readonly DrawingTool[] = ['stylus', 'line', 'arrow', 'rectangle', 'ellipse', 'eraseLine']

/** A stored brush is used only when every field is valid (a foreign or corrupt value falls back to the default). */
export function isBrush(value: unknown): value is Brush {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false
  const v = value as Record<string, unknown>
  return (
    typeof v.color === 'string' &&
    BRUSH_COLORS.some((c) => c.value === v.color) &&
    typeof v.size === 'number' &&
    Number.isFinite(v.size) &&
    v.size >= BRUSH_SIZE_MIN &&
    v.size <= BRUSH_SIZE_MAX &&
    MODES.includes(v.mode as BrushMode) &&
    typeof v.arrowEnd === 'boolean'
  )
}

export function clampBrushSize(size: number): number {
  if (!Number.isFinite(size)) return DEFAULT_BRUSH.size
  return Math.min(BRUSH_SIZE_MAX, Math.max(BRUSH_SIZE_MIN, Math.round(size)))
}

/** The tool a brush amounts to. */
export function toolOf(brush: Pick<Brush, 'mode' | 'arrowEnd'>): DrawingTool {
  if (brush.mode === 'line' && brush.arrowEnd) return 'arrow'
  if (brush.mode === 'draw') return 'stylus'
  return brush.mode
}

/** The brush after picking a tool: colour and size stay. */
export function withTool(brush: Brush, tool: DrawingTool): Brush {
  if (tool === 'arrow') return { ...brush, mode: 'line', arrowEnd: true }
  return { ...brush, mode: tool, arrowEnd: false }
}

export interface StrokePoint {
  x: number
  y: number
}

/** Length of a stroke in slide units: along the path for freehand, start to end for shapes. */
export function strokeLength(mode: BrushMode, points: readonly StrokePoint[]): number {
  if (points.length < 2) return 0
  const distance = (a: StrokePoint, b: StrokePoint) => Math.hypot(b.x - a.x, b.y - a.y)
  if (mode === 'stylus' || mode === 'draw') {
    let total = 0
    points.reduce((previous, point) => {
      total += distance(previous, point)
      return point
    })
    return total
  }
  return distance(points[0] as StrokePoint, points.at(-1) as StrokePoint)
}

/** Whether a finished stroke is too short to keep (the eraser is never a stroke). */
export function isShortStroke(mode: BrushMode, points: readonly StrokePoint[]): boolean {
  if (mode === 'eraseLine') return false
  const length = strokeLength(mode, points)
  return !Number.isFinite(length) || length < MIN_STROKE_LENGTH
}

export type DrawingCommand =
  | { type: 'tool'; tool: DrawingTool }
  | { type: 'color'; index: number }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'clear' }
  | { type: 'leave' }

const TOOL_KEYS: Record<string, DrawingTool> = { l: 'line', a: 'arrow', s: 'stylus', r: 'rectangle', e: 'ellipse' }

/** The drawing shortcuts, active only while drawing: l a s r e c, 1–7, ctrl/cmd+z, ctrl/cmd+shift+z, Escape. */
export function drawingCommand(e: KeyInput): DrawingCommand | null {
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key
  if (e.ctrlKey || e.metaKey) {
    if (key === 'z' && !e.altKey) return e.shiftKey ? { type: 'redo' } : { type: 'undo' }
    return null
  }
  if (e.altKey) return null
  if (key === 'Escape') return { type: 'leave' }
  if (e.shiftKey) return null
  const tool = TOOL_KEYS[key]
  if (tool) return { type: 'tool', tool }
  if (key === 'c') return { type: 'clear' }
  if (/^[1-7]$/.test(key)) return { type: 'color', index: Number(key) - 1 }
  return null
}

export type DrawingsSetting = boolean | 'dev'

/** `drawings.enabled`: true, false, or 'dev' (only under the dev server). */
export function drawingsAvailable(enabled: DrawingsSetting, dev: boolean): boolean {
  return enabled === true || (enabled === 'dev' && dev)
}

export interface DrawingRole {
  /** Drawings are available in this deck and this build. */
  available: boolean
  presenterOnly: boolean
  /** This window is the presenter's. */
  presenter: boolean
}

/** The toggle and the toolbar show unless drawings are presenter-only and this window is not presenting. */
export function showsDrawingControls(role: DrawingRole): boolean {
  return role.available && (!role.presenterOnly || role.presenter)
}

export type PointerKind = 'mouse' | 'touch' | 'pen'

/**
 * Which pointers draw: a pen always does; mouse and touch only in drawing mode and when presenterOnly
 * allows this window; otherwise they keep navigating (click areas, swipes).
 */
export function drawingInputs(role: DrawingRole, drawingMode: boolean): PointerKind[] {
  if (!role.available) return []
  if (drawingMode && showsDrawingControls(role)) return ['mouse', 'touch', 'pen']
  return ['pen']
}

export interface ToolbarPosition {
  x: number
  y: number
}

/** Below a presenter header, at the slide's top left. */
export const DEFAULT_TOOLBAR_POSITION: ToolbarPosition = { x: 16, y: 64 }

export function isToolbarPosition(value: unknown): value is ToolbarPosition {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false
  const v = value as Record<string, unknown>
  const coordinate = (n: unknown) => typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= 100_000
  return coordinate(v.x) && coordinate(v.y)
}

/** Keeps a toolbar of `size` fully inside a `viewport` (when it fits), so a stored position never hides it. */
export function clampToolbarPosition(position: ToolbarPosition, size: { width: number; height: number }, viewport: { width: number; height: number }): ToolbarPosition {
  const clamp = (value: number, room: number) => Math.round(Math.max(0, Math.min(value, Math.max(0, room))))
  return { x: clamp(position.x, viewport.width - size.width), y: clamp(position.y, viewport.height - size.height) }
}

interface FocusTarget {
  tagName?: string
  type?: string
  isContentEditable?: boolean
  closest?: (selector: string) => unknown
}

const NON_TEXT_INPUTS = ['button', 'checkbox', 'radio', 'range', 'color', 'submit', 'reset', 'image', 'file']

/**
 * Whether keys typed at this element are text (then drawing keys leave them alone). Buttons and sliders are
 * not: right after clicking the drawing toggle, its button has focus and `l` must still pick the line.
 */
export function isTextEntryTarget(el: FocusTarget | null): boolean {
  if (!el || !el.tagName) return false
  const tag = el.tagName.toUpperCase()
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true
  if (tag === 'INPUT') return !NON_TEXT_INPUTS.includes((el.type ?? 'text').toLowerCase())
  if (el.isContentEditable) return true
  return Boolean(el.closest?.('.cm-editor, .monaco-editor, [contenteditable="true"], [role="textbox"]'))
}
