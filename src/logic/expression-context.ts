// The context a slide's compiled expressions read (`$page`, `$clicks`, `$nav`, `$frontmatter`, `$slidev`), and the
// guarded reads and calls the compiler writes every property access and call as: data only, pure methods only.

/** Where a slide is drawn, as Slidev's `$renderContext` names it. */
export type RenderContext = 'slide' | 'overview' | 'presenter' | 'previewNext' | 'print'

export interface SlideNavState {
  /** The page the deck is on; in a static form (print, reader) the slide's own. */
  currentPage: number
  currentSlideNo: number
  total: number
  /** The click the deck is on; in a static form the slide's own. */
  clicks: number
  clicksTotal: number
  hasNext: boolean
  hasPrev: boolean
  isPresenter: boolean
  isPrintMode: boolean
  currentLayout: string
}

export interface ExpressionContext {
  $page: number
  $clicks: number
  $nav: SlideNavState
  $frontmatter: Record<string, unknown>
  /** `$slidev.configs.<key>` never reaches the page: the compiler writes the headmatter's value in. */
  $slidev: { nav: SlideNavState; frontmatter: Record<string, unknown> }
  $renderContext: RenderContext
  get: (value: unknown, key: unknown) => unknown
  call: (value: unknown, method: string, args: unknown[]) => unknown
  fn: (name: string, args: unknown[]) => unknown
}

const FORBIDDEN = new Set(['constructor', '__proto__', 'prototype'])
const METHODS = new Set(['toFixed', 'toString', 'toUpperCase', 'toLowerCase', 'trim', 'padStart', 'padEnd', 'startsWith', 'endsWith', 'includes', 'indexOf', 'slice', 'join', 'at', 'replace', 'split', 'repeat', 'toLocaleString'])
const FUNCTIONS: Record<string, (...args: never[]) => unknown> = { String, Number, Boolean, 'Math.min': Math.min, 'Math.max': Math.max, 'Math.round': Math.round, 'Math.floor': Math.floor, 'Math.ceil': Math.ceil, 'Math.abs': Math.abs }

/** A property of data (own or a string's, number's or array's), never a function or a way to one. */
export function readProperty(value: unknown, key: unknown): unknown {
  if (value === null || value === undefined) return undefined
  const name = typeof key === 'number' ? key : String(key)
  if (typeof name === 'string' && FORBIDDEN.has(name)) return undefined
  const found = (value as Record<string | number, unknown>)[name]
  return typeof found === 'function' ? undefined : found
}

/** One of the pure methods of a string, number or array. */
export function callMethod(value: unknown, method: string, args: unknown[]): unknown {
  if (!METHODS.has(method) || (typeof value !== 'string' && typeof value !== 'number' && !Array.isArray(value))) return undefined
  const found = (value as unknown as Record<string, unknown>)[method]
  return typeof found === 'function' ? (found as (...a: unknown[]) => unknown).apply(value, args) : undefined
}

export function callFunction(name: string, args: unknown[]): unknown {
  const found = FUNCTIONS[name]
  return found ? (found as (...a: unknown[]) => unknown)(...args) : undefined
}

export interface ExpressionInput {
  no: number
  /** The slide's click as drawn (the print's 99999 included): counted to at most its click count. */
  clicks: number
  slideClicks: number
  total: number
  frontmatter: Record<string, unknown>
  layout: string
  renderContext: RenderContext
  /** Where the deck is when it is being played; null in a static form, where a slide is its own page. */
  position: { no: number; clicks: number; clicksTotal: number } | null
  isPresenter: boolean
}

export function expressionContext(input: ExpressionInput): ExpressionContext {
  const clicks = Math.max(0, Math.min(input.clicks, input.slideClicks))
  const at = input.position ?? { no: input.no, clicks, clicksTotal: input.slideClicks }
  const $nav: SlideNavState = {
    currentPage: at.no,
    currentSlideNo: at.no,
    total: input.total,
    clicks: at.clicks,
    clicksTotal: at.clicksTotal,
    hasNext: at.no < input.total || at.clicks < at.clicksTotal,
    hasPrev: at.no > 1 || at.clicks > 0,
    isPresenter: input.isPresenter,
    isPrintMode: input.renderContext === 'print',
    currentLayout: input.layout,
  }
  return {
    $page: input.no,
    $clicks: clicks,
    $nav,
    $frontmatter: input.frontmatter,
    $slidev: { nav: $nav, frontmatter: input.frontmatter },
    $renderContext: input.renderContext,
    get: readProperty,
    call: callMethod,
    fn: callFunction,
  }
}

/** An expression's value, or undefined when it throws (a slide keeps showing). */
export function evaluateExpression(expression: (c: ExpressionContext) => unknown, context: ExpressionContext): unknown {
  try {
    return expression(context)
  } catch {
    return undefined
  }
}

/** As Vue shows `{{ value }}`: nothing for null and undefined, JSON for arrays and plain objects. */
export function displayText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'object') return JSON.stringify(value, null, 2)
  return String(value)
}
