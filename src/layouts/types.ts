// What every layout receives: the slide's slots, its frontmatter, and its number.
import type { ReactNode } from 'react'

export interface LayoutProps {
  slots: Record<string, ReactNode>
  /** The slide's frontmatter, its image paths (`background:`, `image:`) already resolved to URLs by the build. */
  frontmatter: Record<string, unknown>
  no: number
  /** Extra classes for the layout root (the slide's `class` frontmatter). */
  className?: string
}

/** The frontmatter's string value of `key`, or undefined. */
export function stringOf(frontmatter: Record<string, unknown>, key: string): string | undefined {
  const value = frontmatter[key]
  return typeof value === 'string' && value.trim() ? value : undefined
}

/** The layout root's classes: `slidev-layout <name>`, then the slide's `layoutClass:`, then any extra (its `class:`). */
export function layoutClass(name: string, className?: string, frontmatter: Record<string, unknown> = {}): string {
  return ['slidev-layout', name, stringOf(frontmatter, 'layoutClass'), className].filter(Boolean).join(' ')
}
