/**
 * Playwright global setup: starts the local stack (`startStack({ demo: 'preview', bundler: true, solana: true })`,
 * the demo built as for production, with the ERC-4337 bundler and the Solana stand-in) and stops it afterwards. The server gets a fresh data folder for each run, so what one run leaves
 * behind (rate limits per email and per address, sessions, indexed history) never decides the next run; the
 * developer's own `.foyer/data` (what `npm start` uses) is not touched. Set FOYER_E2E_NO_STACK=1 to skip the stack
 * (specs that bring their own chain, such as e2e/test-wallet.spec.ts, still run).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startStack } from '../apps/devnet/src/stack.ts'
import { HOSTILE_PROJECT } from './hostile-project.ts'
import { NO_SWAPS_PROJECT } from './no-swaps-project.ts'

export default async function globalSetup(): Promise<void | (() => Promise<void>)> {
  if (process.env.FOYER_E2E_NO_STACK === '1') return
  const dataDir = mkdtempSync(join(tmpdir(), 'foyer-e2e-data-'))
  const stack = await startStack({
    demo: 'preview',
    // The ERC-4337 bundler, so the embedded wallet's smart account runs as it does under `npm start`.
    bundler: true,
    // The Solana JSON-RPC stand-in, for the demo's `?solana=1` journeys.
    solana: true,
    env: {
      FOYER_DATA_DIR: dataDir,
      // Every browser test comes from 127.0.0.1: one client address for the whole run, so its limits are raised.
      FOYER_RATE_LIMIT_PER_CLIENT: '100000',
      FOYER_EMAIL_SENDS_PER_CLIENT_PER_HOUR: '100000',
      // A hostile site that really is allowed to frame the wallet (e2e/embedded-wallet.spec.ts lies about its origin),
      // and a project with swaps off on the demo's origin (e2e/project-settings.spec.ts).
      FOYER_PROJECTS: JSON.stringify([
        { id: HOSTILE_PROJECT.id, allowedOrigins: [HOSTILE_PROJECT.origin] },
        NO_SWAPS_PROJECT,
      ]),
    },
  })
  return async () => {
    await stack.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
