import { readDevnet } from '@foyer/devnet/file'
import { ANVIL_PRIVATE_KEYS, createWalletConnectTestWallet, type WalletConnectTestWallet } from '@foyer/testing'
import { type Address, erc20Abi, parseUnits, verifyMessage } from 'viem'
import { CHAIN_1, CHAIN_2, expect, publicClient, readPairingUri, seriousViolations, test } from './fixtures.ts'

const RELAY_URL = process.env.FOYER_WC_RELAY_URL ?? 'ws://127.0.0.1:8790'

test.use({ walletKey: 7 })

let wcWallet: WalletConnectTestWallet | undefined
test.afterEach(async () => {
  await wcWallet?.close()
  wcWallet = undefined
})

test('pair over WalletConnect from the QR view, sign from the demo, survive a reload, and follow a disconnect from the wallet', async ({
  page,
  context,
  outbound,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto('/')

  await page.getByTestId('connect-button').click()
  const modal = page.getByTestId('foyer-modal')
  await modal.getByTestId('wallet-selector-walletconnect').click()
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'ConnectingWalletConnect')
  const uri = await readPairingUri(page)
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)

  wcWallet = await createWalletConnectTestWallet({
    relayUrl: RELAY_URL,
    privateKey: ANVIL_PRIVATE_KEYS[7]!,
    chains: [CHAIN_1, CHAIN_2],
  })
  await wcWallet.pair(uri)
  await expect(modal).toBeHidden()
  await expect(page.getByTestId('account-button')).toBeVisible()
  await expect(page.getByTestId('wagmi-address')).toHaveText(wcWallet.address)

  // The demo signs through wagmi; the request crosses the relay to the Node wallet.
  await page.getByTestId('sign-message').click()
  const signature = (await page.getByTestId('signature').textContent()) as `0x${string}`
  expect(await verifyMessage({ address: wcWallet.address, message: 'Hello from the Foyer demo', signature })).toBe(true)
  expect(wcWallet.requests.map((r) => r.method)).toContain('personal_sign')

  // A reload restores the WalletConnect session (the SDK loads because a session was stored).
  await page.reload()
  await expect(page.getByTestId('account-button')).toBeVisible()
  await expect(page.getByTestId('wagmi-address')).toHaveText(wcWallet.address)

  // The user disconnects the site inside the wallet: the page follows.
  await wcWallet.disconnectFromWallet()
  await expect(page.getByTestId('connect-button')).toBeVisible()
  await expect(page.getByTestId('wagmi-status')).toHaveText('disconnected')
  void outbound // checked by the fixture after the test: no request (HTTP or WebSocket) left the machine
})

test('a declined pairing shows the message, and a retry pairs with a fresh URI', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto('/')
  await page.getByTestId('connect-button').click()
  const modal = page.getByTestId('foyer-modal')
  await modal.getByTestId('all-wallets').click()
  await modal.getByTestId('all-wallets-search').fill('rainbow')
  await modal.getByTestId('wallet-selector-rainbow').click()
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'ConnectingWalletConnect')
  await expect(modal.getByTestId('wc-open-mobile')).toHaveAttribute('href', /^https:\/\/rnbwapp\.com\/wc\?uri=wc%3A/)
  const first = await readPairingUri(page)
  expect(await seriousViolations(page)).toEqual([])

  wcWallet = await createWalletConnectTestWallet({
    relayUrl: RELAY_URL,
    privateKey: ANVIL_PRIVATE_KEYS[8]!,
    chains: [CHAIN_1, CHAIN_2],
  })
  wcWallet.setRejecting(true)
  await wcWallet.pair(first)
  await expect(modal).toContainText('Connection declined')
  wcWallet.setRejecting(false)
  await modal.getByTestId('wc-retry').click()
  const second = await readPairingUri(page)
  expect(second).not.toBe(first)
  await wcWallet.pair(second)
  await expect(modal).toBeHidden()
  await expect(page.getByTestId('wagmi-address')).toHaveText(wcWallet.address)

  // Rainbow is now a recent wallet, first in the list.
  await page.getByTestId('account-button').click()
  await modal.getByTestId('disconnect-button').click()
  await expect(page.getByTestId('connect-button')).toBeVisible()
  await page.getByTestId('connect-button').click()
  await expect(modal.getByTestId('wallet-selector-rainbow')).toContainText('Recent')
})

test('All Wallets: the count, paging as the grid scrolls, search after a pause, and the empty state', async ({
  page,
  wallet,
}) => {
  await page.goto('/')
  await page.getByTestId('connect-button').click()
  const modal = page.getByTestId('foyer-modal')
  const allWallets = modal.getByTestId('all-wallets')
  await expect(allWallets).toContainText(/\d+/)
  const total = Number((await allWallets.textContent())!.replace(/\D/g, ''))
  // The shipped catalogue's wallets for the demo's EVM networks: more than two pages of 40.
  expect(total).toBeGreaterThan(80)
  await allWallets.click()
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'AllWallets')

  // Installed wallets first.
  const grid = modal.getByTestId('all-wallets-grid')
  await expect(grid.getByRole('listitem').first()).toContainText(wallet.info.name)
  expect(await seriousViolations(page)).toEqual([])
  // The last catalogue wallet is on page 3: scrolling loads it; the grid never holds every tile at once.
  await expect(grid.getByTestId('wallet-selector-venly')).toHaveCount(0)
  for (let i = 0; i < 12 && (await grid.getByTestId('wallet-selector-venly').count()) === 0; i++) {
    await grid.evaluate((element) => element.scrollTo({ top: element.scrollHeight }))
    await page.waitForTimeout(150)
  }
  await expect(grid.getByTestId('wallet-selector-venly')).toBeVisible()
  expect(await grid.getByRole('listitem').count()).toBeLessThan(total)
  expect(await grid.getByRole('listitem').first().getAttribute('aria-setsize')).toBe(String(total + 1))

  await modal.getByTestId('all-wallets-search').fill('meta')
  await expect(grid.getByTestId('wallet-selector-metamask')).toBeVisible()
  await expect(grid.getByRole('listitem').first()).toContainText('MetaMask')
  await modal.getByTestId('all-wallets-search').fill('zzzznotawallet')
  await expect(modal.getByTestId('all-wallets-empty')).toHaveText('No wallet found')
})

test('the dev wallet app pairs with the demo, and asks before it signs', async ({ page, context }) => {
  // The wallet app is served by Vite's dev server: a first visit waits for its dependency bundling.
  test.setTimeout(60_000)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto('/')
  await page.getByTestId('connect-button').click()
  const modal = page.getByTestId('foyer-modal')
  await modal.getByTestId('wallet-selector-walletconnect').click()
  const uri = await readPairingUri(page)

  const walletPage = await context.newPage()
  await walletPage.goto('http://127.0.0.1:5175/')
  await walletPage.getByTestId('wallet-account').selectOption('9')
  const address = (await walletPage.getByTestId('wallet-address').textContent())!
  await walletPage.getByTestId('wallet-uri').fill(uri)
  await walletPage.getByTestId('wallet-pair').click()
  await expect(walletPage.getByTestId('wallet-prompt')).toContainText('Foyer demo wants to connect')
  await walletPage.getByTestId('wallet-approve').click()

  await expect(modal).toBeHidden()
  await expect(page.getByTestId('wagmi-address')).toHaveText(address)
  await page.getByTestId('sign-message').click()
  await expect(walletPage.getByTestId('wallet-prompt')).toContainText('personal_sign')
  await walletPage.getByTestId('wallet-approve').click()
  const signature = (await page.getByTestId('signature').textContent()) as `0x${string}`
  expect(
    await verifyMessage({ address: address as `0x${string}`, message: 'Hello from the Foyer demo', signature }),
  ).toBe(true)

  // A rejected signature reaches the demo as an error.
  await page.getByTestId('sign-message').click()
  await walletPage.getByTestId('wallet-reject').click()
  await expect(page.getByTestId('sign-error')).toBeVisible()
})

test('a swap with a WalletConnect wallet that batches atomically: one approval in the wallet, one transaction', async ({
  page,
  context,
}) => {
  // Account 8 also batches in swap-send-receive.spec.ts (the same EIP-7702 delegation); balances are compared, not set.
  test.setTimeout(90_000)
  const contracts = readDevnet().chains.find((c) => c.id === CHAIN_1.id)!.contracts as Record<'usd' | 'router', Address>
  const chain = publicClient(CHAIN_1)
  const usdOf = (owner: Address) =>
    chain.readContract({ address: contracts.usd, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto('/')
  await page.getByTestId('connect-button').click()
  const modal = page.getByTestId('foyer-modal')
  await modal.getByTestId('wallet-selector-walletconnect').click()
  const uri = await readPairingUri(page)
  wcWallet = await createWalletConnectTestWallet({
    relayUrl: RELAY_URL,
    privateKey: ANVIL_PRIVATE_KEYS[8]!,
    chains: [CHAIN_1, CHAIN_2],
    atomicBatch: true,
  })
  await wcWallet.pair(uri)
  await expect(page.getByTestId('wagmi-address')).toHaveText(wcWallet.address)

  await page.getByTestId('account-button').click()
  await modal.getByTestId('account-swap').click()
  await expect(modal.getByTestId('swap-view')).toBeVisible()
  await modal.getByTestId('swap-source-token').click()
  await modal.getByTestId('swap-token-fUSD').click()
  await modal.getByTestId('swap-target-token').click()
  await modal.getByTestId('swap-token-FOY').click()
  await modal.getByTestId('swap-source-amount').fill('30')
  await expect(modal.getByTestId('swap-review')).toBeEnabled()
  const usdBefore = await usdOf(wcWallet.address)
  await modal.getByTestId('swap-review').click()
  // The wallet reported atomic batches over the session: one Swap button, the approval explained beside it.
  await expect(modal.getByTestId('swap-approve-explainer')).toContainText('30 fUSD')
  await expect(modal.getByTestId('swap-confirm')).toBeEnabled()
  await expect(modal.getByTestId('swap-approve')).toHaveCount(0)
  expect(wcWallet.requests.map((r) => r.method)).toContain('wallet_getCapabilities')
  const asked = wcWallet.requests.length
  await modal.getByTestId('swap-confirm').click()
  await expect(page.getByTestId('snackbar')).toContainText('Swapped 30 fUSD to')
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'Account')

  const sent = wcWallet.requests.slice(asked)
  const prompts = sent.filter((r) => ['eth_sendTransaction', 'wallet_sendCalls'].includes(r.method))
  expect(prompts.map((r) => r.method)).toEqual(['wallet_sendCalls'])
  const status = sent.findLast((r) => r.method === 'wallet_getCallsStatus')?.result as {
    status: number
    receipts: { transactionHash: `0x${string}` }[]
  }
  expect(status.status).toBe(200)
  expect(status.receipts).toHaveLength(1)
  expect((await chain.getTransaction({ hash: status.receipts[0]!.transactionHash })).type).toBe('eip7702')
  expect(usdBefore - (await usdOf(wcWallet.address))).toBe(parseUnits('30', 6))
  // The approval landed with the swap and was spent by it.
  expect(
    await chain.readContract({
      address: contracts.usd,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [wcWallet.address, contracts.router],
    }),
  ).toBe(0n)
})
