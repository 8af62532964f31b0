// The rules of a diagram box: which mermaid config a fence asks for, which error a failure is, how its SVG is sized.

/** Mermaid's own limit (spec.md section 9): longer text is never rendered. */
export const MAX_DIAGRAM_TEXT = 50_000

/** What can go wrong with a diagram, as spec.md section 8 names it. */
export type DiagramErrorKind = 'too-large' | 'syntax' | 'front-matter' | 'not-found'

/** A fence's options as the build passes them: mermaid's config plus `scale`, which only sizes the SVG. */
export interface DiagramOptions {
  scale?: number
  theme?: string
  [key: string]: unknown
}

/** Between a render key's parts: the scheme, the config's stable JSON, the diagram text (which may hold anything else). */
const KEY_SEPARATOR = '\u0000'

/** The diagram text a render key was made for. */
export const diagramKeyText = (key: string) => key.split(KEY_SEPARATOR).slice(2).join(KEY_SEPARATOR)

/**
 * Diagrams as the browser drew them, by render key: what a page is handed before its scripts run
 * (`window.__DECK_DIAGRAMS__`: the one-file HTML, an export's cache) and hands back (`window.__deckDrawnDiagrams()`).
 */
export type DrawnDiagrams = Record<string, { svg: string; renderId: string; diagramType: string }>

/** What one render needs: the text and the config mermaid is initialised with. */
export interface DiagramRequest {
  /** Cache key: the same text, config, scheme and font always give the same SVG. */
  key: string
  code: string
  config: Record<string, unknown>
  scale: number
}

/** The options JSON the build wrote (bad or absent JSON means the defaults). */
export function parseDiagramOptions(json: string | undefined): DiagramOptions {
  if (!json) return {}
  try {
    const value: unknown = JSON.parse(json)
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as DiagramOptions) : {}
  } catch {
    return {}
  }
}

/** The scale a fence asked for: a positive finite number, else 1. */
export function diagramScale(options: DiagramOptions): number {
  const scale = Number(options.scale ?? 1)
  return Number.isFinite(scale) && scale > 0 ? scale : 1
}

/**
 * The request for one diagram in one colour scheme: the fence's options minus `scale`, the neutral theme unless
 * the fence names another, mermaid's `dark` theme in dark mode, the deck's font, and scripts kept out.
 */
export function diagramRequest(code: string, options: DiagramOptions, dark: boolean, fontFamily: string): DiagramRequest {
  const { scale: _scale, ...rest } = options
  const lightTheme = typeof rest.theme === 'string' && rest.theme ? rest.theme : 'neutral'
  const themeVariables = { ...(isRecord(rest.themeVariables) ? rest.themeVariables : {}), ...(fontFamily ? { fontFamily } : {}) }
  const config: Record<string, unknown> = {
    ...rest,
    startOnLoad: false,
    theme: dark ? 'dark' : lightTheme,
    // `loose` would let diagram links run script; the build already warned about it.
    securityLevel: rest.securityLevel === 'sandbox' || rest.securityLevel === 'antiscript' ? rest.securityLevel : 'strict',
    ...(fontFamily ? { fontFamily } : {}),
    themeVariables,
    // The deck's text always goes through the size check first (spec.md section 8).
    maxTextSize: MAX_DIAGRAM_TEXT,
  }
  const key = [dark ? 'dark' : 'light', stableJson(config), code].join(KEY_SEPARATOR)
  return { key, code, config, scale: diagramScale(options) }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value)
}

/** JSON with sorted keys, so equal configs give equal cache keys. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`
  if (isRecord(value)) return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${stableJson(value[k])}`).join(',')}}`
  return JSON.stringify(value) ?? 'null'
}

/** Which of spec.md section 8's errors a failure of mermaid.parse/render is. */
export function classifyDiagramError(code: string, error: { name?: string; message?: string } | undefined): DiagramErrorKind {
  if (code.length > MAX_DIAGRAM_TEXT) return 'too-large'
  const name = error?.name ?? ''
  const message = error?.message ?? ''
  if (name === 'UnknownDiagramError' || /No diagram type detected/i.test(message)) return 'not-found'
  if (name === 'YAMLException' || /^Diagrams beginning with ---/.test(message)) return 'front-matter'
  // A `---` block that fails anywhere (bad YAML, never closed) is the front-matter's fault.
  if (/^\s*---/.test(code) && !/^\s*---[ \t]*\r?\n[\s\S]*?\r?\n[ \t]*---[ \t]*(\r?\n|$)/.test(code)) return 'front-matter'
  return 'syntax'
}

/** Mermaid's error message cut to something a diagram box can show. */
export function shortErrorMessage(message: string, max = 300): string {
  const text = message.replace(/\s+\n/g, '\n').trim()
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

/**
 * Sizes a rendered SVG: `scale` × its viewBox width (Slidev's rule), height from the aspect ratio, never wider
 * than its box so a diagram cannot push the slide apart.
 */
export function sizeSvg(svg: string, scale: number): string {
  return svg.replace(/<svg\b[^>]*>/, (tag) => {
    const viewBox = tag.match(/\sviewBox="([^"]+)"/)?.[1]?.trim().split(/[\s,]+/).map(Number)
    const given = viewBox?.length === 4 && viewBox.every(Number.isFinite) ? viewBox[2] : undefined
    const width = given !== undefined && given > 0 ? given : null
    const withoutSize = tag.replace(/\s(width|height)="[^"]*"/g, '').replace(/\sstyle="[^"]*"/, '')
    const style = width === null ? 'max-width: 100%; height: auto;' : `width: ${round(width * scale)}px; max-width: 100%; height: auto;`
    return withoutSize.replace(/^<svg\b/, `<svg style="${style}"`)
  })
}

/** The smallest a diagram's label is drawn in the reader, in CSS px: the deck's floor for text on a slide. */
export const LEGIBLE_LABEL_PX = 14

/**
 * How wide a diagram must be drawn for its smallest label to be `floor` px: its own width (the viewBox's, in which
 * the labels' sizes are given) scaled by floor / smallest label, never wider than it is drawn at its full size. Null
 * when there is nothing to go by (no width, no label). A column narrower than this scrolls the diagram sideways
 * instead of shrinking its labels (18 px labels across 1,000 px drew at 6 px on a phone).
 */
export function legibleWidth(viewBoxWidth: number, fullWidth: number, smallestLabel: number, floor = LEGIBLE_LABEL_PX): number | null {
  if (!(viewBoxWidth > 0) || !(fullWidth > 0) || !(smallestLabel > 0)) return null
  return round(Math.min(fullWidth, (viewBoxWidth * floor) / smallestLabel))
}

function round(value: number): number {
  return Math.round(value * 100) / 100
}

/**
 * Gives one SVG copy its own ids: the same cached render may be on screen twice (slide and thumbnail, leaving
 * and entering slide), and arrowheads and styles refer to ids.
 */
export function retargetSvgIds(svg: string, renderId: string, instanceId: string): string {
  return renderId === instanceId ? svg : svg.split(renderId).join(instanceId)
}

/** The neighbours whose diagrams are worth rendering ahead, nearest first. */
export function diagramNeighbours(no: number, total: number): number[] {
  return [no, no + 1, no - 1, no + 2].filter((n, i, all) => n >= 1 && n <= total && all.indexOf(n) === i)
}
