// Files an export writes appear whole or not at all: written under a temporary name beside the target, then renamed.
import { renameSync, rmSync, writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'

/** Writes `bytes` to `file` through a temporary name, so the file is either whole or absent. */
export function writeWhole(file: string, bytes: Uint8Array | string): void {
  const partial = join(dirname(file), `.${basename(file)}.partial-${process.pid}`)
  try {
    writeFileSync(partial, bytes)
    renameSync(partial, file)
  } catch (error) {
    rmSync(partial, { force: true })
    throw error
  }
}
