// The build folder's old files: Vite deletes them one by one before the build starts (1,200 files of a previous build,
// a third of a second on the main thread). The folder is renamed aside instead, at once, and deleted on libuv's threads
// while the build runs; the build ends once it is gone.
import { existsSync, readdirSync, renameSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import type { Plugin } from 'vite'
import { isInside } from './folders.ts'

/** Where an old build folder waits to be deleted: beside it, so the rename never crosses file systems. */
export const asideName = (outDir: string, pid = process.pid) => join(dirname(outDir), `.${basename(outDir)}-deleting-${pid}`)

/** Old folders a build that stopped half-way left beside `outDir`. */
function leftAside(outDir: string): string[] {
  const prefix = `.${basename(outDir)}-deleting-`
  try {
    return readdirSync(dirname(outDir)).filter((name) => name.startsWith(prefix)).map((name) => join(dirname(outDir), name))
  } catch {
    return []
  }
}

/**
 * Moves the folder aside when the build would empty it (Vite's rule: `emptyOutDir`, or by default a folder inside the
 * project) and starts deleting it; returns the deletion, or null when there was nothing to move.
 */
export function moveAsideAndDelete(root: string, outDir: string, emptyOutDir: boolean | null | undefined): Promise<void> | null {
  if (!(emptyOutDir ?? isInside(root, outDir)) || outDir === root || !existsSync(outDir)) return null
  const aside = asideName(outDir)
  try {
    renameSync(outDir, aside)
  } catch {
    // Not ours to move (a mount point, a folder held open on Windows): Vite empties it as it always does.
    return null
  }
  return Promise.all([aside, ...leftAside(outDir).filter((path) => path !== aside)].map((path) => rm(path, { recursive: true, force: true }))).then(() => {})
}

export default function outDirPlugin(): Plugin {
  let deleting: Promise<void> | null = null
  return {
    name: 'deck:out-dir',
    apply: 'build',
    // Before Vite resolves the config and empties the folder; the command line's --outDir and --emptyOutDir are in it.
    config(config) {
      const root = resolve(config.root ?? process.cwd())
      // Once: a second resolve of the config finds the folder gone.
      deleting ??= moveAsideAndDelete(root, resolve(root, config.build?.outDir ?? 'dist'), config.build?.emptyOutDir)
    },
    // A build that fails may end before the deletion has: the next build deletes what is left.
    buildApp: {
      order: 'post',
      async handler() {
        await deleting
      },
    },
  }
}
