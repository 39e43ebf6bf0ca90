import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_ARGS, ensureChromium } from './scripts/find-chromium.mjs'

/** Where the JSON report goes; scripts/test.mjs reads it to count. */
export const PLAYWRIGHT_JSON_REPORT = process.env.FOYER_PLAYWRIGHT_JSON ?? '.foyer/reports/playwright.json'

// The stack and the specs load Foyer's packages from their source (package.json `@foyer/source`), like vitest and
// the dev server. Node reads the condition at start, so it has to be set before Playwright starts.
if (!process.env.NODE_OPTIONS?.includes('--conditions=@foyer/source'))
  throw new Error('playwright: start it through `npm run test:e2e` (it sets NODE_OPTIONS=--conditions=@foyer/source)')

// Debian's Chromium (never a Playwright-downloaded build). Throws one clear line when it cannot be found.
const executablePath = ensureChromium()

export default defineConfig({
  testDir: 'e2e',
  // Tests tagged @faults are the fault suite's longer browser variants: `npm run faults` runs them
  // (FOYER_E2E_FAULTS=1 with --grep @faults); `npm test` and a plain `playwright test` leave them out.
  grepInvert: process.env.FOYER_E2E_FAULTS === '1' ? undefined : /@faults/,
  outputDir: '.foyer/test-results',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1, // 2-core machine: the browser, the chains and the servers share it
  retries: 0,
  forbidOnly: !!process.env.CI,
  // Room for a crowded 2-core machine (Playwright beside the unit tests, the chains and the servers): a step that
  // passes takes what it takes; these only bound how long a broken one hangs. Speed is measured by `npm run bench`.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: PLAYWRIGHT_JSON_REPORT }]],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: 'http://127.0.0.1:5173',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium' }],
})
