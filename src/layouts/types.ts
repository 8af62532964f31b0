// What every layout receives: the slide's slots, its frontmatter, and its number.
import type { ReactNode } from 'react'

export interface LayoutProps {
  slots: Record<string, ReactNode>
  frontmatter: Record<string, unknown>
  no: number
  /** Extra classes for the layout root (the slide's `class` frontmatter). */
  className?: string
}

export function layoutClass(name: string, className?: string): string {
  return ['slidev-layout', name, className].filter(Boolean).join(' ')
}
