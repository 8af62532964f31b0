/// <reference types="vite/client" />
// Types of the deck plugin's virtual modules.

declare module 'virtual:deck/slides' {
  import type { DeckConfig } from '../shared/config'
  export interface SlideMeta {
    no: number
    /** Unset when the slide has neither a frontmatter title nor a heading (as in Slidev). */
    title?: string
    /** Unset unless frontmatter `level` or the heading that gave the title says it (as in Slidev). */
    level?: number
    layout: string
    frontmatter: Record<string, unknown>
    clicks: number
    /** The file the slide is written in (the deck's, or one a `src:` frontmatter imports), from the project folder. */
    file: string
    hasNote: boolean
    /** Planned length in ms (frontmatter `duration`), or null for an even share of the talk. */
    duration: number | null
    load: () => Promise<import('virtual:deck/slide').SlideModule>
  }
  export interface DeckErrorInfo {
    line: number
    message: string
    file?: string
    slide?: number
  }
  export const config: DeckConfig
  /** Where the speaker notes come from: each slide's module, or `npm run serve` after the password check. */
  export const notesFrom: import('../shared/server-files').NotesFrom
  export const infoHtml: string
  export const slides: SlideMeta[]
  export const errors: DeckErrorInfo[]
  /** Dev only: warnings the deck builds with (unknown layout, unclosed fence or comment). */
  export const warnings: DeckErrorInfo[]
}

declare module 'virtual:deck/slide' {
  import type { ReactNode } from 'react'
  export interface SlideModule {
    no: number
    noteHtml: string
    slots: Record<string, ReactNode>
    /** Frontmatter values the build resolved (layout images' URLs); they win over the slide list's. */
    frontmatter?: Record<string, unknown>
  }
}

declare module 'virtual:deck/search' {
  const entries: { no: number; title?: string; text: string; note: string }[]
  export default entries
}

declare module 'virtual:deck/slide-text' {
  /** Each slide's Markdown without its note, in deck order (the prerendering build cuts the font for it). */
  const texts: string[]
  export default texts
}

declare module 'virtual:deck/setup/shortcuts' {
  import type { ShortcutsSetup } from './features/shortcuts/shortcuts'
  /** The default export of setup/shortcuts.ts beside the deck, or null when the deck has none. */
  const setup: ShortcutsSetup | null
  export default setup
}

declare module 'virtual:deck/theme' {
  import type { ComponentType } from 'react'
  import type { LayoutProps } from './layouts/types'
  export const name: string
  export const layouts: Record<string, ComponentType<LayoutProps>>
}
