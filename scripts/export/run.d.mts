// Types of run.mjs for the TypeScript modules beside it.
import type { Page } from 'playwright-core'
export interface DeckManifest {
  title: string
  download: boolean | string
  exportFilename: string
  total: number
  canvasWidth: number
  canvasHeight: number
  author?: string
  slides: { no: number; title: string; level: number; clicks: number }[]
}
export function readManifest(dist: string): DeckManifest
export function waitForReady(page: Page, timeoutMs: number, report: (text: string) => void): Promise<void>
export function exportDeck(options: {
  root: string
  entry: string
  dist: string
  range?: string
  withClicks?: boolean
  dark?: boolean
  notes?: boolean
  output?: string
  executablePath?: string
  build?: 'auto' | 'never'
  timeoutMs?: number
  progress?: NodeJS.WritableStream | null
  env?: Record<string, string | undefined>
}): Promise<{ file: string; pages: number; bytes: number; outlineItems: number; links: { rewritten: number; removed: number }; ms: Record<string, number>; warnings: string[] }>
