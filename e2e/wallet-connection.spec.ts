import { verifyMessage } from 'viem'
import {
  accountSettled,
  balanceOf,
  CHAIN_1,
  CHAIN_2,
  digitsOnly,
  expect,
  FOREIGN_CHAIN,
  flooredEther,
  test,
} from './fixtures.ts'

test.use({ walletKey: 5 })

const walletRow = 'wallet-selector-dev.foyer.testwallet'

test('connect a browser wallet, switch networks, survive an unsupported chain and a reload, disconnect', async ({
  page,
  wallet,
}) => {
  await page.goto('/')
  await page.getByTestId('connect-button').click()
  const modal = page.getByTestId('foyer-modal')
  await expect(modal).toBeVisible()
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'Connect')
  await modal.getByTestId(walletRow).click()

  // Connected: the modal closes, the account button shows; Account shows the balance anvil reports.
  await expect(modal).toBeHidden()
  await expect(page.getByTestId('account-button')).toBeVisible()
  await expect(page.getByTestId('wagmi-address')).toHaveText(wallet.address)
  await page.getByTestId('account-button').click()
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'Account')
  const onChain1 = await balanceOf(CHAIN_1, wallet.address)
  await expect
    .poll(async () => digitsOnly(await modal.getByTestId('account-balance').textContent()))
    .toBe(flooredEther(onChain1))

  // Account → Networks → Foyer Local 2: the wallet switches, the modal returns to Account.
  await accountSettled(modal)
  await modal.getByTestId('account-network').click()
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'Networks')
  await modal.getByTestId(`network-eip155:${CHAIN_2.id}`).click()
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'Account')
  expect(wallet.chainId).toBe(CHAIN_2.id)
  await expect(page.getByTestId('wagmi-chain')).toHaveText(String(CHAIN_2.id))
  const onChain2 = await balanceOf(CHAIN_2, wallet.address)
  await expect
    .poll(async () => digitsOnly(await modal.getByTestId('account-balance').textContent()))
    .toBe(flooredEther(onChain2))

  // Networks opened on its own closes after the switch back.
  await page.keyboard.press('Escape')
  await expect(modal).toBeHidden()
  await page.getByTestId('network-button').click()
  await modal.getByTestId(`network-eip155:${CHAIN_1.id}`).click()
  await expect(modal).toBeHidden()
  expect(wallet.chainId).toBe(CHAIN_1.id)

  // The user moves the wallet to a network the site does not list: UnsupportedChain opens by itself.
  await wallet.switchChainFromWallet(FOREIGN_CHAIN.id)
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'UnsupportedChain')
  await expect(page.getByTestId('network-button')).toContainText(/wrong network/i)
  await modal.getByTestId(`network-eip155:${CHAIN_1.id}`).click()
  await expect(modal).toBeHidden()
  expect(wallet.chainId).toBe(CHAIN_1.id)

  // Reload: still connected, no prompt needed.
  await page.reload()
  await expect(page.getByTestId('account-button')).toBeVisible()
  await expect(page.getByTestId('wagmi-address')).toHaveText(wallet.address)

  // Disconnect from Account.
  await page.getByTestId('account-button').click()
  await modal.getByTestId('disconnect-button').click()
  await expect(modal).toBeHidden()
  await expect(page.getByTestId('connect-button')).toBeVisible()
  await expect(page.getByTestId('wagmi-status')).toHaveText('disconnected')
})

test('a rejected connection shows the message and a retry connects', async ({ page, wallet }) => {
  wallet.setRejecting(true)
  await page.goto('/')
  await page.getByTestId('connect-button').click()
  const modal = page.getByTestId('foyer-modal')
  await modal.getByTestId(walletRow).click()
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'ConnectingExternal')
  await expect(modal).toContainText('Connection declined')
  wallet.setRejecting(false)
  await modal.getByTestId('connect-retry').click()
  await expect(modal).toBeHidden()
  await expect(page.getByTestId('account-button')).toBeVisible()
})

test('wagmi hooks beside Foyer sign with the connected wallet', async ({ page, wallet }) => {
  await page.goto('/')
  await page.getByTestId('connect-button').click()
  await page.getByTestId(walletRow).click()
  await expect(page.getByTestId('account-button')).toBeVisible()
  await page.getByTestId('sign-message').click()
  const signature = (await page.getByTestId('signature').textContent()) as `0x${string}`
  expect(await verifyMessage({ address: wallet.address, message: 'Hello from the Foyer demo', signature })).toBe(true)
})
