// The presenter password the server enforces: `--password`, else the hash the build wrote for the deck's `remote:`.
import { createHash, timingSafeEqual } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { SERVER_FILES } from '../shared/server-files.ts'

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest()

/**
 * The password check: `--password` wins, else the hash the build wrote for the deck's `remote:` (in the server-only
 * folder beside the build, shared/server-files.ts); null when neither exists (then anyone may present: fine on
 * 127.0.0.1, said loudly otherwise).
 */
export function passwordCheck(serverDir: string, password: string | null): { authorize: ((given: string | undefined) => boolean) | null; source: string | null } {
  let expected: Buffer | null = password ? sha256(password) : null
  let source: string | null = password ? '--password' : null
  if (!expected) {
    const file = join(serverDir, SERVER_FILES.sync)
    if (existsSync(file)) {
      try {
        const hex = JSON.parse(readFileSync(file, 'utf8')).passwordSha256
        if (typeof hex === 'string' && /^[0-9a-f]{64}$/.test(hex)) {
          expected = Buffer.from(hex, 'hex')
          source = 'the deck (remote:)'
        }
      } catch {
        throw new Error(`${file} is not valid JSON: rebuild the deck with npm run build.`)
      }
    }
  }
  if (!expected) return { authorize: null, source: null }
  const digest = expected
  return { authorize: (given: string | undefined) => typeof given === 'string' && given !== '' && timingSafeEqual(sha256(given), digest), source }
}
