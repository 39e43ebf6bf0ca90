/**
 * Account data in a real browser against the local stack: the token list with USD values, and Activity backed
 * by the server's indexer — a transfer made from the test wallet appears, the seeded spam airdrop does not,
 * and switching network shows only that network's entries.
 */
import { type Address, formatEther, parseEther } from 'viem'
import {
  accountSettled,
  balanceOf,
  CHAIN_1,
  CHAIN_2,
  digitsOnly,
  expect,
  flooredEther,
  seriousViolations,
  test,
} from './fixtures.ts'

test.use({ walletKey: 4 })

const SERVER = 'http://127.0.0.1:8787'
const DEMO_ORIGIN = 'http://127.0.0.1:5173'
const walletRow = 'wallet-selector-dev.foyer.testwallet'

type HistoryEntry = {
  metadata: { hash: string; chain: string }
  transfers: { nft_info?: { flags: { is_spam: boolean } } }[]
}

/** The account's whole history on one chain, straight from the server (what the view must agree with). */
async function serverHistory(address: Address, chainId: number): Promise<HistoryEntry[]> {
  const res = await fetch(`${SERVER}/v1/account/${address}/history?chainId=eip155:${chainId}&limit=50`, {
    headers: { 'x-project-id': 'foyer-demo' },
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { data: HistoryEntry[] }).data
}

test('tokens with USD values; Activity shows a new transfer, hides the spam airdrop, and follows the network', async ({
  page,
  wallet,
}) => {
  await page.goto('/')
  await page.getByTestId('connect-button').click()
  await page.getByTestId(walletRow).click()
  await expect(page.getByTestId('account-button')).toBeVisible()
  await page.getByTestId('account-button').click()
  const modal = page.getByTestId('foyer-modal')
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'Account')

  // The native balance keeps its meaning; the token list adds fUSD and FOY with values and a total.
  const native = await balanceOf(CHAIN_1, wallet.address)
  await expect
    .poll(async () => digitsOnly(await modal.getByTestId('account-balance').textContent()))
    .toBe(flooredEther(native))
  await expect
    .poll(async () => digitsOnly(await modal.getByTestId('token-ETH').getByTestId('token-amount').textContent()))
    .toBe(flooredEther(await balanceOf(CHAIN_1, wallet.address)))
  await expect(modal.getByTestId('token-fUSD')).toContainText('$')
  await expect(modal.getByTestId('token-FOY')).toBeVisible()
  await expect(modal.getByTestId('account-total-value')).toHaveText(/^\$[\d,]+\.\d\d$/)
  expect(await seriousViolations(page)).toEqual([])

  // The user's own transaction refreshes the list while Account stays open (no navigation, no reload).
  const before = await balanceOf(CHAIN_1, wallet.address)
  await wallet.core.request(DEMO_ORIGIN, 'eth_sendTransaction', [
    {
      from: wallet.address,
      to: '0x00000000000000000000000000000000000f0e12',
      value: `0x${parseEther('1.5').toString(16)}`,
    },
  ])
  await expect.poll(() => balanceOf(CHAIN_1, wallet.address)).toBeLessThan(before)
  const after = flooredEther(await balanceOf(CHAIN_1, wallet.address))
  await expect
    .poll(async () => digitsOnly(await modal.getByTestId('token-ETH').getByTestId('token-amount').textContent()), {
      timeout: 10_000,
    })
    .toBe(after)

  // Activity: the seeded history is there, the spam-only airdrop is not.
  await modal.getByTestId('account-activity').click()
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'Activity')
  const seeded = await serverHistory(wallet.address, CHAIN_1.id)
  const spamOnly = seeded.filter((e) => e.transfers.length > 0 && e.transfers.every((t) => t.nft_info?.flags.is_spam))
  expect(spamOnly).toHaveLength(1)
  await expect(modal.locator('[data-testid="activity-item"][data-operation="trade"]').first()).toBeVisible()
  await expect(modal.locator('[data-testid="activity-item"][data-operation="approve"]')).toHaveCount(1)
  await expect(modal.locator(`[data-hash="${spamOnly[0]!.metadata.hash}"]`)).toHaveCount(0)
  expect(await seriousViolations(page)).toEqual([])

  // A transfer the test wallet makes shows up without reopening anything (the indexer catches the block).
  const recipient = '0x00000000000000000000000000000000000f0e11' as Address
  const hash = (await wallet.core.request(DEMO_ORIGIN, 'eth_sendTransaction', [
    { from: wallet.address, to: recipient, value: `0x${parseEther('0.042').toString(16)}` },
  ])) as string
  const item = modal.locator(`[data-testid="activity-item"][data-hash="${hash.toLowerCase()}"]`)
  await expect(item).toBeVisible({ timeout: 15_000 })
  await expect(item).toHaveAttribute('data-operation', 'send')
  await expect(item.getByTestId('activity-detail')).toHaveText(`−${formatEther(parseEther('0.042'))} ETH`)

  // Switch to Foyer Local 2: Activity lists only that chain's entries.
  await modal.getByTestId('modal-back').click()
  await accountSettled(modal)
  await modal.getByTestId('account-network').click()
  await modal.getByTestId(`network-eip155:${CHAIN_2.id}`).click()
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'Account')
  await modal.getByTestId('account-activity').click()
  const chain2 = new Set((await serverHistory(wallet.address, CHAIN_2.id)).map((e) => e.metadata.hash))
  await expect(modal.getByTestId('activity-item').first()).toBeVisible()
  const shown = await modal
    .getByTestId('activity-item')
    .evaluateAll((items) => items.map((i) => i.getAttribute('data-hash')))
  expect(shown.length).toBeGreaterThan(3)
  for (const h of shown) expect(chain2.has(h!)).toBe(true)
  await expect(modal.locator(`[data-hash="${hash.toLowerCase()}"]`)).toHaveCount(0)
})
