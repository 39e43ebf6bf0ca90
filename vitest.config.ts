import { defineConfig } from 'vitest/config'

// One run for every workspace's unit tests (files next to the code). Browser journeys live in e2e/ (Playwright).
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.{ts,tsx}', 'apps/*/src/**/*.test.{ts,tsx}', 'apps/*/test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    reporters: process.env.FOYER_VITEST_JSON ? ['default', ['json', { outputFile: process.env.FOYER_VITEST_JSON }]] : ['default'],
  },
})
