// Browser tests in the Chromium the export finds (CHROMIUM_PATH, Playwright's own, or the system's Chrome or
// Chromium): a built fixture deck served by `vite preview`, and the dev server for HMR and editor tests.
import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from './scripts/browser'

// E2E_PORT and E2E_DIR let several people run the browser tests at once on one machine.
const port = Number(process.env.E2E_PORT || 4180)
const dir = process.env.E2E_DIR || '.e2e'

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1280, height: 720 },
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    {
      // The fixture deck, built once, served like any static host would.
      command: `npx vite preview --outDir ${dir}/fixture-dist --port ${port + 0} --strictPort --host 127.0.0.1`,
      url: `http://127.0.0.1:${port + 0}/1`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      // The real deck, built once.
      command: `npx vite preview --outDir ${dir}/deck-dist --port ${port + 1} --strictPort --host 127.0.0.1`,
      url: `http://127.0.0.1:${port + 1}/1`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      command: `npx vite preview --outDir ${dir}/rich-dist --port ${port + 2} --strictPort --host 127.0.0.1`,
      url: `http://127.0.0.1:${port + 2}/1`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
  ],
})
