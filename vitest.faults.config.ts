import { defaultClientConditions } from 'vite'
import { defineConfig } from 'vitest/config'

// `npm run faults`: the fault suite (faults/). A production-shaped stack on loopback is broken on purpose while
// visitors' flows run; each file brings up what it breaks. One file at a time: they own processes and ports.
export default defineConfig({
  resolve: { conditions: ['@foyer/source', ...defaultClientConditions] },
  ssr: {
    resolve: { conditions: ['@foyer/source', 'node', 'development|production'], externalConditions: ['@foyer/source'] },
  },
  test: {
    include: ['faults/**/*.faults.test.ts'],
    environment: 'node',
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
  },
})
