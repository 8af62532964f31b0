// The files a slide's analysis looks at (snippets it reads, images it looks for), noted as it runs: an analysis kept on
// disk (plugin/deck/analysis-store.ts) is used again only while every file it saw is as it was.
import { createHash } from 'node:crypto'
import { readFileSync, statSync } from 'node:fs'

/** What was seen of a file: `absent`, `file`, `other` (a folder…), or `text:<hash>` for a file whose text was read. */
export type FileSeen = [path: string, seen: string]

let noting: Map<string, string> | null = null

function kindOf(path: string): 'absent' | 'file' | 'other' {
  try {
    return statSync(path).isFile() ? 'file' : 'other'
  } catch {
    return 'absent'
  }
}

const textSeen = (text: string) => `text:${createHash('sha256').update(text).digest('hex').slice(0, 32)}`

/** Runs `analyse` (synchronous, as a slide's first stage is) and returns what it made with the files it looked at. */
export function notingFiles<T>(analyse: () => T): { value: T; files: FileSeen[] } {
  const outer = noting
  const seen = new Map<string, string>()
  noting = seen
  try {
    return { value: analyse(), files: [...seen] }
  } finally {
    noting = outer
  }
}

/** Whether `path` is a file; noted (a file that appears later, or goes, is a change). */
export function isFile(path: string): boolean {
  const kind = kindOf(path)
  if (noting && !noting.get(path)?.startsWith('text:')) noting.set(path, kind)
  return kind === 'file'
}

/** A file's text (UTF-8); noted by its content. */
export function readText(path: string): string {
  const text = readFileSync(path, 'utf8')
  noting?.set(path, textSeen(text))
  return text
}

/** Whether every file is still as it was seen. */
export function stillAsSeen(files: readonly FileSeen[]): boolean {
  return files.every(([path, seen]) => {
    if (!seen.startsWith('text:')) return kindOf(path) === seen
    try {
      return textSeen(readFileSync(path, 'utf8')) === seen
    } catch {
      return false
    }
  })
}
