/**
 * examples/vite-multichain: a site with EVM (wagmi) and Solana wallets in one modal, and its Solana-only page (no
 * wagmi, no viem), both installed from the packed tarballs. On the site a wallet of both families connects and shows
 * Account on an EVM network and on the local Solana chain; on the Solana-only page the modal lists the Solana test
 * wallet, which connects and shows its SOL.
 */
import { installSolanaTestWallet } from '@foyer/testing/solana'
import type { Page } from '@playwright/test'
import type { RunningChild } from '../apps/devnet/src/children.ts'
import { SOLANA_STAND_IN_GENESIS_HASH } from '../apps/devnet/src/solana/standInGenesis.ts'
import { serveExample } from './examples.ts'
import { accountSettled, expect, test } from './fixtures.ts'

test.use({ walletKey: 8 })

const SOLANA_CHAINS = [{ chain: 'solana:localnet' as const, rpcUrl: 'http://127.0.0.1:8899' }]
const SOLANA_NETWORK_ID = `solana:${SOLANA_STAND_IN_GENESIS_HASH.slice(0, 32)}`

let site: { url: string; server: RunningChild }
let solanaOnly: { url: string; server: RunningChild }
test.beforeAll(async () => {
  test.setTimeout(300_000) // the first install of the example downloads React, Vite and wagmi
  const both = await serveExample('vite-multichain')
  site = both
  solanaOnly = await serveExample('vite-multichain', { folder: both.folder, mode: 'solana' })
})
test.afterAll(async () => {
  await site?.server.stop()
  await solanaOnly?.server.stop()
})

/** Console errors and warnings, uncaught errors and 4xx/5xx answers on the page, for a test to expect none. */
function watchProblems(page: Page): string[] {
  const problems: string[] = []
  page.on(
    'console',
    (m) => (m.type() === 'error' || m.type() === 'warning') && problems.push(`${m.text()} (${m.location().url})`),
  )
  page.on('pageerror', (e) => problems.push(e.message))
  page.on('response', (r) => r.status() >= 400 && problems.push(`${r.status()} ${r.request().method()} ${r.url()}`))
  return problems
}

const short = (address: string, head: number) => `${address.slice(0, head)}…${address.slice(-4)}`

test('a wallet of both families connects and shows Account on EVM and on Solana', async ({ page, context, wallet }) => {
  const solana = await installSolanaTestWallet(context, { devKeyIndex: 7, chains: SOLANA_CHAINS })
  const problems = watchProblems(page)
  await page.goto(site.url)
  await page.getByTestId('connect-button').click()
  const modal = page.getByTestId('foyer-modal')
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'Connect')
  // One row for the wallet, whichever families it speaks.
  await expect(modal.getByRole('button', { name: /Foyer Test Wallet/ })).toHaveCount(1)
  await modal.getByTestId('wallet-selector-dev.foyer.testwallet').click()
  await expect(modal).toBeHidden()

  // EVM first: the site's first network is an EVM one.
  await page.getByTestId('account-button').click()
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'Account')
  await expect(modal.getByTestId('account-name')).toHaveText(short(wallet.address, 6))
  await expect(modal.getByTestId('account-balance')).toHaveText(/\d ETH$/)

  // The local Solana chain: the same wallet connects there, and Account shows its Solana account and SOL.
  await accountSettled(modal)
  await modal.getByTestId('account-network').click()
  await modal.getByTestId(`network-${SOLANA_NETWORK_ID}`).click()
  await expect(modal.getByTestId('account-name')).toHaveText(short(solana.address, 4))
  await expect(modal.getByTestId('account-balance')).toHaveText(/\d SOL$/)
  await expect(modal.getByTestId('account-network')).toContainText('Solana Local')

  await modal.getByTestId('disconnect-button').click()
  await expect(modal).toBeHidden()
  await expect(page.getByTestId('connect-button')).toBeVisible()
  expect(problems).toEqual([])
})

test('the Solana-only page lists the Solana test wallet, which connects and shows its SOL', async ({
  page,
  context,
  outbound,
}) => {
  void outbound
  const solana = await installSolanaTestWallet(context, { devKeyIndex: 7, chains: SOLANA_CHAINS })
  const problems = watchProblems(page)
  await page.goto(solanaOnly.url)
  await page.getByTestId('connect-button').click()
  const modal = page.getByTestId('foyer-modal')
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'Connect')
  await modal.getByTestId('wallet-selector-solana:Foyer Test Wallet').click()
  await expect(modal).toBeHidden()

  await page.getByTestId('account-button').click()
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'Account')
  await expect(modal.getByTestId('account-name')).toHaveText(short(solana.address, 4))
  await expect(modal.getByTestId('account-balance')).toHaveText(/\d SOL$/)
  await modal.getByTestId('disconnect-button').click()
  await expect(page.getByTestId('connect-button')).toBeVisible()
  expect(problems).toEqual([])
})
