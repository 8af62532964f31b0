// Finds the Chromium the export and browser tests drive (Debian's, no download), or says how to install one.
// Usage: tsx scripts/ensure-browser.ts [--executable-path /path/to/chromium]   (prints the path, exit 1 when none)
import { accessSync, constants, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** Where Debian, Ubuntu and the usual packages put Chromium, in the order tried. */
export const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/lib/chromium/chromium', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable']

export const INSTALL_HINT = [
  'Install Debian\'s Chromium:   apt-get install -y chromium',
  '(PDF text checks also use:     apt-get install -y fonts-noto-cjk poppler-utils)',
  'or name another Chromium:     CHROMIUM_PATH=/path/to/chromium npm run export',
  '                              npm run export -- --executable-path /path/to/chromium',
].join('\n')

export class BrowserNotFoundError extends Error {
  constructor(message: string) {
    super(`${message}\n${INSTALL_HINT}`)
    this.name = 'BrowserNotFoundError'
  }
}

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/**
 * The Chromium to launch: `executablePath` (the --executable-path flag), else `CHROMIUM_PATH`, else the first
 * of CANDIDATES that exists. A path the user named that is not an executable is an error, never skipped.
 */
export function findChromium(options: { executablePath?: string; env?: Record<string, string | undefined>; candidates?: string[] } = {}): string {
  const env = options.env ?? process.env
  if (options.executablePath) {
    if (isExecutableFile(options.executablePath)) return options.executablePath
    throw new BrowserNotFoundError(`Chromium not found at --executable-path ${options.executablePath} (no executable file there).`)
  }
  if (env.CHROMIUM_PATH) {
    if (isExecutableFile(env.CHROMIUM_PATH)) return env.CHROMIUM_PATH
    throw new BrowserNotFoundError(`Chromium not found at CHROMIUM_PATH=${env.CHROMIUM_PATH} (no executable file there).`)
  }
  const candidates = options.candidates ?? CANDIDATES
  const found = candidates.find(isExecutableFile)
  if (found) return found
  throw new BrowserNotFoundError(`No Chromium found (looked for ${candidates.join(', ')}).`)
}

/** The flags every run of ours launches Chromium with (quiet, no network of its own, no sandbox in containers). */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage']

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const i = process.argv.indexOf('--executable-path')
  try {
    console.log(findChromium({ executablePath: i > 0 ? process.argv[i + 1] : undefined }))
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error))
    process.exitCode = 1
  }
}
