// What a build writes for `npm run serve` alone, into the folder beside the served one (shared/server-files.ts):
// the hash of the presenter password and, for a deck with one, the speaker notes (kept out of the bundle then).
// Written afresh by every build, so nothing of an earlier one lingers.
import { createHash } from 'node:crypto'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { SERVER_FILES, serverFilesDir, type ServedNotes } from '../../shared/server-files.ts'
import type { DeckState } from './state.ts'

export function writeServerFiles(outDir: string, state: DeckState): string {
  const dir = serverFilesDir(outDir)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const password = state.deck!.config.remote
  const passwordSha256 = password ? createHash('sha256').update(password, 'utf8').digest('hex') : null
  writeFileSync(join(dir, SERVER_FILES.sync), JSON.stringify({ passwordSha256 }))
  if (state.notesFrom === 'server') {
    const served: ServedNotes = { notes: Object.fromEntries(state.states.filter((s) => s.noteHtml).map((s) => [String(s.slide.no), s.noteHtml])) }
    writeFileSync(join(dir, SERVER_FILES.notes), JSON.stringify(served))
  }
  return dir
}
