/**
 * The example sites as a developer outside this repository has them: installed from the packed tarballs in a
 * folder outside the repository and built (scripts/examples.mjs), then served the way their README says.
 */
import { join } from 'node:path'
import { expect, type Page } from '@playwright/test'
import { type RunningChild, startChild } from '../apps/devnet/src/children.ts'
import { EXAMPLE_PORTS } from '../apps/devnet/src/examplesProject.ts'
import { assertPortFree } from '../apps/devnet/src/ports.ts'
import { prepareExample } from '../scripts/examples.mjs'

export { EXAMPLE_PORTS }

export type ExampleName = 'vite-react18' | 'nextjs' | 'vite-multichain'

/** The port each example page is served on: one per example, and a second for the multichain one's Solana-only page. */
function examplePort(name: ExampleName, mode?: 'solana'): number {
  if (name === 'nextjs') return EXAMPLE_PORTS.nextjs
  if (name === 'vite-multichain')
    return mode === 'solana' ? EXAMPLE_PORTS.viteMultichainSolana : EXAMPLE_PORTS.viteMultichain
  return EXAMPLE_PORTS.viteReact18
}

/**
 * Installs, builds and serves one example; the spec stops it in afterAll. `folder` serves an example already
 * prepared (another page of it, without a second install and build); `mode` picks that page (`vite preview --mode`).
 */
export async function serveExample(
  name: ExampleName,
  options: { folder?: string; mode?: 'solana' } = {},
): Promise<{ url: string; folder: string; server: RunningChild }> {
  const folder: string = options.folder ?? prepareExample(name)
  const port = examplePort(name, options.mode)
  // The Solana-only page is solana.html (its build has no index.html).
  const url = `http://127.0.0.1:${port}${options.mode === 'solana' ? '/solana.html' : ''}`
  // Something already answering there (a leftover `next start`) would be tested instead of this build.
  await assertPortFree('127.0.0.1', port, `the ${name} example`, 'its port')
  const bin = (pkg: string, file: string) => join(folder, 'node_modules', pkg, file)
  const [command, args] =
    name === 'nextjs'
      ? [process.execPath, [bin('next', 'dist/bin/next'), 'start', '--hostname', '127.0.0.1', '--port', String(port)]]
      : [process.execPath, [bin('vite', 'bin/vite.js'), 'preview', ...(options.mode ? ['--mode', options.mode] : [])]]
  const server = await startChild({
    name: `example ${name}`,
    command,
    args,
    cwd: folder,
    // The site's own Node, as its developer runs it: no `@foyer/source` condition.
    env: { ...process.env, NODE_OPTIONS: '', NEXT_TELEMETRY_DISABLED: '1' },
    ready: { url },
    echo: false,
    timeoutMs: 60_000,
  })
  return { url, folder, server }
}

/**
 * What a person does on an example site: open the page, connect the EIP-6963 test wallet, see Account with its
 * address and balance, disconnect. Any console error or warning (a hydration mismatch, say), uncaught error or
 * 4xx/5xx answer on the way fails it.
 */
export async function connectSeeAccountDisconnect(page: Page, url: string, address: string): Promise<void> {
  const problems: string[] = []
  page.on(
    'console',
    (m) => (m.type() === 'error' || m.type() === 'warning') && problems.push(`${m.text()} (${m.location().url})`),
  )
  page.on('pageerror', (e) => problems.push(e.message))
  page.on('response', (r) => r.status() >= 400 && problems.push(`${r.status()} ${r.request().method()} ${r.url()}`))

  await page.goto(url)
  await page.getByTestId('connect-button').click()
  const modal = page.getByTestId('foyer-modal')
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'Connect')
  await modal.getByTestId('wallet-selector-dev.foyer.testwallet').click()
  await expect(modal).toBeHidden()

  await page.getByTestId('account-button').click()
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'Account')
  await expect(modal).toContainText(address.slice(0, 6))
  await expect(modal.getByTestId('account-balance')).toContainText(/\d/)

  await modal.getByTestId('disconnect-button').click()
  await expect(modal).toBeHidden()
  await expect(page.getByTestId('connect-button')).toBeVisible()
  expect(problems).toEqual([])
}
