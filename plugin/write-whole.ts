// Files the engine writes appear whole or not at all: written under a temporary name in the target's folder (so the
// rename never crosses file systems), then renamed over it. The deck's own files (the editor's and the drawings'
// writes) are also flushed to disk first and keep their permissions.
import { randomBytes } from 'node:crypto'
import { promises as fs, renameSync, rmSync, writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'

/** A name beside `file` that no other writer (process or call) uses. */
const temporaryName = (file: string) => join(dirname(file), `.${basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`)

/** Writes `bytes` to `file` whole or not at all; synchronous, for exit handlers and short files. */
export function writeWhole(file: string, bytes: Uint8Array | string): void {
  const temp = temporaryName(file)
  try {
    writeFileSync(temp, bytes, { flag: 'wx' })
    renameSync(temp, file)
  } catch (error) {
    rmSync(temp, { force: true })
    throw error
  }
}

/**
 * Writes `bytes` to `file` whole or not at all. `durable`: an author's file (the deck, a drawing): flushed before the
 * rename, its permissions kept, and a link followed to the real file (the link stays a link).
 */
export async function writeAtomically(file: string, bytes: Uint8Array | string, options: { durable?: boolean } = {}): Promise<void> {
  const real = options.durable ? await fs.realpath(file).catch(() => file) : file
  const mode = options.durable ? await fs.stat(real).then((stat) => stat.mode & 0o777, () => 0o644) : 0o644
  const temp = temporaryName(real)
  let handle: fs.FileHandle | undefined
  try {
    handle = await fs.open(temp, 'wx', mode)
    await handle.writeFile(bytes)
    if (options.durable) await handle.sync()
    await handle.close()
    handle = undefined
    await fs.rename(temp, real)
  } catch (error) {
    await handle?.close().catch(() => {})
    await fs.rm(temp, { force: true })
    throw error
  }
}

/**
 * Puts a hard link to `existing` at `file` whole or not at all (the file's bytes written once, named twice). Fails
 * where the two are on different file systems, as a link does.
 */
export async function linkAtomically(existing: string, file: string): Promise<void> {
  const temp = temporaryName(file)
  try {
    await fs.link(existing, temp)
    await fs.rename(temp, file)
  } catch (error) {
    await fs.rm(temp, { force: true })
    throw error
  }
}
