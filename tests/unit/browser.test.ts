// Finding the browser on Linux, macOS and Windows: the order of the places tried, with the file system and the
// environment stubbed, and the one-line message when nothing is there.
import { describe, expect, it } from 'vitest'
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BrowserNotFoundError, findChromium, systemBrowsers, type FindOptions } from '../../scripts/browser'

const PLAYWRIGHT = '/home/me/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome'

/** The finder with only `present` executable; `tried` records every path it looked at, in order. */
function find(present: string[], options: FindOptions = {}) {
  const tried: string[] = []
  const found = findChromium({
    env: {},
    platform: 'linux',
    playwrightPath: () => PLAYWRIGHT,
    ...options,
    isExecutable: (path) => {
      tried.push(path)
      return present.includes(path)
    },
  })
  return { found, tried }
}

const message = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(BrowserNotFoundError)
    return (error as Error).message
  }
  throw new Error('no error')
}

describe('finding the browser', () => {
  it('--executable-path first, then CHROMIUM_PATH, then Playwright\'s own, then the system\'s', () => {
    const all = ['/flag/chrome', '/env/chrome', PLAYWRIGHT, '/usr/bin/chromium']
    expect(find(all, { executablePath: '/flag/chrome', env: { CHROMIUM_PATH: '/env/chrome' } }).found).toBe('/flag/chrome')
    expect(find(all, { env: { CHROMIUM_PATH: '/env/chrome' } }).found).toBe('/env/chrome')
    expect(find(all).found).toBe(PLAYWRIGHT)
    expect(find(['/usr/bin/chromium', '/usr/bin/google-chrome'])).toEqual({ found: '/usr/bin/chromium', tried: [PLAYWRIGHT, '/usr/bin/chromium'] })
    expect(find(['/usr/bin/google-chrome-stable']).found).toBe('/usr/bin/google-chrome-stable')
  })

  it('for headless work, the system\'s headless shell first when it is installed; a named browser still wins', () => {
    const all = ['/usr/bin/chromium-headless-shell', PLAYWRIGHT, '/usr/bin/chromium']
    expect(find(all, { headlessShell: true }).found).toBe('/usr/bin/chromium-headless-shell')
    expect(find(all).found).toBe(PLAYWRIGHT)
    expect(find([PLAYWRIGHT, '/usr/bin/chromium'], { headlessShell: true })).toEqual({ found: PLAYWRIGHT, tried: ['/usr/bin/chromium-headless-shell', PLAYWRIGHT] })
    expect(find(all, { headlessShell: true, env: { CHROMIUM_PATH: '/usr/bin/chromium' } }).found).toBe('/usr/bin/chromium')
    // Elsewhere no package puts one in a known place.
    expect(find(['/usr/bin/chromium-headless-shell', PLAYWRIGHT], { headlessShell: true, platform: 'darwin' })).toEqual({ found: PLAYWRIGHT, tried: [PLAYWRIGHT] })
  })

  it('a path the user named that is no browser is an error, never passed over', () => {
    expect(message(() => find([PLAYWRIGHT], { executablePath: '/flag/chrome' }))).toMatch(/^No browser at --executable-path \/flag\/chrome \(no executable file there\)/)
    expect(message(() => find([PLAYWRIGHT], { env: { CHROMIUM_PATH: '/env/chrome' } }))).toMatch(/^No browser at CHROMIUM_PATH=\/env\/chrome/)
  })

  it('macOS: Chrome, then Chromium, in /Applications and the user\'s own', () => {
    const env = { HOME: '/Users/me' }
    expect(systemBrowsers('darwin', env)).toEqual([
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
      '/Applications/Chromium.app/Contents/MacOS/Chromium',
      '/Users/me/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
      '/Users/me/Applications/Chromium.app/Contents/MacOS/Chromium',
    ])
    expect(find(['/Applications/Chromium.app/Contents/MacOS/Chromium'], { platform: 'darwin', env, playwrightPath: () => undefined }).found).toBe('/Applications/Chromium.app/Contents/MacOS/Chromium')
  })

  it('Windows: Chrome under Program Files, Program Files (x86), the user\'s AppData, then Edge', () => {
    const env = { PROGRAMFILES: 'C:\\Program Files', 'PROGRAMFILES(X86)': 'C:\\Program Files (x86)', LOCALAPPDATA: 'C:\\Users\\me\\AppData\\Local' }
    const places = systemBrowsers('win32', env)
    expect(places.slice(0, 3)).toEqual([
      'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
      'C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe',
      'C:\\Users\\me\\AppData\\Local\\Google\\Chrome\\Application\\chrome.exe',
    ])
    expect(places[3]).toBe('C:\\Program Files\\Microsoft\\Edge\\Application\\msedge.exe')
    const chrome = 'C:\\Users\\me\\AppData\\Local\\Google\\Chrome\\Application\\chrome.exe'
    expect(find([chrome, places[3]!], { platform: 'win32', env }).found).toBe(chrome)
  })

  it('none found: one line naming every place tried and how to get a browser on that system', () => {
    const linux = message(() => find([]))
    expect(linux.split('\n')).toHaveLength(1)
    expect(linux).toBe(
      `No Chrome or Chromium found (tried ${PLAYWRIGHT}, ${systemBrowsers('linux', {}).join(', ')}): install one (apt-get install chromium, or npx playwright install chromium) or name it (--executable-path, CHROMIUM_PATH).`,
    )
    const mac = message(() => find([], { platform: 'darwin', playwrightPath: () => undefined }))
    expect(mac).toMatch(/^No Chrome or Chromium found \(tried \/Applications\/Google Chrome\.app.*\): install Google Chrome or run npx playwright install chromium/)
  })

  it('on the real file system: an executable file is found, a folder or a plain file is not', () => {
    const dir = mkdtempSync(join(tmpdir(), 'browser-find-'))
    const chrome = join(dir, 'chrome')
    writeFileSync(chrome, '#!/bin/sh\n')
    writeFileSync(join(dir, 'plain'), '')
    chmodSync(chrome, 0o755)
    expect(findChromium({ env: { CHROMIUM_PATH: chrome } })).toBe(chrome)
    expect(message(() => findChromium({ env: { CHROMIUM_PATH: dir } }))).toContain('no executable file there')
    expect(message(() => findChromium({ env: {}, executablePath: join(dir, 'plain') }))).toContain('no executable file there')
  })
})
