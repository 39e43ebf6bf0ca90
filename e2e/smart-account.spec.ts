/**
 * The embedded wallet's smart account in Chromium, against the stack's real bundler (alto) and the demo project's
 * verifying paymaster: sign-in with Ethereum, the switch in Account settings, a token sent with sponsored gas from an
 * account holding no ETH, Activity, a swap in one approval, and a site's wagmi `useSendCalls` (EIP-5792) with the
 * embedded wallet and with the EIP-6963 test wallet.
 */

import { readDevnet } from '@foyer/devnet/file'
import { ANVIL_ACCOUNTS, ANVIL_PRIVATE_KEYS } from '@foyer/testing'
import type { Page } from '@playwright/test'
import {
  type Address,
  createTestClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  http,
  parseEther,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { frameOf, modalView, signUpWithEmail } from './embedded-helpers.ts'
import { balanceOf, CHAIN_1, expect, publicClient, test } from './fixtures.ts'

const chain = defineChain({
  id: CHAIN_1.id,
  name: CHAIN_1.name,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [CHAIN_1.rpcUrl] } },
})
const client = publicClient(CHAIN_1)
const anvil = createTestClient({ chain, mode: 'anvil', transport: http(CHAIN_1.rpcUrl) })
const contracts = () =>
  readDevnet().chains.find((c) => c.id === CHAIN_1.id)!.contracts as Record<'usd' | 'token', Address>
const tokenBalance = (token: Address, owner: Address) =>
  client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
/** EIP-7702: an account delegated to a contract holds `0xef0100 ‖ address` as its code. */
const delegated = async (address: Address) => ((await client.getCode({ address })) ?? '0x').startsWith('0xef0100')

/** Dev account 5 gives the new wallet its fUSD (it holds the devnet's stablecoin and sends nothing else here). */
async function giveUsd(to: Address, amount: bigint) {
  const funder = createWalletClient({
    chain,
    account: privateKeyToAccount(ANVIL_PRIVATE_KEYS[5]!),
    transport: http(CHAIN_1.rpcUrl),
  })
  const hash = await funder.writeContract({
    address: contracts().usd,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [to, amount],
  })
  await client.waitForTransactionReceipt({ hash })
}

const run = Date.now().toString(36)
const email = `sam-${run}@example.com`

/** Approves the frame's request once it is armed (in place and visible for a second). */
async function approveInFrame(page: Page) {
  await expect(frameOf(page).getByTestId('frame-approve')).toHaveAttribute('data-armed', 'true')
  await frameOf(page).getByTestId('frame-approve').click()
}

/** Opens Account from the page's account button (the modal closed). */
async function openAccountView(page: Page) {
  await page.getByTestId('account-button').click()
  await expect(modalView(page)).toHaveAttribute('data-view', 'Account')
  return page.getByTestId('foyer-modal')
}

/** wagmi's `useSendCalls` on the demo page: the wallet's atomic capability, then two 0.001 ETH transfers in one batch. */
async function sendBatch(page: Page, approve: () => Promise<void>) {
  const receivers = [ANVIL_ACCOUNTS[0], ANVIL_ACCOUNTS[1]] as Address[]
  const before = await Promise.all(receivers.map((r) => balanceOf(CHAIN_1, r)))
  await expect(page.getByTestId('batch-atomic')).toHaveText('supported')
  await page.getByTestId('send-batch').click()
  await approve()
  await expect(page.getByTestId('batch-status')).toHaveText('success', { timeout: 30_000 })
  // Atomic: one transaction carried both calls.
  await expect(page.getByTestId('batch-tx')).toHaveCount(1)
  const after = await Promise.all(receivers.map((r) => balanceOf(CHAIN_1, r)))
  expect(after.map((a, i) => a - before[i]!)).toEqual([parseEther('0.001'), parseEther('0.001')])
}

test('the embedded wallet as a smart account: sign-in again after the switch, a sponsored token send with no ETH, Activity, a swap in one approval, a name, and a site batch', async ({
  page,
}) => {
  test.setTimeout(240_000)
  const address = await signUpWithEmail(page, email, '/?siwe=1')
  // The regular account signs in first.
  await expect(modalView(page)).toHaveAttribute('data-view', 'ConnectingSiwe')
  await page.getByTestId('siwe-sign').click()
  await approveInFrame(page)
  await expect(page.getByTestId('siwe-status')).toHaveText('signed-in')
  await expect(page.getByTestId('siwe-session-address')).toHaveText(address)

  // Account settings offers the smart account (the stack's chains have a bundler); the regular one is in use.
  const modal = page.getByTestId('foyer-modal')
  await expect(modalView(page)).toHaveAttribute('data-view', 'Account')
  await expect(modal.getByTestId('account-settings')).toHaveText('Account typeRegular account')
  await modal.getByTestId('account-settings').click()
  await expect(modalView(page)).toHaveAttribute('data-view', 'AccountSettings')
  await expect(modal.getByTestId('account-type-eoa').getByTestId('account-type-current')).toHaveText('In use')
  await modal.getByTestId('account-type-smartAccount').click()

  // The choice ends the old session; the smart account signs in again, at the same address (EIP-7702).
  await expect(modalView(page)).toHaveAttribute('data-view', 'ConnectingSiwe')
  await expect(page.getByTestId('siwe-status')).toHaveText('signed-out')
  await page.getByTestId('siwe-sign').click()
  await approveInFrame(page)
  await expect(page.getByTestId('siwe-status')).toHaveText('signed-in')
  await expect(page.getByTestId('siwe-session-address')).toHaveText(address)
  expect(await delegated(address)).toBe(false)

  // Before its first operation the smart account is shown with its address and "set up with your first transaction".
  await expect(modalView(page)).toHaveAttribute('data-view', 'Account')
  await expect(modal.getByTestId('account-settings')).toHaveText('Account typeSmart account')
  await modal.getByTestId('account-settings').click()
  await expect(modal.getByTestId('account-type-smartAccount').getByTestId('account-type-current')).toHaveText(
    'In use, set up with your first transaction',
  )
  await expect(page.getByTestId('wagmi-address')).toHaveText(address)
  await modal.getByTestId('modal-close').click()

  // No ETH at all, 100 fUSD: the site's paymaster pays the gas of an fUSD send.
  await anvil.setBalance({ address, value: 0n })
  await giveUsd(address, parseUnits('100', 6))
  const receiver = ANVIL_ACCOUNTS[9] as Address
  const receiverBefore = await tokenBalance(contracts().usd, receiver)
  await openAccountView(page)
  await modal.getByTestId('account-send').click()
  await modal.getByTestId('send-token').click()
  await modal.getByTestId('send-token-fUSD').click()
  await modal.getByTestId('send-amount').fill('12.5')
  await modal.getByTestId('send-receiver').fill(receiver)
  await expect(modal.getByTestId('send-gas-sponsored')).toHaveText('Gas sponsored by this site')
  await expect(modal.getByTestId('send-input-error')).toHaveCount(0)
  await modal.getByTestId('send-review').click()
  await expect(modal.getByTestId('send-gas-sponsored')).toHaveText('Gas sponsored by this site')
  await modal.getByTestId('send-confirm').click()
  // The frame's approval: the call in plain words, the gas paid by the site, the delegation of the first operation.
  await expect(frameOf(page).getByTestId('frame-row-networkFee')).toHaveText('Paid by the site')
  await expect(frameOf(page).getByTestId('frame-row-from')).toHaveText(`${address} (smart account)`)
  await approveInFrame(page)
  await expect(page.getByTestId('snackbar')).toContainText('Transaction started')
  await expect
    .poll(() => tokenBalance(contracts().usd, receiver), { timeout: 30_000 })
    .toBe(receiverBefore + parseUnits('12.5', 6))
  expect(await tokenBalance(contracts().usd, address)).toBe(parseUnits('87.5', 6))
  expect(await balanceOf(CHAIN_1, address)).toBe(0n)
  expect(await delegated(address)).toBe(true)

  // Deployed now: Account settings says so without a reload, and Activity lists the send.
  await expect(modalView(page)).toHaveAttribute('data-view', 'Account')
  await modal.getByTestId('account-settings').click()
  await expect(modal.getByTestId('account-type-smartAccount').getByTestId('account-type-current')).toHaveText('In use')
  await modal.getByTestId('modal-back').click()
  await modal.getByTestId('account-activity').click()
  await expect(modal.locator('[data-testid="activity-item"][data-operation="send"]').first()).toContainText('12.5 fUSD')
  await modal.getByTestId('modal-back').click()

  // A swap of fUSD needs an allowance first: the smart account sends approve and swap as one operation, one approval.
  const foyBefore = await tokenBalance(contracts().token, address)
  await modal.getByTestId('account-swap').click()
  if ((await modal.getByTestId('swap-source-token').textContent())?.trim() !== 'fUSD') {
    await modal.getByTestId('swap-source-token').click()
    await modal.getByTestId('swap-token-fUSD').click()
  }
  await modal.getByTestId('swap-target-token').click()
  await modal.getByTestId('swap-token-FOY').click()
  await modal.getByTestId('swap-source-amount').fill('20')
  await expect(modal.getByTestId('swap-gas-sponsored')).toHaveText('Gas sponsored by this site')
  await modal.getByTestId('swap-review').click()
  await expect(modal.getByTestId('swap-confirm')).toBeEnabled()
  await modal.getByTestId('swap-confirm').click()
  await approveInFrame(page)
  await expect(page.getByTestId('snackbar')).toContainText('Swapped 20 fUSD to')
  expect(await tokenBalance(contracts().usd, address)).toBe(parseUnits('67.5', 6))
  expect(await tokenBalance(contracts().token, address)).toBeGreaterThan(foyBefore)
  expect(await balanceOf(CHAIN_1, address)).toBe(0n)

  // A name for the deployed smart account: the frame signs, the server checks the signature by ERC-1271.
  const label = `smart-${run}`
  await expect(modalView(page)).toHaveAttribute('data-view', 'Account')
  await modal.getByTestId('choose-name').click()
  await modal.getByTestId('name-input').fill(label)
  await expect(modal.getByTestId('name-availability')).toHaveText(`${label}.foyer.id is available`)
  await modal.getByTestId('name-register').click()
  await approveInFrame(page)
  await expect(modal.getByTestId('name-success-name')).toHaveText(`${label}.foyer.id`)
  await modal.getByTestId('name-success-done').click()
  await expect(modal.getByTestId('account-name')).toHaveText(`${label}.foyer.id`)
  await modal.getByTestId('modal-close').click()

  // The site's own batch through wagmi's useSendCalls: one user operation (the account holds ETH again to pay for it:
  // plain transfers are not among the calls the demo sponsors).
  // After a reload, as wagmi's capability query was answered for the regular account this page started with.
  await anvil.setBalance({ address, value: parseEther('1') })
  await page.reload()
  await expect(page.getByTestId('wagmi-address')).toHaveText(address)
  await sendBatch(page, () => approveInFrame(page))
})

test.describe('a site batch with the EIP-6963 test wallet', () => {
  test.use({ walletKey: 6 })

  test("wagmi's useSendCalls: the wallet reports atomic batching and sends both calls in one transaction", async ({
    page,
    wallet,
  }) => {
    wallet.setAtomicBatch(true)
    await page.goto('/')
    await page.getByTestId('connect-button').click()
    await page.getByTestId('wallet-selector-dev.foyer.testwallet').click()
    await expect(page.getByTestId('account-button')).toBeVisible()
    wallet.clearRequests()
    await sendBatch(page, async () => {})
    expect(wallet.requests.filter((r) => r.method === 'wallet_sendCalls')).toHaveLength(1)
  })
})
