// Slidev's <RenderWhen context="presenter">: its content only where the slide is drawn in that context (the
// audience's slide, the overview, the presenter's current slide or next preview, print), else its #fallback.
import { useContext, type ReactNode } from 'react'
import { useAtomValue } from 'jotai'
import { viewModeAtom } from '../../state/nav'
import { SlideRenderContext } from '../../state/slide-context'
import { rendersIn } from '../../logic/render-when'

export interface RenderWhenProps {
  context?: string | string[]
  children?: ReactNode
  fallback?: ReactNode
}

const BY_MODE = { play: 'slide', reader: 'slide', presenter: 'presenter', print: 'print' } as const

export default function RenderWhen({ context = 'visible', children, fallback }: RenderWhenProps) {
  const mode = useAtomValue(viewModeAtom)
  const current = useContext(SlideRenderContext) ?? BY_MODE[mode]
  return <>{rendersIn(context, current) ? (children ?? null) : (fallback ?? null)}</>
}
