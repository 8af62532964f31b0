// Finds the Chromium that the export, the benches, check-slides and the browser tests drive, on Linux, macOS and
// Windows, and holds the flags they all launch it with.
// Usage: tsx scripts/browser.ts [--executable-path /path/to/chrome]   (prints the path; exit 1 with the reason when none)
import { accessSync, constants, statSync } from 'node:fs'
import { win32 } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser } from 'playwright-core'

/** The flags every run of ours launches Chromium with (quiet, no network of its own, no sandbox in containers). */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage']

/**
 * For runs that must not reach the network (exports, benches): every host name but loopback resolves to nothing at
 * once; text drawn without hinting, so glyph positions in PDF and pictures do not depend on the machine.
 */
export const OFFLINE_ARGS = ['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1', '--font-render-hinting=none']

/** Launches `executablePath` with our flags, offline. */
export function launchOffline(executablePath: string): Promise<Browser> {
  return chromium.launch({ executablePath, args: [...CHROMIUM_ARGS, ...OFFLINE_ARGS] })
}

/**
 * An init script for every page our scripts drive: tsx (esbuild) wraps named functions in `__name()`, and functions
 * sent to a page (evaluate, waitForFunction, addInitScript) carry those calls there.
 */
export const PAGE_FUNCTIONS_SHIM = 'globalThis.__name = (fn) => fn'

type Env = Record<string, string | undefined>

/** Where Chrome and Chromium install themselves on each system, in the order tried. */
export function systemBrowsers(platform: NodeJS.Platform, env: Env): string[] {
  if (platform === 'darwin') {
    const apps = ['Google Chrome.app/Contents/MacOS/Google Chrome', 'Chromium.app/Contents/MacOS/Chromium']
    return [...apps.map((app) => `/Applications/${app}`), ...(env.HOME ? apps.map((app) => `${env.HOME}/Applications/${app}`) : [])]
  }
  if (platform === 'win32') {
    const roots = [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA].filter((root): root is string => Boolean(root))
    // Edge is Chromium too: the last resort on a Windows machine without Chrome.
    const chrome = roots.map((root) => win32.join(root, 'Google', 'Chrome', 'Application', 'chrome.exe'))
    const edge = roots.map((root) => win32.join(root, 'Microsoft', 'Edge', 'Application', 'msedge.exe'))
    return [...chrome, ...edge]
  }
  return ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/lib/chromium/chromium', '/snap/bin/chromium', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable']
}

/**
 * Chromium's headless shell where a system package installs it (Debian's and Ubuntu's `chromium-headless-shell`): the
 * same Blink without the browser around it, taking about half the CPU per page of the full browser run headless.
 */
export function headlessShells(platform: NodeJS.Platform): string[] {
  return platform === 'linux' ? ['/usr/bin/chromium-headless-shell'] : []
}

/** How to get a browser, in the words of the system at hand. */
export function installHint(platform: NodeJS.Platform): string {
  const own = 'npx playwright install chromium'
  if (platform === 'linux') return `install one (apt-get install chromium, or ${own}) or name it (--executable-path, CHROMIUM_PATH)`
  return `install Google Chrome or run ${own}, or name a browser (--executable-path, CHROMIUM_PATH)`
}

export class BrowserNotFoundError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'BrowserNotFoundError'
  }
}

/** Whether a path is an executable file (on Windows, any file: there is no execute bit). */
function isExecutableFile(path: string, platform: NodeJS.Platform = process.platform): boolean {
  try {
    if (!statSync(path).isFile()) return false
    if (platform !== 'win32') accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/** Where `npx playwright install chromium` puts its browser (undefined when Playwright cannot say). */
function playwrightBrowser(): string | undefined {
  try {
    return chromium.executablePath() || undefined
  } catch {
    return undefined
  }
}

export interface FindOptions {
  /** The `--executable-path` flag. */
  executablePath?: string
  env?: Env
  platform?: NodeJS.Platform
  /** Stand-ins for tests: whether a file can be launched, and where Playwright's own browser would be. */
  isExecutable?: (path: string) => boolean
  playwrightPath?: () => string | undefined
  /**
   * For work no one watches (exports, the browser tests): a headless shell, when one is installed, before any full
   * browser. Never for what measures a person's browser (the benches).
   */
  headlessShell?: boolean
}

/**
 * The browser to launch: `--executable-path`, then `CHROMIUM_PATH`, then (with `headlessShell`) the system's headless
 * shell, then Playwright's own installed Chromium, then the system's Chrome or Chromium. A path the user named that is not an executable is an error, never skipped; when
 * nothing is found, one line says everything tried and how to install a browser.
 */
export function findChromium(options: FindOptions = {}): string {
  const env = options.env ?? process.env
  const platform = options.platform ?? process.platform
  const isExecutable = options.isExecutable ?? ((path: string) => isExecutableFile(path, platform))
  const hint = installHint(platform)
  for (const [value, name] of [
    [options.executablePath, `--executable-path ${options.executablePath}`],
    [env.CHROMIUM_PATH, `CHROMIUM_PATH=${env.CHROMIUM_PATH}`],
  ] as const) {
    if (!value) continue
    if (isExecutable(value)) return value
    throw new BrowserNotFoundError(`No browser at ${name} (no executable file there): ${hint}.`)
  }
  const playwright = (options.playwrightPath ?? playwrightBrowser)()
  const tried = [...(options.headlessShell ? headlessShells(platform) : []), ...(playwright ? [playwright] : []), ...systemBrowsers(platform, env)]
  const found = tried.find(isExecutable)
  if (found) return found
  throw new BrowserNotFoundError(`No Chrome or Chromium found (tried ${tried.join(', ')}): ${hint}.`)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const i = process.argv.indexOf('--executable-path')
  try {
    console.log(findChromium({ executablePath: i > 0 ? process.argv[i + 1] : undefined }))
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error))
    process.exitCode = 1
  }
}
