/**
 * Solana in the modal, on the demo with `?solana=1` (the local Solana stand-in beside the EVM chains): a Wallet
 * Standard wallet connects, Account shows its SOL and fUSD, Send moves SOL and Activity lists it; a wallet of both
 * families shows once, connects on each and follows the network the person picks.
 */
import { installSolanaTestWallet, SOLANA_DEV_ACCOUNTS } from '@foyer/testing/solana'
import type { Locator, Page } from '@playwright/test'
import { address, createSolanaRpc } from '@solana/kit'
import { SOLANA_STAND_IN_GENESIS_HASH } from '../apps/devnet/src/solana/standInGenesis.ts'
import { accountSettled, expect, test } from './fixtures.ts'

const SOLANA_RPC_URL = 'http://127.0.0.1:8899'
const SOLANA_NETWORK_ID = `solana:${SOLANA_STAND_IN_GENESIS_HASH.slice(0, 32)}`
const SOLANA_CHAINS = [{ chain: 'solana:localnet' as const, rpcUrl: SOLANA_RPC_URL }]
const rpc = createSolanaRpc(SOLANA_RPC_URL)
const lamports = async (account: string) => (await rpc.getBalance(address(account)).send()).value

async function openAccount(page: Page): Promise<Locator> {
  await page.getByTestId('account-button').click()
  const modal = page.getByTestId('foyer-modal')
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'Account')
  return modal
}

test('a Solana wallet connects, sees SOL and fUSD, sends SOL and finds it in Activity', async ({ page, context }) => {
  const wallet = await installSolanaTestWallet(context, { devKeyIndex: 3, chains: SOLANA_CHAINS })
  const receiver = SOLANA_DEV_ACCOUNTS[4]!
  const receiverBefore = await lamports(receiver)

  await page.goto('/?solana=1')
  await page.getByTestId('connect-button').click()
  const modal = page.getByTestId('foyer-modal')
  await modal.getByTestId('wallet-selector-solana:Foyer Test Wallet').click()
  await expect(modal).toBeHidden()

  await openAccount(page)
  await expect(modal.getByTestId('account-name')).toHaveText(
    `${wallet.address.slice(0, 4)}…${wallet.address.slice(-4)}`,
  )
  await expect(modal.getByTestId('account-balance')).toHaveText(/^[\d,.]+ SOL$/)
  await expect(modal.getByTestId('token-SOL')).toBeVisible()
  await expect(modal.getByTestId('token-fUSD')).toContainText('10,000')
  await expect(modal.getByTestId('account-network')).toContainText('Solana Local')
  // Swap and Buy are EVM-only, and the account says so.
  await expect(modal.getByTestId('account-swap')).toHaveCount(0)
  await expect(modal.getByTestId('account-evm-only')).toHaveText('Swap and Buy are available on EVM networks only.')
  // Account names are EVM addresses: no name to register here.
  await expect(modal.getByTestId('account-activity')).toBeVisible()
  await expect(modal.getByTestId('choose-name')).toHaveCount(0)

  await modal.getByTestId('account-send').click()
  await expect(modal.getByTestId('send-token')).toHaveText('SOL')
  await modal.getByTestId('send-amount').fill('1.5')
  // Without a receiver, Solana's own words, on the button that stays disabled.
  await expect(modal.getByTestId('send-review')).toHaveText('Please enter a valid amount and receiver address')
  await expect(modal.getByTestId('send-review')).toBeDisabled()
  await modal.getByTestId('send-receiver').fill('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
  await expect(modal.getByTestId('send-input-error')).toHaveText('Invalid address')
  await modal.getByTestId('send-receiver').fill(receiver)
  await expect(modal.getByTestId('send-network-cost')).toHaveText('0.000005 SOL')
  await modal.getByTestId('send-review').click()
  await expect(modal.getByTestId('send-preview-amount')).toHaveText('1.5 SOL')
  await modal.getByTestId('send-confirm').click()
  await expect.poll(() => lamports(receiver), { timeout: 15_000 }).toBe(receiverBefore + 1_500_000_000n)
  const sent = wallet.requests.filter((r) => r.method === 'solana:signAndSendTransaction')
  expect(sent).toHaveLength(1)

  // Activity, from the server's indexer of the local Solana chain.
  await page.goto('/?solana=1')
  const account = await openAccount(page)
  await account.getByTestId('account-activity').click()
  await expect(account.getByTestId('activity-detail').first()).toHaveText('−1.5 SOL', { timeout: 20_000 })
})

test('a wallet of both families shows once, connects on each, and follows the network picked', async ({
  page,
  context,
  wallet,
}) => {
  const solana = await installSolanaTestWallet(context, { devKeyIndex: 5, chains: SOLANA_CHAINS })
  await page.goto('/?solana=1')
  await page.getByTestId('connect-button').click()
  const modal = page.getByTestId('foyer-modal')
  await expect(modal.getByRole('button', { name: /Foyer Test Wallet/ })).toHaveCount(1)
  await modal.getByTestId('wallet-selector-dev.foyer.testwallet').click()
  await expect(modal).toBeHidden()

  await openAccount(page)
  await expect(modal.getByTestId('account-name')).toHaveText(
    `${wallet.address.slice(0, 6)}…${wallet.address.slice(-4)}`,
  )
  await accountSettled(modal)
  await modal.getByTestId('account-network').click()
  await modal.getByTestId(`network-${SOLANA_NETWORK_ID}`).click()
  // The same wallet connects on Solana (one prompt there), and the account shown is its Solana one.
  await expect(modal.getByTestId('account-name')).toHaveText(
    `${solana.address.slice(0, 4)}…${solana.address.slice(-4)}`,
  )
  await expect(modal.getByTestId('account-balance')).toHaveText(/ SOL$/)
  expect(solana.requests.filter((r) => r.method === 'standard:connect')).toHaveLength(1)

  // Back to EVM with no new prompt on either side; then Solana again, still without a prompt.
  await accountSettled(modal)
  await modal.getByTestId('account-network').click()
  await modal.getByTestId('network-eip155:31337').click()
  await expect(modal.getByTestId('account-name')).toHaveText(
    `${wallet.address.slice(0, 6)}…${wallet.address.slice(-4)}`,
  )
  await expect(modal.getByTestId('account-balance')).toHaveText(/ ETH$/)
  await accountSettled(modal)
  await modal.getByTestId('account-network').click()
  await modal.getByTestId(`network-${SOLANA_NETWORK_ID}`).click()
  await expect(modal.getByTestId('account-name')).toHaveText(
    `${solana.address.slice(0, 4)}…${solana.address.slice(-4)}`,
  )
  expect(solana.requests.filter((r) => r.method === 'standard:connect')).toHaveLength(1)
  const evmPrompts = ['eth_requestAccounts', 'wallet_requestPermissions']
  expect(wallet.requests.filter((r) => evmPrompts.includes(r.method)).map((r) => r.method)).toHaveLength(1)

  // Disconnect leaves both families.
  await modal.getByTestId('disconnect-button').click()
  await expect(page.getByTestId('connect-button')).toBeVisible()
})
