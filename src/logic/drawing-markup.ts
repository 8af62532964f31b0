// What drawing markup may contain: drawings arrive from other windows, devices and storage, so only drauu's shapes pass.

/** The elements drauu draws with (arrows are a group with a marker). */
const TAGS = new Set(['g', 'path', 'line', 'rect', 'ellipse', 'circle', 'polyline', 'defs', 'marker'])

const NUMBER = /^-?(\d+\.?\d*|\.\d+)(e-?\d+)?(px)?$/i
const PATH_DATA = /^[MmLlHhVvCcSsQqTtAaZz0-9.,eE\s+-]*$/
const COLOR = /^(#[0-9a-f]{3,8}|[a-z]{3,20}|rgba?\(\s*[\d.%\s,/]+\))$/i
const ID = /^[A-Za-z0-9][\w-]{0,80}$/
const MARKER_REF = /^url\(#([A-Za-z0-9][\w-]{0,80})\)$/

type Rule = (value: string) => boolean

const number: Rule = (v) => NUMBER.test(v.trim())
const color: Rule = (v) => COLOR.test(v.trim())
const ATTRIBUTES: Record<string, Rule> = {
  d: (v) => PATH_DATA.test(v) && v.length <= 200_000,
  points: (v) => /^[0-9.,eE\s-]*$/.test(v),
  x: number, y: number, x1: number, y1: number, x2: number, y2: number,
  cx: number, cy: number, r: number, rx: number, ry: number, width: number, height: number,
  refX: number, refY: number, markerWidth: number, markerHeight: number,
  viewBox: (v) => /^[0-9.\s,-]+$/.test(v),
  orient: (v) => v === 'auto' || v === 'auto-start-reverse' || number(v),
  fill: color, stroke: color,
  'stroke-width': number, opacity: number, 'fill-opacity': number, 'stroke-opacity': number,
  'stroke-linecap': (v) => ['butt', 'round', 'square'].includes(v),
  'stroke-linejoin': (v) => ['miter', 'round', 'bevel'].includes(v),
  'stroke-dasharray': (v) => /^[0-9.,\s]+$/.test(v) || v === 'none',
  'data-drauu_index': (v) => /^\d{1,7}$/.test(v),
}

export function isDrawingTag(tag: string): boolean {
  return TAGS.has(tag)
}

/**
 * The value to keep for an attribute of a drawing element, or null to drop it. With a `scope`, ids and
 * marker references get it as a prefix, so copies of one drawing on a page do not share arrowheads.
 */
export function cleanAttribute(name: string, value: string, scope = ''): string | null {
  if (name === 'id') return ID.test(value) ? scope + value : null
  if (name === 'marker-end' || name === 'marker-start') {
    const ref = MARKER_REF.exec(value.trim())
    return ref ? `url(#${scope}${ref[1]})` : null
  }
  const rule = ATTRIBUTES[name]
  return rule && rule(value) ? value : null
}

/** Drawings kept in localStorage: `{ "3": "<path …/>" }`; anything malformed is dropped, never thrown. */
export function parseSavedDrawings(raw: string | null): Record<number, string> {
  if (!raw) return {}
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return {}
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {}
  const drawings: Record<number, string> = {}
  for (const [key, markup] of Object.entries(value as Record<string, unknown>)) {
    const no = Number(key)
    if (!/^\d{1,5}$/.test(key) || no < 1 || typeof markup !== 'string' || !markup) continue
    drawings[no] = markup
  }
  return drawings
}

/** The drawings worth keeping: empty entries (a cleared slide) are left out. */
export function savedDrawings(drawings: Record<number, string>): Record<number, string> {
  const kept: Record<number, string> = {}
  for (const [key, markup] of Object.entries(drawings)) if (markup) kept[Number(key)] = markup
  return kept
}
