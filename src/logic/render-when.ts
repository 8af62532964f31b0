// Which of Slidev's render contexts a <RenderWhen context="…"> asks for, and whether the slide is drawn in one.
import type { RenderContext } from './expression-context'

/** Slidev's names: the five places a slide is drawn, `main` (the audience's slide or the presenter's current one), `visible` (any). */
export type RenderWhenContext = RenderContext | 'main' | 'visible'

/** `context` as written: one name, several (comma or space separated, or an array bound with `:context`). */
export function renderWhenContexts(context: unknown): string[] {
  const list = Array.isArray(context) ? context.map(String) : String(context ?? '').split(/[\s,]+/)
  return list.map((c) => c.trim()).filter(Boolean)
}

export function rendersIn(context: unknown, current: RenderContext): boolean {
  return renderWhenContexts(context).some((c) => c === current || c === 'visible' || (c === 'main' && (current === 'slide' || current === 'presenter')))
}
