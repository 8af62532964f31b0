// Browser tests in the Chromium the export finds (CHROMIUM_PATH, the system's headless shell, Playwright's own, or the
// system's Chrome or Chromium).
// The global setup (tests/e2e/global-setup.ts) builds every test deck once (the table in tests/e2e/decks.ts) and serves
// each with the one static host (server/static.ts); specs start only what they test: Vite's dev server (HMR, editor,
// drawing write-back, the dev relay) and `npm run serve` (the relay, the password, pairing).
import { availableParallelism } from 'node:os'
import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from './scripts/browser'
import { deckHost } from './tests/e2e/decks'

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  // Tests, not files, are shared out: a long file (the reader's) no longer runs alone at the end. Files that share a
  // port or a server between their tests say so (mode 'default' or 'serial').
  fullyParallel: true,
  // One worker per core: each runs one browser (and at times a dev server). One more (tried: 3 on 2 cores) saved
  // 14 s on the viewer and print specs but nothing on the whole suite (7.6 min against 7.8), and a loaded machine
  // turned up timing faults in CI; more only queue for the same cores.
  workers: availableParallelism(),
  // A failure is a finding: a flaky test's wait gets fixed, it is not run again until it passes.
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: deckHost('fixture'),
    viewport: { width: 1280, height: 720 },
    launchOptions: { executablePath: findChromium({ headlessShell: true }), args: CHROMIUM_ARGS },
  },
  projects: [
    // The export in every format (PDF, PNG, PPTX and LibreOffice's reading of it, HTML): one long serial file, listed
    // first so that it starts at once and runs beside the other tests.
    { name: 'formats', testMatch: 'export.spec.ts', use: { browserName: 'chromium' } },
    { name: 'chromium', testIgnore: 'export.spec.ts', use: { browserName: 'chromium' } },
  ],
})
