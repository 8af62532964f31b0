// What a build leaves for `npm run serve` alone, and where: a folder beside the served one (never inside it, so no
// spelling of a URL reaches it), and the address the server hands the notes out at.

/** The server-only folder of a build folder: `dist` → `dist-server`, `.e2e/deck-dist` → `.e2e/deck-dist-server`. */
export function serverFilesDir(outDir: string): string {
  return `${outDir.replace(/[\\/]+$/, '')}-server`
}

/** The files in it. */
export const SERVER_FILES = {
  /** `{ passwordSha256 }`: a hash of the deck's `remote:` password (null without one). */
  sync: 'deck-sync.json',
  /** `{ notes: { [no]: html } }`: the speaker notes of a deck with a presenter password, for presenters only. */
  notes: 'deck-notes.json',
} as const

/** Where `npm run serve` hands out the notes of a deck with a password, after the password (or pairing) check. */
export const NOTES_PATH = '/__deck/notes'

/** Where the runtime takes the speaker notes from: each slide's module, or the server after the password check. */
export type NotesFrom = 'bundle' | 'server'

/** What the notes endpoint (and the notes file) hold: each slide's note as HTML, by slide number. */
export interface ServedNotes {
  notes: Record<string, string>
}
