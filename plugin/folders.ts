// Where a path is, relative to a folder: the one test the build and the dev server share (images beside the deck,
// the build's folder, what the dev server's watcher skips); and whether an import names a package rather than a path.
import { isAbsolute, relative } from 'node:path'

/** Whether `path` is `folder` itself or inside it. */
export function isInside(folder: string, path: string): boolean {
  const rel = relative(folder, path)
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel))
}

/** An import of a package by its name (`react`, `@scope/pkg/sub`), not a path, a URL or a virtual module. */
export const isPackageName = (id: string): boolean => /^(@[\w.-]+\/)?[\w.-]+(\/|$)/.test(id) && !id.includes(':') && !id.startsWith('.')
