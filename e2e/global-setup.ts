/**
 * Playwright global setup. Placeholder until the devnet stack lands: when apps/devnet/src/stack.ts exists it
 * starts the local stack with `startStack({ demo: 'preview' })` and stops it afterwards; otherwise it starts
 * nothing, so specs that bring their own chain (e2e/test-wallet.spec.ts) run standalone.
 * Set FOYER_E2E_NO_STACK=1 to skip the stack.
 */
import { existsSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'

const stackPath = fileURLToPath(new URL('../apps/devnet/src/stack.ts', import.meta.url))

export default async function globalSetup(): Promise<void | (() => Promise<void>)> {
  if (process.env.FOYER_E2E_NO_STACK === '1' || !existsSync(stackPath)) return
  const mod = (await import(pathToFileURL(stackPath).href)) as {
    startStack?: (options: { demo: 'preview' }) => Promise<unknown>
  }
  if (typeof mod.startStack !== 'function') return
  const stack = (await mod.startStack({ demo: 'preview' })) as
    | (() => Promise<void>)
    | { stop?: () => Promise<void>; close?: () => Promise<void> }
    | undefined
  if (typeof stack === 'function') return stack
  const stop = stack?.stop ?? stack?.close
  if (typeof stop === 'function') return () => stop.call(stack)
}
