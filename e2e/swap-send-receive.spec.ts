/**
 * Swap, send and receive against the local stack: the real modal in Chromium, the test wallet signing in Node,
 * the Foyer server quoting and building over the devnet's Uniswap V2 router, anvil mining. Dev accounts 7 and 8
 * are used only here, since these journeys move balances.
 */

import { readDevnet } from '@foyer/devnet/file'
import { ANVIL_ACCOUNTS } from '@foyer/testing'
import type { Page } from '@playwright/test'
import { encode } from 'uqr'
import { type Address, erc20Abi, parseAbi, parseEther, parseUnits } from 'viem'
import {
  balanceOf,
  CHAIN_1,
  expect,
  openAccount,
  publicClient,
  recordSnackbar,
  seriousViolations,
  test,
} from './fixtures.ts'

const routerAbi = parseAbi(['function getAmountsOut(uint amountIn, address[] path) view returns (uint[] amounts)'])
const chain = () => readDevnet().chains.find((c) => c.id === CHAIN_1.id)!
const contracts = () => chain().contracts as Record<'weth' | 'usd' | 'token' | 'router', Address>
const client = publicClient(CHAIN_1)
const tokenBalance = (token: Address, owner: Address) =>
  client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
const amountsOut = async (amount: bigint, path: Address[]) => {
  // The server picks the better of the direct pool and the hop through WETH, as the router prices them.
  const direct = (
    await client.readContract({
      address: contracts().router,
      abi: routerAbi,
      functionName: 'getAmountsOut',
      args: [amount, path],
    })
  ).at(-1)!
  if (path.length !== 2 || path.includes(contracts().weth)) return direct
  const viaWeth = await client
    .readContract({
      address: contracts().router,
      abi: routerAbi,
      functionName: 'getAmountsOut',
      args: [amount, [path[0]!, contracts().weth, path[1]!]],
    })
    .then((amounts) => amounts.at(-1)!)
  return direct > viaWeth ? direct : viaWeth
}
/** Floors base units to 6 decimals, as the modal shows a target amount. */
const sixDecimals = (value: bigint, decimals: number) => {
  const whole = value / 10n ** BigInt(decimals)
  const fraction = (value % 10n ** BigInt(decimals)).toString().padStart(decimals, '0').slice(0, 6).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : `${whole}`
}

async function openSwap(page: Page, from: string, to: string, amount: string) {
  const modal = await openAccount(page)
  await modal.getByTestId('account-swap').click()
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'Swap')
  await expect(modal.getByTestId('swap-view')).toBeVisible()
  if ((await modal.getByTestId('swap-source-token').textContent())?.trim() !== from) {
    await modal.getByTestId('swap-source-token').click()
    await modal.getByTestId(`swap-token-${from}`).click()
  }
  await modal.getByTestId('swap-target-token').click()
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'SwapSelectToken')
  await modal.getByTestId(`swap-token-${to}`).click()
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'Swap')
  await modal.getByTestId('swap-source-amount').fill(amount)
  return modal
}

test.describe('swap', () => {
  test.use({ walletKey: 7 })

  test('native → stablecoin: the quote is the router amount, and the balance moves by it', async ({ page, wallet }) => {
    const amount = parseEther('0.5')
    const modal = await openSwap(page, 'ETH', 'fUSD', '0.5')
    const quoted = await amountsOut(amount, [contracts().weth, contracts().usd])
    await expect(modal.getByTestId('swap-target-amount')).toHaveText(sixDecimals(quoted, 6))
    await expect(modal.getByTestId('swap-details')).toContainText('Price impact')
    await expect(modal.getByTestId('swap-provider-fee')).toContainText('0.00425 ETH') // 0.85 % of 0.5
    await expect(modal.getByTestId('swap-network-cost')).toContainText('$')
    await expect(modal.getByTestId('swap-max-slippage')).toContainText('1%')
    expect(await seriousViolations(page), 'axe on Swap').toEqual([])

    const usdBefore = await tokenBalance(contracts().usd, wallet.address)
    await modal.getByTestId('swap-review').click()
    await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'SwapPreview')
    await expect(modal.getByTestId('swap-confirm')).toBeEnabled()
    expect(await seriousViolations(page), 'axe on SwapPreview').toEqual([])
    await modal.getByTestId('swap-confirm').click()
    await expect(page.getByTestId('snackbar')).toContainText(`Swapped 0.5 ETH to ${sixDecimals(quoted, 6)} fUSD`)
    await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'Account')
    expect((await tokenBalance(contracts().usd, wallet.address)) - usdBefore).toBe(quoted)

    // Swap state was reset: opening Swap again starts empty.
    await modal.getByTestId('account-swap').click()
    await expect(modal.getByTestId('swap-source-amount')).toHaveValue('')
    await expect(modal.getByTestId('swap-target-token')).toHaveText('Select token')
  })

  test('stablecoin → 18-decimal token through an approval, then the swap', async ({ page, wallet }) => {
    const amount = parseUnits('100', 6)
    const modal = await openSwap(page, 'fUSD', 'FOY', '100')
    const quoted = await amountsOut(amount, [contracts().usd, contracts().token])
    await expect(modal.getByTestId('swap-target-amount')).toHaveText(sixDecimals(quoted, 18))
    await modal.getByTestId('swap-review').click()
    await expect(modal.getByTestId('swap-approve')).toBeEnabled()
    await expect(modal.getByTestId('swap-approve-explainer')).toContainText('100 fUSD')

    const [usdBefore, foyBefore] = await Promise.all([
      tokenBalance(contracts().usd, wallet.address),
      tokenBalance(contracts().token, wallet.address),
    ])
    wallet.clearRequests()
    const snackbarTexts = await recordSnackbar(page)
    await modal.getByTestId('swap-approve').click()
    // Once the approval is mined, the quote and the swap are built again: the swap button takes its place.
    await expect(modal.getByTestId('swap-confirm')).toBeEnabled({ timeout: 15_000 })
    expect(await snackbarTexts()).toContainEqual(expect.stringContaining('Approve limit increase in your wallet'))
    const allowance = await client.readContract({
      address: contracts().usd,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [wallet.address, contracts().router],
    })
    expect(allowance).toBe(amount)
    await modal.getByTestId('swap-confirm').click()
    await expect(page.getByTestId('snackbar')).toContainText(`Swapped 100 fUSD to ${sixDecimals(quoted, 18)} FOY`)
    await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'Account')
    expect(usdBefore - (await tokenBalance(contracts().usd, wallet.address))).toBe(amount)
    expect((await tokenBalance(contracts().token, wallet.address)) - foyBefore).toBe(quoted)
    expect(wallet.requests.filter((r) => r.method === 'eth_sendTransaction')).toHaveLength(2)
  })

  test('the user rejects in the wallet: the message shows, the preview stays, a retry swaps', async ({
    page,
    wallet,
  }) => {
    const modal = await openSwap(page, 'ETH', 'fUSD', '0.1')
    await expect(modal.getByTestId('swap-target-amount')).not.toHaveText('0')
    await modal.getByTestId('swap-review').click()
    await expect(modal.getByTestId('swap-confirm')).toBeEnabled()
    wallet.setRejecting(true)
    const usdBefore = await tokenBalance(contracts().usd, wallet.address)
    await modal.getByTestId('swap-confirm').click()
    await expect(page.getByTestId('snackbar')).toContainText('Request rejected in the wallet')
    await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'SwapPreview')
    await expect(modal.getByTestId('swap-preview-source')).toHaveText('0.1 ETH')
    expect(await tokenBalance(contracts().usd, wallet.address)).toBe(usdBefore)
    wallet.setRejecting(false)
    await modal.getByTestId('swap-confirm').click()
    await expect(page.getByTestId('snackbar')).toContainText('Swapped 0.1 ETH to')
    expect(await tokenBalance(contracts().usd, wallet.address)).toBeGreaterThan(usdBefore)
  })
})

test.describe('send, receive and balances', () => {
  test.use({ walletKey: 8 })
  const receiver = ANVIL_ACCOUNTS[9] as Address

  test('send native and stablecoin to another dev account', async ({ page, wallet }) => {
    const modal = await openAccount(page)
    const ethBefore = await balanceOf(CHAIN_1, receiver)
    const senderUsdBefore = await tokenBalance(contracts().usd, wallet.address)
    await modal.getByTestId('account-send').click()
    await expect(modal.getByTestId('send-view')).toBeVisible()
    await expect(modal.getByTestId('send-token')).toHaveText('ETH')
    await modal.getByTestId('send-amount').fill('1.5')
    await modal.getByTestId('send-receiver').fill(receiver.slice(0, 20))
    await expect(modal.getByTestId('send-input-error')).toHaveText('Invalid address')
    await expect(modal.getByTestId('send-review')).toBeDisabled()
    await modal.getByTestId('send-receiver').fill(receiver)
    await expect(modal.getByTestId('send-network-cost')).toContainText('$')
    expect(await seriousViolations(page), 'axe on Send').toEqual([])
    await modal.getByTestId('send-review').click()
    await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'SendPreview')
    await expect(modal.getByTestId('send-preview-amount')).toHaveText('1.5 ETH')
    await modal.getByTestId('send-confirm').click()
    await expect(page.getByTestId('snackbar')).toContainText('Transaction started')
    await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'Account')
    await expect.poll(() => balanceOf(CHAIN_1, receiver)).toBe(ethBefore + parseEther('1.5'))

    const usdBefore = await tokenBalance(contracts().usd, receiver)
    await modal.getByTestId('account-send').click()
    await modal.getByTestId('send-token').click()
    await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'SendSelectToken')
    await modal.getByTestId('send-token-search').fill('usd')
    await modal.getByTestId('send-token-fUSD').click()
    await expect(modal.getByTestId('send-token')).toHaveText('fUSD')
    await modal.getByTestId('send-amount').fill('25.5')
    await modal.getByTestId('send-receiver').fill(receiver)
    await modal.getByTestId('send-review').click()
    await modal.getByTestId('send-confirm').click()
    await expect(page.getByTestId('snackbar')).toContainText('Transaction started')
    await expect.poll(() => tokenBalance(contracts().usd, receiver)).toBe(usdBefore + parseUnits('25.5', 6))
    expect(await tokenBalance(contracts().usd, wallet.address)).toBe(senderUsdBefore - parseUnits('25.5', 6))
  })

  test('insufficient balance, for swap and for send', async ({ page, wallet }) => {
    void wallet // installs the test wallet
    const modal = await openSwap(page, 'ETH', 'fUSD', '20000')
    await expect(modal.getByTestId('swap-input-error')).toHaveText('Insufficient balance')
    await expect(modal.getByTestId('swap-review')).toBeDisabled()
    // Max leaves room for gas: no error, and a quote.
    await modal.getByTestId('swap-max').click()
    await expect(modal.getByTestId('swap-input-error')).toHaveCount(0)
    await expect(modal.getByTestId('swap-review')).toBeEnabled()

    await modal.getByTestId('modal-back').click()
    await modal.getByTestId('account-send').click()
    await modal.getByTestId('send-token').click()
    await modal.getByTestId('send-token-fUSD').click()
    await modal.getByTestId('send-amount').fill('99999')
    await modal.getByTestId('send-receiver').fill(receiver)
    await expect(modal.getByTestId('send-input-error')).toHaveText('Insufficient balance')
    await expect(modal.getByTestId('send-review')).toBeDisabled()
  })

  test('receive shows the address as a QR code and copies it', async ({ page, context, wallet }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: 'http://127.0.0.1:5173' })
    const modal = await openAccount(page)
    await modal.getByTestId('account-receive').click()
    await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'Receive')
    const qr = modal.getByTestId('receive-qr-code')
    await expect(qr).toHaveAttribute('aria-label', `QR code of your address ${wallet.address}`)
    // The code's modules are the address's QR encoding (same encoder and error correction as the view).
    const expected = encode(wallet.address, { ecc: 'M', border: 0 })
    let path = ''
    for (const [y, row] of expected.data.entries()) {
      for (const [x, dark] of row.entries()) if (dark) path += `M${x} ${y}h1v1h-1z`
    }
    await expect(qr.locator('path')).toHaveAttribute('d', path)
    await expect(modal.getByTestId('receive-address')).toHaveText(wallet.address)
    expect(await seriousViolations(page), 'axe on Receive').toEqual([])
    await modal.getByTestId('receive-copy').click()
    await expect(page.getByTestId('snackbar')).toContainText('Address copied')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(wallet.address)
  })

  for (const [layout, viewport] of [
    ['dialog', { width: 1280, height: 720 }],
    ['bottom sheet', { width: 390, height: 800 }],
  ] as const) {
    test(`the wallet actions stay where they are while the balance and tokens load (${layout})`, async ({
      page,
      wallet,
    }) => {
      void wallet // installs the test wallet
      await page.setViewportSize(viewport)
      await page.goto('/')
      await page.getByTestId('connect-button').click()
      await page.getByTestId('wallet-selector-dev.foyer.testwallet').click()
      await expect(page.getByTestId('account-button')).toBeVisible()
      // Every frame from the Account view's first paint until its token rows are in: where the Swap button sits, in
      // layout pixels (offsetTop ignores the opening animation's transform), and whether the tokens were there yet.
      const frames = page.evaluate(
        () =>
          new Promise<{ top: number; tokens: boolean }[]>((resolve) => {
            const frames: { top: number; tokens: boolean }[] = []
            let after = 0
            const sample = () => {
              const button = document.querySelector<HTMLElement>('[data-testid="account-swap"]')
              const dialog = document.querySelector<HTMLElement>('[data-testid="foyer-modal"]')
              if (button && dialog) {
                const tokens = document.querySelector('[data-testid="account-tokens"] li') !== null
                frames.push({ top: dialog.offsetTop + button.offsetTop, tokens })
                if (tokens && ++after > 10) return resolve(frames)
              }
              requestAnimationFrame(sample)
            }
            requestAnimationFrame(sample)
          }),
      )
      await page.getByTestId('account-button').click()
      const seen = await frames
      expect(
        seen.some((frame) => !frame.tokens),
        'a frame before the tokens arrived',
      ).toBe(true)
      expect(
        new Set(seen.map((frame) => frame.top)).size,
        `Swap button tops: ${seen.map((f) => f.top).join(', ')}`,
      ).toBe(1)
    })
  }
})

test.describe('swap with a wallet that batches atomically', () => {
  // After the send journeys of the same account: the batch delegates it to Simple7702Account (EIP-7702).
  test.use({ walletKey: 8 })

  test('the approval and the swap: one confirmation, one transaction, both land', async ({ page, wallet }) => {
    wallet.setAtomicBatch(true)
    const amount = parseUnits('30', 6)
    const modal = await openSwap(page, 'fUSD', 'FOY', '30')
    const quoted = await amountsOut(amount, [contracts().usd, contracts().token])
    await expect(modal.getByTestId('swap-target-amount')).toHaveText(sixDecimals(quoted, 18))
    const [usdBefore, foyBefore] = await Promise.all([
      tokenBalance(contracts().usd, wallet.address),
      tokenBalance(contracts().token, wallet.address),
    ])
    await modal.getByTestId('swap-review').click()
    // One button for both: the explainer says why the approval is there.
    await expect(modal.getByTestId('swap-approve-explainer')).toContainText('30 fUSD')
    await expect(modal.getByTestId('swap-confirm')).toBeEnabled()
    await expect(modal.getByTestId('swap-approve')).toHaveCount(0)
    wallet.clearRequests()
    await modal.getByTestId('swap-confirm').click()
    await expect(page.getByTestId('snackbar')).toContainText(`Swapped 30 fUSD to ${sixDecimals(quoted, 18)} FOY`)
    await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'Account')

    const prompts = wallet.requests.filter((r) => ['eth_sendTransaction', 'wallet_sendCalls'].includes(r.method))
    expect(prompts.map((r) => r.method)).toEqual(['wallet_sendCalls'])
    const status = wallet.requests.findLast((r) => r.method === 'wallet_getCallsStatus')?.result as {
      status: number
      receipts: { transactionHash: `0x${string}` }[]
    }
    expect(status.status).toBe(200)
    expect(status.receipts).toHaveLength(1)
    const tx = await client.getTransaction({ hash: status.receipts[0]!.transactionHash })
    expect(tx.type).toBe('eip7702')
    expect(usdBefore - (await tokenBalance(contracts().usd, wallet.address))).toBe(amount)
    expect((await tokenBalance(contracts().token, wallet.address)) - foyBefore).toBe(quoted)
    // The approval landed with the swap and was spent by it.
    const allowance = await client.readContract({
      address: contracts().usd,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [wallet.address, contracts().router],
    })
    expect(allowance).toBe(0n)
  })
})
