// Types of options.mjs for the TypeScript tests.
export const USAGE: string
export const DEFAULT_FILENAME: string
export const FORMATS: readonly ['md', 'pdf', 'png', 'pptx', 'html']
export type Format = (typeof FORMATS)[number]
export function parseFormats(value: string | undefined): Format[]
export interface ExportArgs {
  entry?: string
  formats: Format[]
  scale: number
  range?: string
  withClicks: boolean
  dark: boolean
  notes: boolean
  output?: string
  executablePath?: string
  dist?: string
  skipBuild: boolean
  timeoutMs: number
  help: boolean
}
export class UsageError extends Error {}
export function parseExportArgs(argv: string[]): ExportArgs
export function pdfFileName(config: { download?: boolean | string; exportFilename?: string }, options?: { notes?: boolean }): string
export function outputName(output: string): string
