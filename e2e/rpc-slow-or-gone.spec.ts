/**
 * A chain's RPC gone, then slow, seen in the real modal. The page's Foyer server is one of this file's own (a server
 * process on a scratch Postgres database of the local server, with FOYER_RPC_TIMEOUT_MS short), reading the first
 * devnet chain through the fault proxy (faults/faultProxy.ts); the demo's requests to the stack's server are routed
 * to it (`page.route`, the same requests to another real server). The test wallet reads the chain directly.
 *
 * Promise: while the node refuses, hangs or answers slower than the timeout, the token list shows "Failed to fetch
 * token balance" and the swap view "Something went wrong" within a deadline (nothing spins on), and both answer again
 * once the node is back; a node slower than usual but within the timeout still answers.
 *
 * `npm test` runs the first test (refused, then hanging). The others are tagged `@faults`: `npm run faults` runs
 * them (FOYER_E2E_FAULTS=1, see playwright.config.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readDevnet } from '@foyer/devnet/file'
import type { Locator, Page } from '@playwright/test'
import { createScratchDatabase, type ScratchDatabase } from '../apps/server/src/test/backends.ts'
import { type FaultMode, FaultProxy } from '../faults/faultProxy.ts'
import { en } from '../packages/core/src/locale/en.ts'
import { type ServerProcess, startServerProcess } from '../scripts/load/stack.ts'
import { CHAIN_1, expect, recordSnackbar, test } from './fixtures.ts'

/** The stack's Foyer server, which the demo was built to call. */
const STACK_API = 'http://127.0.0.1:8787'
/** FOYER_RPC_TIMEOUT_MS of this file's server: one JSON-RPC request's limit (viem tries it twice). */
const RPC_TIMEOUT_MS = 1_000
/** The server's answer to a chain read when the node fails: two attempts and viem's 150 ms pause between them. */
const SERVER_DEADLINE_MS = 2 * RPC_TIMEOUT_MS + 150
/** Each answer's way through a server process, HTTP and the routed request, on a shared 2-core machine. */
const ANSWER_MARGIN_MS = 1_000
/** The page showing it. */
const PAGE_MARGIN_MS = 1_000
/** A quote is asked once: 4150 ms. */
const QUOTE_DEADLINE_MS = SERVER_DEADLINE_MS + ANSWER_MARGIN_MS + PAGE_MARGIN_MS
/**
 * The token list's query asks three times when the server answers 5xx (core's query cache: again after 0.5 s, then
 * 1 s) before it shows the failure: 11 950 ms.
 */
const BALANCE_DEADLINE_MS = 3 * (SERVER_DEADLINE_MS + ANSWER_MARGIN_MS) + 500 + 1_000 + PAGE_MARGIN_MS

const FAILED_BALANCE = en['snackbar.failedToFetchTokenBalance']
const SOMETHING_WRONG = en['snackbar.somethingWentWrong']

let work: string
let proxy: FaultProxy
let scratch: ScratchDatabase
let server: ServerProcess

// The waits for the deadlines add up to 5–15 s a test, on top of connecting in a shared machine's browser.
test.describe.configure({ timeout: 60_000 })
test.use({ walletKey: 3 })

test.beforeAll(async () => {
  test.setTimeout(90_000)
  const t0 = Date.now()
  work = mkdtempSync(join(tmpdir(), 'foyer-e2e-rpc-'))
  proxy = await FaultProxy.start(CHAIN_1.rpcUrl)
  // The stack's chains file with the first chain's node behind the proxy.
  const devnet = readDevnet()
  const devnetFile = join(work, 'devnet.json')
  writeFileSync(
    devnetFile,
    JSON.stringify({
      ...devnet,
      chains: devnet.chains.map((c) => (c.id === CHAIN_1.id ? { ...c, rpcUrl: proxy.url } : c)),
    }),
  )
  scratch = await createScratchDatabase()
  server = await startServerProcess({
    // Its chain failures are what the test makes happen, not news.
    LOG_LEVEL: 'silent',
    DATABASE_URL: scratch.url,
    FOYER_DEVNET_FILE: devnetFile,
    FOYER_RPC_TIMEOUT_MS: String(RPC_TIMEOUT_MS),
    FOYER_INDEXER: 'false',
    // Every browser test comes from 127.0.0.1 (as in global-setup.ts).
    FOYER_RATE_LIMIT_PER_CLIENT: '100000',
  })
  console.log(`rpc-slow-or-gone: own server up in ${Date.now() - t0} ms`)
})

test.afterAll(async () => {
  await server?.stop()
  await scratch?.drop()
  await proxy?.stop()
  if (work) rmSync(work, { recursive: true, force: true })
})

test.beforeEach(async ({ page }) => {
  await proxy.set({ kind: 'pass' })
  await page.route(`${STACK_API}/**`, (route) =>
    route.continue({ url: route.request().url().replace(STACK_API, server.url) }),
  )
})

/** Milliseconds `check` took to pass, waiting at most `deadlineMs` (it fails past it). */
async function within(deadlineMs: number, check: (timeout: number) => Promise<void>): Promise<number> {
  const started = Date.now()
  await check(deadlineMs)
  const ms = Date.now() - started
  expect(ms, `answered in ${ms} ms, deadline ${deadlineMs} ms`).toBeLessThanOrEqual(deadlineMs)
  return ms
}

/** Connects the test wallet; answers the modal and the time its token list took to fail with the node in `fault`. */
async function openAccountWith(page: Page, fault: FaultMode) {
  await page.goto('/')
  await page.getByTestId('connect-button').click()
  await page.getByTestId('wallet-selector-dev.foyer.testwallet').click()
  await expect(page.getByTestId('account-button')).toBeVisible()
  const snackbar = await recordSnackbar(page)
  await proxy.set(fault)
  const modal = page.getByTestId('foyer-modal')
  await page.getByTestId('account-button').click()
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'Account')
  const tokens = modal.getByTestId('account-tokens')
  const ms = await within(BALANCE_DEADLINE_MS, (timeout) =>
    expect(modal.getByTestId('account-tokens-error')).toHaveText(new RegExp(FAILED_BALANCE), { timeout }),
  )
  expect(await snackbar()).toContain(FAILED_BALANCE)
  // Nothing left loading.
  await expect(tokens).not.toHaveAttribute('aria-busy', 'true')
  return { modal, ms }
}

/** With the node back: "Try again" brings the token list. */
async function balancesBack(modal: Locator) {
  await proxy.set({ kind: 'pass' })
  await modal.getByTestId('account-tokens-error').getByRole('button', { name: en['modal.retry'] }).click()
  await expect(modal.getByTestId('token-ETH').getByTestId('token-amount')).toContainText('ETH', { timeout: 10_000 })
  await expect(modal.getByTestId('account-tokens-error')).toHaveCount(0)
}

/** Opens Swap (node passing: the view loads its tokens and balances), ETH → fUSD. */
async function openSwap(modal: Locator) {
  await modal.getByTestId('account-swap').click()
  await expect(modal.getByTestId('swap-view')).toBeVisible({ timeout: 10_000 })
  await modal.getByTestId('swap-target-token').click()
  await modal.getByTestId('swap-token-fUSD').click()
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'Swap')
}

/** With the node in `fault`, an amount's quote fails with "Something went wrong"; answers the time it took. */
async function quoteFails(modal: Locator, fault: FaultMode, amount: string) {
  await proxy.set(fault)
  await modal.getByTestId('swap-source-amount').fill(amount)
  const ms = await within(QUOTE_DEADLINE_MS, (timeout) =>
    expect(modal.getByTestId('swap-input-error')).toHaveText(SOMETHING_WRONG, { timeout }),
  )
  // Not still quoting: the button says what is wrong, and the target amount is 0 (no spinner).
  await expect(modal.getByTestId('swap-review')).toHaveText(SOMETHING_WRONG)
  await expect(modal.getByTestId('swap-target-amount')).toHaveText('0')
  return ms
}

/** The quoted target amount, once it is above 0 (waiting at most `timeout`). */
const quoted = (modal: Locator, timeout: number) =>
  expect
    .poll(async () => Number((await modal.getByTestId('swap-target-amount').textContent())?.replace(/,/g, '')), {
      timeout,
    })
    .toBeGreaterThan(0)

/** With the node back, a new amount gets its quote. */
async function quoteBack(modal: Locator, amount: string) {
  await proxy.set({ kind: 'pass' })
  await modal.getByTestId('swap-source-amount').fill(amount)
  await quoted(modal, 10_000)
  await expect(modal.getByTestId('swap-input-error')).toHaveCount(0)
}

/**
 * The token list fails under `balanceFault` and comes back once it is gone; then Swap's quote fails under `quoteFault`
 * and comes back. Answers how long each failure took to show.
 */
async function failAndComeBack(page: Page, balanceFault: FaultMode, quoteFault: FaultMode) {
  const { modal, ms: balanceMs } = await openAccountWith(page, balanceFault)
  await balancesBack(modal)
  await openSwap(modal)
  const quoteMs = await quoteFails(modal, quoteFault, '0.01')
  await quoteBack(modal, '0.02')
  return { balanceMs, quoteMs }
}

test('RPC refused, then hanging: the token list and the quote say so within the deadline, and come back', async ({
  page,
  wallet,
}) => {
  void wallet
  const { balanceMs, quoteMs } = await failAndComeBack(page, { kind: 'refuse' }, { kind: 'blackhole' })
  console.log(
    `rpc-slow-or-gone: refused → token list failed in ${balanceMs} ms (deadline ${BALANCE_DEADLINE_MS}); hanging → quote failed in ${quoteMs} ms (deadline ${QUOTE_DEADLINE_MS})`,
  )
})

test.describe('the longer variants', { tag: '@faults' }, () => {
  test('RPC hanging: both fail within the deadline, then come back', async ({ page, wallet }) => {
    void wallet
    const { balanceMs, quoteMs } = await failAndComeBack(page, { kind: 'blackhole' }, { kind: 'blackhole' })
    console.log(`rpc-slow-or-gone: hanging → token list ${balanceMs} ms, quote ${quoteMs} ms`)
  })

  test('RPC slower than the timeout (5 s a chunk): both fail within the deadline, then come back', async ({
    page,
    wallet,
  }) => {
    void wallet
    const slow: FaultMode = { kind: 'delay', ms: 5_000 }
    const { balanceMs, quoteMs } = await failAndComeBack(page, slow, slow)
    console.log(`rpc-slow-or-gone: 5 s a chunk → token list ${balanceMs} ms, quote ${quoteMs} ms`)
  })

  test('RPC slow but within the timeout (0.3 s a chunk): the token list and the quote answer', async ({
    page,
    wallet,
  }) => {
    void wallet
    await page.goto('/')
    await page.getByTestId('connect-button').click()
    await page.getByTestId('wallet-selector-dev.foyer.testwallet').click()
    await expect(page.getByTestId('account-button')).toBeVisible()
    const snackbar = await recordSnackbar(page)
    await proxy.set({ kind: 'delay', ms: 300 })
    await page.getByTestId('account-button').click()
    const modal = page.getByTestId('foyer-modal')
    const balanceMs = await within(BALANCE_DEADLINE_MS, (timeout) =>
      expect(modal.getByTestId('token-ETH').getByTestId('token-amount')).toContainText('ETH', { timeout }),
    )
    await openSwap(modal)
    await modal.getByTestId('swap-source-amount').fill('0.01')
    const quoteMs = await within(QUOTE_DEADLINE_MS, (timeout) => quoted(modal, timeout))
    await expect(modal.getByTestId('swap-input-error')).toHaveCount(0)
    expect(await snackbar()).not.toContain(FAILED_BALANCE)
    console.log(`rpc-slow-or-gone: 0.3 s a chunk → token list ${balanceMs} ms, quote ${quoteMs} ms`)
  })
})
