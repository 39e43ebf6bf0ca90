import { ANVIL_PRIVATE_KEYS, createWalletConnectTestWallet, type WalletConnectTestWallet } from '@foyer/testing'
import { verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { parseSiweMessage } from 'viem/siwe'
import {
  accountSettled,
  CHAIN_1,
  CHAIN_2,
  expect,
  readPairingUri,
  recordShake,
  recordSnackbar,
  seriousViolations,
  test,
} from './fixtures.ts'

// Sign-in with Ethereum through the Foyer server: the demo turns it on with `?siwe=1`. Signing sends nothing, so
// these accounts' balances never change.
test.use({ walletKey: 2 })

const RELAY_URL = process.env.FOYER_WC_RELAY_URL ?? 'ws://127.0.0.1:8790'
const walletRow = 'wallet-selector-dev.foyer.testwallet'
type Page = import('@playwright/test').Page

let wcWallet: WalletConnectTestWallet | undefined
test.afterEach(async () => {
  await wcWallet?.close()
  wcWallet = undefined
})

async function connectBrowserWallet(page: Page) {
  await page.goto('/?siwe=1')
  await expect(page.getByTestId('siwe-status')).toHaveText('signed-out')
  await page.getByTestId('connect-button').click()
  const modal = page.getByTestId('foyer-modal')
  await modal.getByTestId(walletRow).click()
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'ConnectingSiwe')
  return modal
}

test('sign in with the browser wallet: the close is refused until signed, the session survives a reload, a disconnect signs out', async ({
  page,
  wallet,
}) => {
  const modal = await connectBrowserWallet(page)
  await expect(modal).toContainText('Foyer demo asks you to sign in')
  await expect(modal.getByTestId('siwe-address')).toContainText(wallet.address.slice(-4))
  expect(await seriousViolations(page)).toEqual([])

  // Signed out, the modal does not go away: Escape shakes it.
  const shook = await recordShake(page)
  await page.keyboard.press('Escape')
  await expect.poll(shook).toBe(true)
  await expect(modal).toBeVisible()

  await modal.getByTestId('siwe-sign').click()
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'Account')
  await expect(page.getByTestId('siwe-status')).toHaveText('signed-in')
  await expect(page.getByTestId('siwe-session-address')).toHaveText(wallet.address)
  await expect(page.getByTestId('siwe-session-chain')).toHaveText(String(CHAIN_1.id))

  // The wallet signed an EIP-4361 message for this page, with the server's nonce.
  const request = wallet.requests.find((r) => r.method === 'personal_sign')!
  const [hexMessage] = request.params as [`0x${string}`]
  const message = Buffer.from(hexMessage.slice(2), 'hex').toString('utf8')
  expect(parseSiweMessage(message)).toMatchObject({
    domain: '127.0.0.1:5173',
    uri: 'http://127.0.0.1:5173',
    address: wallet.address,
    chainId: CHAIN_1.id,
    version: '1',
    statement: 'Sign in to Foyer demo with this account.',
  })
  expect(await verifyMessage({ address: wallet.address, message, signature: request.result as `0x${string}` })).toBe(
    true,
  )

  // Signed in, Escape closes.
  await page.keyboard.press('Escape')
  await expect(modal).toBeHidden()

  // A reload keeps the session (the token is checked with the server) and asks nothing.
  await page.reload()
  await expect(page.getByTestId('siwe-status')).toHaveText('signed-in')
  await expect(page.getByTestId('siwe-session-address')).toHaveText(wallet.address)
  await expect(page.getByTestId('account-button')).toBeVisible()
  await expect(modal).toBeHidden()

  // Disconnect signs out.
  await page.getByTestId('account-button').click()
  await modal.getByTestId('disconnect-button').click()
  await expect(page.getByTestId('connect-button')).toBeVisible()
  await expect(page.getByTestId('siwe-status')).toHaveText('signed-out')
  await expect(page.getByTestId('siwe-session-address')).toHaveText('—')
  await page.reload()
  await expect(page.getByTestId('siwe-status')).toHaveText('signed-out')
})

test('another account or another network in the wallet signs out, and the modal asks again', async ({
  page,
  wallet,
}) => {
  const modal = await connectBrowserWallet(page)
  await modal.getByTestId('siwe-sign').click()
  await expect(page.getByTestId('siwe-session-address')).toHaveText(wallet.address)
  await page.keyboard.press('Escape')
  await expect(modal).toBeHidden()

  // The user picks another account in the wallet.
  const next = privateKeyToAccount(ANVIL_PRIVATE_KEYS[0]!).address
  await wallet.setAccount(ANVIL_PRIVATE_KEYS[0]!)
  await expect(page.getByTestId('siwe-session-address')).toHaveText('—')
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'ConnectingSiwe')
  await expect(modal.getByTestId('siwe-address')).toContainText(next.slice(-4))
  await modal.getByTestId('siwe-sign').click()
  await expect(page.getByTestId('siwe-session-address')).toHaveText(next)
  await page.keyboard.press('Escape')
  await expect(modal).toBeHidden()

  // The user moves the wallet to the other network: sign in again, on that chain.
  await wallet.switchChainFromWallet(CHAIN_2.id)
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'ConnectingSiwe')
  await expect(page.getByTestId('siwe-status')).toHaveText('signed-out')
  await modal.getByTestId('siwe-sign').click()
  await expect(page.getByTestId('siwe-session-chain')).toHaveText(String(CHAIN_2.id))
  await expect(page.getByTestId('siwe-session-address')).toHaveText(next)

  // A switch from the modal's network list: the switch finishes, then the sign-in is asked on that chain.
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'Account')
  await accountSettled(modal)
  await modal.getByTestId('account-network').click()
  await modal.getByTestId(`network-eip155:${CHAIN_1.id}`).click()
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'ConnectingSiwe')
  expect(wallet.chainId).toBe(CHAIN_1.id)
  await modal.getByTestId('siwe-sign').click()
  await expect(page.getByTestId('siwe-session-chain')).toHaveText(String(CHAIN_1.id))
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'Account')
})

test('a declined signature disconnects and says why; Cancel does too', async ({ page, wallet }) => {
  const modal = await connectBrowserWallet(page)
  const snackbar = await recordSnackbar(page)
  wallet.setRejecting(true)
  await modal.getByTestId('siwe-sign').click()
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'Connect')
  await expect.poll(snackbar).toContain('Sign-in declined in the wallet. You have been disconnected.')
  await expect(page.getByTestId('wagmi-status')).toHaveText('disconnected')
  await expect(page.getByTestId('siwe-status')).toHaveText('signed-out')

  wallet.setRejecting(false)
  await modal.getByTestId(walletRow).click()
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'ConnectingSiwe')
  await modal.getByTestId('siwe-cancel').click()
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'Connect')
  await expect.poll(snackbar).toContain('Sign-in cancelled. You have been disconnected.')
  await expect(page.getByTestId('wagmi-status')).toHaveText('disconnected')
})

test('sign in with the WalletConnect wallet', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto('/?siwe=1')
  await page.getByTestId('connect-button').click()
  const modal = page.getByTestId('foyer-modal')
  await modal.getByTestId('wallet-selector-walletconnect').click()
  const uri = await readPairingUri(page)

  wcWallet = await createWalletConnectTestWallet({
    relayUrl: RELAY_URL,
    privateKey: ANVIL_PRIVATE_KEYS[1]!,
    chains: [CHAIN_1, CHAIN_2],
  })
  await wcWallet.pair(uri)
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'ConnectingSiwe')
  await modal.getByTestId('siwe-sign').click()
  await expect(page.getByTestId('siwe-session-address')).toHaveText(wcWallet.address)
  expect(wcWallet.requests.map((r) => r.method)).toContain('personal_sign')
  await expect(modal.locator('[data-view]')).toHaveAttribute('data-view', 'Account')
})
