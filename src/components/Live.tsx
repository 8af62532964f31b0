// What a slide's expressions show (`{{ $page }}`, `:title="…"`, `v-if`, `v-show`), evaluated in the slide's context
// at each click. The compiler wrote each expression as a function into the slide's module; a slide without any
// does not load this file.
import { createElement, useContext, type ComponentType, type CSSProperties, type ReactNode } from 'react'
import { useAtomValue } from 'jotai'
import { clicksOf, slidesAtom } from '../state/deck'
import { viewModeAtom } from '../state/nav'
import { DeckPositionContext, SlideRenderContext, useSlideClicks, useSlideNo } from '../state/slide-context'
import { displayText, evaluateExpression, expressionContext, type ExpressionContext, type RenderContext } from '../logic/expression-context'
import { isScriptUrl } from '../../shared/script-url'

type Expression = (c: ExpressionContext) => unknown

export interface LiveProps {
  /** `{{ … }}`: text. */
  text?: Expression
  /** `v-if` / `v-else-if` / `v-else`: the first branch whose condition holds (null: `v-else`). */
  branches?: [Expression | null, ReactNode][]
  /** An element with bound attributes: the tag or component, the bound props, `v-show`. */
  is?: string | ComponentType<Record<string, unknown>>
  bind?: (c: ExpressionContext) => Record<string, unknown>
  show?: Expression
  [prop: string]: unknown
}

const RENDER_CONTEXT = { play: 'slide', reader: 'slide', presenter: 'presenter', print: 'print' } as const satisfies Record<string, RenderContext>

function useExpressionContext(): ExpressionContext {
  const no = useSlideNo() ?? 1
  const clicks = useSlideClicks()
  const slides = useAtomValue(slidesAtom)
  const mode = useAtomValue(viewModeAtom)
  const position = useContext(DeckPositionContext)
  const renderContext = useContext(SlideRenderContext)
  const slide = slides[no - 1]
  const slideClicks = slide?.clicks ?? 0
  return expressionContext({
    no,
    // The reader shows every step.
    clicks: clicks ?? slideClicks,
    slideClicks,
    total: slides.length,
    frontmatter: slide?.frontmatter ?? {},
    layout: slide?.layout ?? 'default',
    renderContext: renderContext ?? RENDER_CONTEXT[mode],
    position: position && { ...position, clicksTotal: clicksOf(slides, position.no) },
    isPresenter: mode === 'presenter',
  })
}

const URL_PROPS = new Set(['href', 'src', 'action', 'formAction', 'poster', 'data', 'xlinkHref'])
const BOOLEAN_PROPS = new Set(['disabled', 'hidden', 'checked', 'selected', 'open', 'readOnly', 'required', 'multiple', 'autoPlay', 'controls', 'loop', 'muted', 'playsInline', 'allowFullScreen'])

const classText = (value: unknown): string =>
  Array.isArray(value) ? value.map(classText).filter(Boolean).join(' ') : value && typeof value === 'object' ? Object.keys(value).filter((k) => (value as Record<string, unknown>)[k]).join(' ') : typeof value === 'string' ? value : ''

function styleObject(value: unknown): CSSProperties {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.startsWith('--') ? k : k.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase()), v])) as CSSProperties
  }
  if (typeof value !== 'string') return {}
  return styleObject(Object.fromEntries(value.split(';').map((rule) => rule.split(':').map((part) => part.trim())).filter((pair) => pair.length === 2 && pair[0]) as [string, string][]))
}

/** Bound values as an HTML element's props: classes and styles merged into the written ones, script URLs made harmless. */
function elementProps(props: Record<string, unknown>, bound: Record<string, unknown>): Record<string, unknown> {
  const next = { ...props }
  for (const [key, value] of Object.entries(bound)) {
    if (key === 'className') next.className = [props.className, classText(value)].filter(Boolean).join(' ') || undefined
    else if (key === 'style') next.style = { ...(props.style as CSSProperties | undefined), ...styleObject(value) }
    else if (value === null || value === undefined || value === false) delete next[key]
    else if (value === true) next[key] = BOOLEAN_PROPS.has(key) ? true : ''
    else if (URL_PROPS.has(key) && isScriptUrl(String(value))) next[key] = 'about:blank'
    else next[key] = typeof value === 'object' ? JSON.stringify(value) : String(value)
  }
  return next
}

export default function Live({ text, branches, is, bind, show, ...props }: LiveProps) {
  const context = useExpressionContext()
  if (text) return <>{displayText(evaluateExpression(text, context))}</>
  if (branches) {
    const chosen = branches.find(([when]) => !when || Boolean(evaluateExpression(when, context)))
    return <>{chosen ? chosen[1] : null}</>
  }
  if (!is) return null
  const bound = bind ? ((evaluateExpression(bind, context) ?? {}) as Record<string, unknown>) : {}
  const shown = !show || Boolean(evaluateExpression(show, context))
  if (typeof is !== 'string') {
    // A component takes values as they are; hidden by v-show, it is not drawn.
    return shown ? createElement(is, { ...props, ...bound }) : null
  }
  const element = elementProps(props, bound)
  if (!shown) element.style = { ...(element.style as CSSProperties | undefined), display: 'none' }
  return createElement(is, element)
}
