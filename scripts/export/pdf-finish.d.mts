// Types of pdf-finish.mjs for the TypeScript tests.
import type { PDFDocument } from 'pdf-lib'

export interface OutlineEntry {
  title: string
  level: number
  pageIndex: number
}
export interface OutlineNode {
  title: string
  pageIndex: number
  children: OutlineNode[]
}
export function outlineTree(entries: OutlineEntry[]): OutlineNode[]
export function slideOfUri(uri: string, origin: string): number | null | undefined
export function addOutline(doc: PDFDocument, tree: OutlineNode[]): number
export function rewriteSlideLinks(doc: PDFDocument, origin: string, slidePage: Map<number, number>): { rewritten: number; removed: number }
export function trimPages(doc: PDFDocument, size: { width: number; height: number }): number
export function finishPdf(
  bytes: Uint8Array,
  options: {
    title: string
    author?: string
    language?: string
    pageSize?: { width: number; height: number }
    outline: OutlineEntry[]
    origin: string
    slidePage: Map<number, number>
  },
): Promise<{ bytes: Uint8Array; pages: number; outlineItems: number; links: { rewritten: number; removed: number } }>
