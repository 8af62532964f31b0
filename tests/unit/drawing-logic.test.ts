import { describe, expect, it } from 'vitest'
import {
  BRUSH_COLORS,
  DEFAULT_BRUSH,
  clampBrushSize,
  clampToolbarPosition,
  drawingCommand,
  drawingInputs,
  drawingsAvailable,
  isBrush,
  isShortStroke,
  isTextEntryTarget,
  isToolbarPosition,
  showsDrawingControls,
  strokeLength,
  toolOf,
  withTool,
  type BrushMode,
  type DrawingRole,
  type StrokePoint,
} from '../../src/logic/drawing'

describe('brush', () => {
  it('defaults to a red stylus of size 4 with seven colours in key order', () => {
    expect(DEFAULT_BRUSH).toEqual({ color: '#ff595e', size: 4, mode: 'stylus', arrowEnd: false })
    expect(BRUSH_COLORS.map((c) => c.name)).toEqual(['red', 'yellow', 'green', 'blue', 'purple', 'white', 'black'])
  })
  const cases: [string, unknown, boolean][] = [
    ['the default', DEFAULT_BRUSH, true],
    ['an arrow in black', { color: '#000000', size: 10, mode: 'line', arrowEnd: true }, true],
    ["Slidev's draw mode", { color: '#1982c4', size: 2, mode: 'draw', arrowEnd: false }, true],
    ['null', null, false],
    ['an array', [], false],
    ['a string', 'stylus', false],
    ['a colour outside the palette', { ...DEFAULT_BRUSH, color: 'hotpink' }, false],
    ['a script-ish colour', { ...DEFAULT_BRUSH, color: 'url(javascript:alert(1))' }, false],
    ['size 0', { ...DEFAULT_BRUSH, size: 0 }, false],
    ['a huge size', { ...DEFAULT_BRUSH, size: 1e9 }, false],
    ['size NaN', { ...DEFAULT_BRUSH, size: Number.NaN }, false],
    ['size as text', { ...DEFAULT_BRUSH, size: '4' }, false],
    ['an unknown mode', { ...DEFAULT_BRUSH, mode: 'laser' }, false],
    ['arrowEnd missing', { color: '#ff595e', size: 4, mode: 'stylus' }, false],
  ]
  it.each(cases)('a stored brush: %s → %s', (_name, value, valid) => {
    expect(isBrush(value)).toBe(valid)
  })
  it.each([
    [0, 1],
    [4, 4],
    [4.6, 5],
    [99, 24],
    [Number.NaN, 4],
    [Number.POSITIVE_INFINITY, 4],
  ])('brush size %s is clamped to %s', (size, expected) => {
    expect(clampBrushSize(size)).toBe(expected)
  })
})

describe('tools', () => {
  it.each([
    [{ mode: 'stylus', arrowEnd: false }, 'stylus'],
    [{ mode: 'draw', arrowEnd: false }, 'stylus'],
    [{ mode: 'line', arrowEnd: false }, 'line'],
    [{ mode: 'line', arrowEnd: true }, 'arrow'],
    [{ mode: 'rectangle', arrowEnd: true }, 'rectangle'],
    [{ mode: 'eraseLine', arrowEnd: false }, 'eraseLine'],
  ] as const)('brush %o is the %s tool', (brush, tool) => {
    expect(toolOf(brush)).toBe(tool)
  })
  it('picking a tool keeps colour and size; an arrow is a line with arrowEnd', () => {
    const brush = { ...DEFAULT_BRUSH, color: '#000000', size: 9 }
    expect(withTool(brush, 'arrow')).toEqual({ color: '#000000', size: 9, mode: 'line', arrowEnd: true })
    expect(withTool(withTool(brush, 'arrow'), 'line')).toEqual({ color: '#000000', size: 9, mode: 'line', arrowEnd: false })
    expect(withTool(brush, 'ellipse').mode).toBe('ellipse')
  })
})

describe('short strokes', () => {
  const p = (x: number, y: number): StrokePoint => ({ x, y })
  const cases: [BrushMode, StrokePoint[], boolean][] = [
    ['line', [p(0, 0), p(3, 4)], false], // exactly 5 is kept
    ['line', [p(0, 0), p(3, 3.9)], true],
    ['line', [p(10, 10)], true], // a click
    ['line', [], true],
    ['stylus', [p(0, 0), p(2, 0), p(2, 2)], true], // 4 along the path
    ['stylus', [p(0, 0), p(2, 0), p(2, 2), p(0, 2)], false], // 6 along the path, though it ends 2 from its start
    ['draw', [p(0, 0), p(1, 0)], true],
    ['rectangle', [p(0, 0), p(4, 2)], true],
    ['ellipse', [p(0, 0), p(40, 2)], false],
    ['eraseLine', [p(0, 0)], false], // the eraser is never discarded
    ['line', [p(0, 0), p(Number.NaN, 0)], true],
  ]
  it.each(cases)('%s through %j is short: %s', (mode, points, short) => {
    expect(isShortStroke(mode, points)).toBe(short)
  })
  it('measures freehand along the path, shapes start to end', () => {
    expect(strokeLength('stylus', [p(0, 0), p(3, 4), p(3, 0)])).toBe(9)
    expect(strokeLength('line', [p(0, 0), p(3, 4), p(3, 0)])).toBe(3)
  })
})

describe('drawing keys', () => {
  const cases: [Parameters<typeof drawingCommand>[0], ReturnType<typeof drawingCommand>][] = [
    [{ key: 'l' }, { type: 'tool', tool: 'line' }],
    [{ key: 'a' }, { type: 'tool', tool: 'arrow' }],
    [{ key: 's' }, { type: 'tool', tool: 'stylus' }],
    [{ key: 'r' }, { type: 'tool', tool: 'rectangle' }],
    [{ key: 'e' }, { type: 'tool', tool: 'ellipse' }],
    [{ key: 'L' }, { type: 'tool', tool: 'line' }], // caps lock
    [{ key: 'c' }, { type: 'clear' }],
    [{ key: '1' }, { type: 'color', index: 0 }],
    [{ key: '7' }, { type: 'color', index: 6 }],
    [{ key: '8' }, null],
    [{ key: '0' }, null],
    [{ key: 'z', ctrlKey: true }, { type: 'undo' }],
    [{ key: 'z', metaKey: true }, { type: 'undo' }],
    [{ key: 'Z', ctrlKey: true, shiftKey: true }, { type: 'redo' }],
    [{ key: 'z', metaKey: true, shiftKey: true }, { type: 'redo' }],
    [{ key: 'z', ctrlKey: true, altKey: true }, null],
    [{ key: 'z' }, null],
    [{ key: 'l', ctrlKey: true }, null], // the browser's own shortcuts stay
    [{ key: 'c', metaKey: true }, null], // copy
    [{ key: 'S', shiftKey: true }, null],
    [{ key: 'e', altKey: true }, null],
    [{ key: 'Escape' }, { type: 'leave' }],
    [{ key: 'ArrowRight' }, null], // navigation keeps working while drawing
    [{ key: ' ' }, null],
    [{ key: 'd' }, null],
  ]
  it.each(cases)('%o → %o', (key, command) => {
    expect(drawingCommand(key)).toEqual(command)
  })
})

describe('where drawing keys are left alone', () => {
  const el = (tagName: string, extra: Record<string, unknown> = {}) => ({ tagName, closest: () => null, ...extra })
  it.each([
    ['nothing focused', null, false],
    ['the body', el('BODY'), false],
    ['a button (the drawing toggle just clicked)', el('BUTTON'), false],
    ['a link', el('A'), false],
    ['a range slider', el('INPUT', { type: 'range' }), false],
    ['a checkbox', el('INPUT', { type: 'checkbox' }), false],
    ['a text field', el('INPUT', { type: 'text' }), true],
    ['a search field', el('INPUT', { type: 'search' }), true],
    ['an input without type', el('INPUT'), true],
    ['a textarea (presenter notes)', el('TEXTAREA'), true],
    ['a select', el('SELECT'), true],
    ['contenteditable', el('DIV', { isContentEditable: true }), true],
    ['inside a code editor', el('SPAN', { closest: (s: string) => (s.includes('.cm-editor') ? {} : null) }), true],
  ])('%s: %s', (_name, target, text) => {
    expect(isTextEntryTarget(target)).toBe(text)
  })
})

describe('who may draw', () => {
  const role = (over: Partial<DrawingRole>): DrawingRole => ({ available: true, presenterOnly: false, presenter: false, ...over })
  it.each([
    [true, false, true],
    [false, false, false],
    ['dev', true, true],
    ['dev', false, false],
  ] as const)('drawings.enabled %s (dev %s) → available %s', (enabled, dev, available) => {
    expect(drawingsAvailable(enabled, dev)).toBe(available)
  })
  const cases: [string, DrawingRole, boolean, boolean, string[]][] = [
    ['audience, drawing mode off', role({}), false, true, ['pen']],
    ['audience, drawing mode on', role({}), true, true, ['mouse', 'touch', 'pen']],
    ['presenterOnly audience, off', role({ presenterOnly: true }), false, false, ['pen']],
    ['presenterOnly audience, on (refused)', role({ presenterOnly: true }), true, false, ['pen']],
    ['presenterOnly presenter, on', role({ presenterOnly: true, presenter: true }), true, true, ['mouse', 'touch', 'pen']],
    ['presenterOnly presenter, off', role({ presenterOnly: true, presenter: true }), false, true, ['pen']],
    ['drawings disabled', role({ available: false }), true, false, []],
  ]
  it.each(cases)('%s', (_name, r, drawingMode, controls, inputs) => {
    expect(showsDrawingControls(r)).toBe(controls)
    expect(drawingInputs(r, drawingMode)).toEqual(inputs)
  })
})

describe('toolbar position', () => {
  it.each([
    [{ x: 10, y: 20 }, true],
    [{ x: 0, y: 0 }, true],
    [{ x: -1, y: 0 }, false],
    [{ x: 1, y: Number.NaN }, false],
    [{ x: '1', y: 2 }, false],
    [{ x: 1 }, false],
    [null, false],
    [[1, 2], false],
  ])('%o is a valid stored position: %s', (value, valid) => {
    expect(isToolbarPosition(value)).toBe(valid)
  })
  const size = { width: 300, height: 40 }
  const viewport = { width: 1000, height: 600 }
  it.each([
    [{ x: 16, y: 16 }, { x: 16, y: 16 }],
    [{ x: 5000, y: 5000 }, { x: 700, y: 560 }], // a position from a bigger screen comes back on screen
    [{ x: 699.6, y: 2.2 }, { x: 700, y: 2 }],
  ])('%o is kept on screen as %o', (position, expected) => {
    expect(clampToolbarPosition(position, size, viewport)).toEqual(expected)
  })
  it('sticks to the top left when the window is smaller than the toolbar', () => {
    expect(clampToolbarPosition({ x: 50, y: 50 }, size, { width: 200, height: 30 })).toEqual({ x: 0, y: 0 })
  })
})
