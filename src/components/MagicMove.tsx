// Slidev's magic move: a code block whose steps morph into each other click by click (shiki-magic-move), each step's
// lines highlighted in turn. The tokens come from the build; a static page (print, the reader, a thumbnail, the
// prerendered HTML) shows the step of its click without moving, and so does a viewer who prefers reduced motion.
import { useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react'
import { useAtomValue } from 'jotai'
import { ShikiMagicMoveRenderer } from 'shiki-magic-move/react'
import { syncTokenKeys } from 'shiki-magic-move/core'
import type { KeyedToken, KeyedTokensInfo, MagicMoveRenderOptions } from 'shiki-magic-move/types'
import 'shiki-magic-move/style.css'
import { viewModeAtom } from '../state/nav'
import { useHydrated } from '../state/hydrated'
import { DeckPositionContext, SlideRenderContext, useSlideClicks } from '../state/slide-context'
import { magicMoveStepAt } from '../../shared/magic-move'
import { linesOfStep } from '../../shared/line-steps'
import CodeCopy from './CodeCopy'
import './MagicMove.css'

export interface MagicMoveProps {
  steps: KeyedTokensInfo[]
  /** Each step's line highlights (`{*|1|2}` → ['*', '1', '2']). */
  ranges: string[][]
  /** The block's first click. */
  since: number
  title?: string
  /** Milliseconds of a morph (Slidev's default: 800). */
  duration?: number
  /** The copy button (the deck's `magicMoveCopy`): on every step, or on the last only. */
  copy?: 'always' | 'final'
}

/** Whether the viewer asks for less motion now (read at each step, so a change of the setting counts at once). */
const prefersReducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches

/** The code's colours without the theme's background (the deck's code background stays), as rehype-shiki keeps them. */
function containerStyle(info: KeyedTokensInfo | undefined): CSSProperties {
  const style: Record<string, string> = {}
  if (info?.fg) style.color = info.fg
  for (const rule of (info?.rootStyle || '').split(';')) {
    const [key, value] = rule.split(':')
    if (key?.trim().startsWith('--') && !key.includes('-bg') && value) style[key.trim()] = value.trim()
  }
  return style as CSSProperties
}

function tokenStyle(token: KeyedToken): CSSProperties {
  const style: Record<string, string> = {}
  const html: unknown = token.htmlStyle
  if (typeof html === 'string') {
    for (const rule of html.split(';')) {
      const [key, value] = rule.split(':')
      if (key && value) style[key.trim()] = value.trim()
    }
  } else if (html && typeof html === 'object') Object.assign(style, html)
  if (token.color) style.color = token.color
  return style as CSSProperties
}

/** Slidev's classes for the lines of `range`: `highlighted`, the others `dishonored`. */
function lineClass(highlighted: Set<number>, line: number): string {
  return highlighted.has(line) ? 'highlighted' : 'dishonored'
}

/** One step as plain markup: what a static page shows, and what the page has before its script takes over. */
function StaticStep({ info, range }: { info: KeyedTokensInfo; range: string }) {
  const count = info.tokens.filter((token) => token.content === '\n').length
  const highlighted = linesOfStep(range, count)
  let line = 1
  return (
    <pre className="shiki slidev-code shiki-magic-move-container" style={containerStyle(info)}>
      {info.tokens.map((token) => {
        // A line break as text (the block is white-space: pre): copied text and the PowerPoint export keep the lines.
        if (token.content === '\n') {
          line++
          return '\n'
        }
        const classes = ['shiki-magic-move-item', token.htmlClass, lineClass(highlighted, line)].filter(Boolean).join(' ')
        return (
          <span key={token.key} className={classes} style={tokenStyle(token)}>
            {token.content}
          </span>
        )
      })}
    </pre>
  )
}

/** Highlights the lines of `range` among the renderer's token elements (lines end at each <br>; leaving ones aside). */
function highlightLines(pre: Element, range: string) {
  const items = [...pre.children].slice(1).filter((el) => !el.classList.contains('shiki-magic-move-leave-active'))
  const lines: Element[][] = [[]]
  for (const el of items) {
    if (el.tagName === 'BR') lines.push([])
    else lines[lines.length - 1]!.push(el)
  }
  const highlighted = linesOfStep(range, lines.length - 1 || 1)
  lines.forEach((line, i) => {
    for (const el of line) {
      el.classList.toggle('highlighted', highlighted.has(i + 1))
      el.classList.toggle('dishonored', !highlighted.has(i + 1))
    }
  })
}

/** The block as it morphs: the renderer moves tokens from the last step shown to the step of the click. */
function MovingSteps({ steps, step, range, duration }: { steps: KeyedTokensInfo[]; step: number; range: string; duration: number }) {
  const wrapper = useRef<HTMLDivElement>(null)
  const scale = useRef(1)
  const [shown, setShown] = useState(step)
  const [pair, setPair] = useState<{ from?: KeyedTokensInfo; to: KeyedTokensInfo }>(() => ({ to: steps[step]! }))
  if (shown !== step) {
    // A new step: its tokens keyed to match the last step's, so the renderer knows which ones move.
    setShown(step)
    setPair(syncTokenKeys(pair.to, steps[step]!))
  }
  // Shown since its last (re)mount: a slide shown again (it waited hidden, rendered ahead) puts its step in place
  // without replaying the morph that brought it there, as Slidev's first tick does.
  const entered = useRef(false)
  useEffect(() => {
    entered.current = true
    return () => {
      entered.current = false
    }
  }, [])
  // Read when the renderer takes them (after this render's layout): the slide's scale now, reduced motion now.
  const options = useMemo<MagicMoveRenderOptions>(
    () => ({
      containerStyle: false,
      stagger: 1,
      get duration() {
        return !entered.current || prefersReducedMotion() ? 0 : duration
      },
      get globalScale() {
        return scale.current
      },
    }),
    [duration],
  )
  useLayoutEffect(() => {
    const el = wrapper.current
    if (el && el.offsetWidth) scale.current = el.getBoundingClientRect().width / el.offsetWidth || 1
  }, [pair])
  // After the renderer's own effect (a child's effects run first) has put the step's tokens in.
  useEffect(() => {
    const pre = wrapper.current?.querySelector('pre')
    if (pre) highlightLines(pre, range)
  }, [pair, range])
  return (
    <div ref={wrapper}>
      <ShikiMagicMoveRenderer className="shiki slidev-code" style={containerStyle(pair.to)} tokens={pair.to} previous={pair.from} options={options} />
    </div>
  )
}

export default function MagicMove({ steps, ranges, since, title, duration = 800, copy }: MagicMoveProps) {
  const clicks = useSlideClicks()
  const place = useContext(SlideRenderContext)
  const position = useContext(DeckPositionContext)
  const mode = useAtomValue(viewModeAtom)
  const hydrated = useHydrated()
  const { step, range } = magicMoveStepAt(clicks, since, ranges)
  // Moving only where a talk goes on: the play view and the presenter's current slide, once the app has the page.
  const moving = hydrated && position !== null && clicks !== null && mode !== 'print' && (place === null || place === 'presenter')
  const info = steps[step]
  return (
    <div className={['deck-code', 'slidev-code-magic-move', title ? 'has-title' : ''].filter(Boolean).join(' ')} data-magic-move-step={step}>
      {title ? <div className="deck-code-title">{title}</div> : null}
      {!info ? null : moving ? <MovingSteps steps={steps} step={step} range={range} duration={duration} /> : <StaticStep info={info} range={range} />}
      {info && (copy === 'always' || (copy === 'final' && step === steps.length - 1)) ? <CodeCopy code={info.code} /> : null}
    </div>
  )
}
