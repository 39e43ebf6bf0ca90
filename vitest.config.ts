import { defaultClientConditions } from 'vite'
import { defineConfig } from 'vitest/config'

/**
 * Workspaces whose tests run without isolation: each worker process imports a module once and keeps it for every
 * file it runs, instead of starting afresh per file (about a fifth of the unit tests' CPU time). Their tests build
 * what they use (a server, a database, a chain) and leave no global behind: no module mocks, no stubbed globals, no
 * environment left set. The rest (the React views and the frame on jsdom, files that mock modules, stub globals or
 * rely on a module loading for the first time, as the modal's lazy chunks do) get a fresh process per file.
 */
const SHARED = ['apps/server', 'packages/testing', 'scripts']

// One run for every workspace's unit tests (files next to the code). Browser journeys live in e2e/ (Playwright).
export default defineConfig({
  // Foyer's packages from their source (package.json `@foyer/source`); the built output has its own tests.
  resolve: { conditions: ['@foyer/source', ...defaultClientConditions] },
  // Not Vite's server default (it adds `module`): under `module` the WalletConnect SDK in Node never settles a session.
  ssr: {
    resolve: { conditions: ['@foyer/source', 'node', 'development|production'], externalConditions: ['@foyer/source'] },
  },
  test: {
    environment: 'node',
    // Room for a crowded 2-core machine (beside Playwright, chains and servers): these only bound how long a broken
    // test hangs; speed is measured by `npm run bench`.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two files at a time (vitest's default on two cores is one): much of a file's time is waiting on a chain, a
    // server or a database. Files never share a port, a database or a Redis key prefix.
    maxWorkers: 2,
    reporters: process.env.FOYER_VITEST_JSON
      ? ['default', ['json', { outputFile: process.env.FOYER_VITEST_JSON }]]
      : ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ['packages/*/src/**/*.test.{ts,tsx}', 'apps/*/src/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', ...SHARED.map((dir) => `${dir}/**`)],
          // Type tests (`*.test-d.ts`, expectTypeOf and @ts-expect-error) run with the unit tests and fail them.
          typecheck: {
            enabled: true,
            include: ['packages/*/src/**/*.test-d.ts', 'apps/*/src/**/*.test-d.ts'],
            tsconfig: './tsconfig.json',
          },
        },
      },
      {
        extends: true,
        test: {
          name: 'shared',
          include: [
            'apps/server/test/**/*.test.ts',
            'scripts/**/*.test.ts',
            ...SHARED.map((dir) => `${dir}/src/**/*.test.ts`),
          ],
          isolate: false,
        },
      },
    ],
  },
})
